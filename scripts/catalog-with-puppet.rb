#!/usr/bin/env ruby
# Compiles a node's catalog for an environment with Puppet 7 itself
# (Debian's puppet-agent) and prints it in Puppet's own catalog format
# (scripts/lib/puppet_catalog.rb). `pfacts catalog` is compared with this
# output.
#
#   ruby scripts/catalog-with-puppet.rb [--puppet7-defaults] ENVDIR NODE FACTS.json [MODULEPATH]
#
# A compilation error is printed as {"error": message}. Compiled with
# --strict_variables and --strict=error, so that unknown variables fail;
# with --puppet7-defaults, with Puppet 7's own (strict_variables=false,
# strict=warning), and the warnings Puppet gives, located, under
# "warnings".
require_relative 'lib/puppet_catalog'

puppet7_defaults = ARGV.first == '--puppet7-defaults'
ARGV.shift if puppet7_defaults
PuppetCatalog.setup(strict: !puppet7_defaults)
environment_dir, node_name, facts_file, modulepath = ARGV
result = PuppetCatalog.compile(environment_dir, node_name, JSON.parse(File.read(facts_file)),
                               (modulepath || '').split(':'))
puts JSON.pretty_generate(result)
