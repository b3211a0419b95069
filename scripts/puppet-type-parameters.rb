#!/usr/bin/env ruby
# Lists the parameters and properties of the resource types built into
# Puppet 7, read from the installed Puppet (Debian's puppet-agent), one
# `type<TAB>parameter` per line; metaparameters are listed apart, in
# src/facts/builtins.rs.
#
#   ruby scripts/puppet-type-parameters.rb > data/puppet7-type-parameters.tsv
require 'puppet'
require 'tmpdir'

scratch = Dir.mktmpdir
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch])
Puppet::Type.loadall
rows = []
Puppet::Type.eachtype do |type|
  (type.parameters + type.validproperties).uniq.each { |name| rows << "#{type.name}\t#{name}" }
end
puts "# Parameters and properties of Puppet #{Puppet.version}'s types; written by scripts/puppet-type-parameters.rb"
puts rows.sort
