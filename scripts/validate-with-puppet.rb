#!/usr/bin/env ruby
# Puppet 7's own parser and validator (Debian's puppet-agent) over every
# manifest of a directory: one line per file, `file<TAB>verdict<TAB>code
# <TAB>line<TAB>col`, verdict `ok` or `error` (the first error; warnings
# and deprecations do not count). Tests compare pfacts with this output.
#
#   ruby scripts/validate-with-puppet.rb corpus/validation \
#     > corpus/validation/expected/verdicts.tsv
require 'puppet'
require 'tmpdir'

dir = File.expand_path(ARGV.fetch(0))
scratch = Dir.mktmpdir
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch])
parser = Puppet::Pops::Parser::Parser.new
validators = Puppet::Pops::Validation::ValidatorFactory_4_0.new

puts "file\tverdict\tcode\tline\tcol"
Dir.glob('**/*.pp', base: dir).sort.each do |file|
  verdict = ['ok', '-', '-', '-']
  begin
    result = parser.parse_file(File.join(dir, file))
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
