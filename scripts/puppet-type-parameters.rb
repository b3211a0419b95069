#!/usr/bin/env ruby
# Lists the parameters and properties of the resource types built into
# Puppet 7, read from the installed Puppet (Debian's puppet-agent), one
# `type<TAB>parameter` per line; metaparameters are listed apart, in
# src/facts/builtins.rs.
#
#   ruby scripts/puppet-type-parameters.rb > data/puppet7-type-parameters.tsv
#
# Given the directory of the modules that Puppet 7's AIO agent package
# bundles (its vendor_modules: cron_core, augeas_core, ...), lists the
# types those modules add instead, as Puppet loads them.
#
#   ruby scripts/puppet-type-parameters.rb VENDOR_MODULES \
#     > data/puppet7-vendor-type-parameters.tsv
require 'json'
require_relative 'lib/puppet_types'

vendor = ARGV[0]
rows = []
PuppetTypes.each(vendor) do |type, builtin|
  next if vendor && builtin

  (type.parameters + type.validproperties).uniq.each { |name| rows << "#{type.name}\t#{name}" }
end
if vendor
  versions = Dir.glob(File.join(vendor, '*', 'metadata.json')).sort.map do |metadata|
    data = JSON.parse(File.read(metadata))
    "#{data['name']} #{data['version']}"
  end
  puts "# Types of the modules Puppet 7's AIO agent bundles (#{versions.join(', ')}), " \
       "loaded by Puppet #{Puppet.version}; written by scripts/puppet-type-parameters.rb"
else
  puts "# Parameters and properties of Puppet #{Puppet.version}'s types; written by scripts/puppet-type-parameters.rb"
end
puts rows.sort
