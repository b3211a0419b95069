#!/usr/bin/env ruby
# Compiles a node's catalog for an environment with Puppet 7 itself
# (Debian's puppet-agent) and prints it in Puppet's own catalog format
# (scripts/lib/puppet_catalog.rb). `pfacts catalog` is compared with this
# output.
#
#   ruby scripts/catalog-with-puppet.rb [--puppet7-defaults|--puppet8-defaults] ENVDIR NODE FACTS.json [MODULEPATH]
#
# A compilation error is printed as {"error": message}. Compiled with
# --strict_variables and --strict=error, so that unknown variables fail;
# with --puppet7-defaults, with Puppet 7's own (strict_variables=false,
# strict=warning), and the warnings Puppet gives, located, under
# "warnings". With --puppet8-defaults, as Puppet 8 compiles by default:
# strict, and without the legacy facts (include_legacy_facts=false), which
# data/facter4-legacy-facts.tsv lists (scripts/facter-legacy-facts.rb).
require_relative 'lib/puppet_catalog'

mode = ARGV.first if ['--puppet7-defaults', '--puppet8-defaults'].include?(ARGV.first)
ARGV.shift if mode
PuppetCatalog.setup(strict: mode != '--puppet7-defaults')
environment_dir, node_name, facts_file, modulepath = ARGV
facts = JSON.parse(File.read(facts_file))
if mode == '--puppet8-defaults'
  legacy = File.readlines(File.join(__dir__, '..', 'data', 'facter4-legacy-facts.tsv'))
               .reject { |line| line.start_with?('#') }
               .map do |line|
                 # A placeholder stands for a name as Facter makes it: <N> a
                 # number (processor0, not processors), the others a word.
                 pattern = Regexp.escape(line.split("\t").first)
                                 .gsub('<N>', '[0-9]+').gsub(/<[a-z]+>/i, '[A-Za-z0-9_]+')
                 Regexp.new("\\A#{pattern}\\z")
               end
  facts = facts.reject { |name, _| legacy.any? { |pattern| pattern.match?(name) } }
end
result = PuppetCatalog.compile(environment_dir, node_name, facts, (modulepath || '').split(':'))
puts JSON.pretty_generate(result)
