#!/usr/bin/env ruby
# Puppet 7's own parser and validator (Debian's puppet-agent) over every
# manifest and EPP template of a directory (as `puppet parser validate` and
# `puppet epp validate` read them): one line per file, `file<TAB>verdict<TAB>code
# <TAB>line<TAB>col`, verdict `ok` or `error` (the first error; warnings
# and deprecations do not count). Tests compare pfacts with this output.
#
#   ruby scripts/validate-with-puppet.rb corpus/validation \
#     > corpus/validation/expected/verdicts.tsv
#   ruby scripts/validate-with-puppet.rb ../shared/corpus/debian-modules '**/*.epp' \
#     > data/debian-epp-verdicts.tsv
require 'puppet'
require 'tmpdir'

dir = File.expand_path(ARGV.fetch(0))
pattern = ARGV.fetch(1, '**/*.{pp,epp}')
scratch = Dir.mktmpdir
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch])
parser = Puppet::Pops::Parser::Parser.new
epp_parser = Puppet::Pops::Parser::EppParser.new
validators = Puppet::Pops::Validation::ValidatorFactory_4_0.new

puts "file\tverdict\tcode\tline\tcol"
Dir.glob(pattern, base: dir).sort.each do |file|
  verdict = ['ok', '-', '-', '-']
  begin
    reader = file.end_with?('.epp') ? epp_parser : parser
    result = reader.parse_file(File.join(dir, file))
    acceptor = Puppet::Pops::Validation::Acceptor.new
    validators.validator(acceptor).validate(result.model)
    error = acceptor.errors.first
    if error
      position = error.source_pos
      verdict = ['error', error.issue.issue_code.to_s, position ? position.line.to_s : '-', position ? position.pos.to_s : '-']
    end
  rescue Puppet::ParseErrorWithIssue => e
    verdict = ['error', (e.issue_code || 'SYNTAX_ERROR').to_s, (e.line || '-').to_s, (e.pos || '-').to_s]
  end
  puts ([file] + verdict).join("\t")
end
