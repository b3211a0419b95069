#!/usr/bin/env ruby
# Lists the namevar of each resource type built into Puppet 7 (or, given
# the directory of the modules its AIO agent bundles, of those modules'
# types), one `type<TAB>namevar` per line, as `Puppet::Resource#namevar`
# finds it: the type's one key attribute, else `name`. A catalog leaves
# out the namevar's parameter when it repeats the title.
#
#   ruby scripts/puppet-type-namevars.rb [VENDOR_MODULES] > data/puppet7-type-namevars.tsv
require 'puppet'
require 'tmpdir'

scratch = Dir.mktmpdir
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch])
Puppet::Type.loadall
vendor = ARGV[0]
if vendor
  Dir.glob(File.join(vendor, '*', 'lib')).sort.each { |lib| $LOAD_PATH.unshift(lib) }
  Puppet::Type.loadall
end
rows = []
Puppet::Type.eachtype do |type|
  keys = type.key_attributes
  rows << "#{type.name}\t#{keys.length == 1 ? keys.first : 'name'}"
end
puts "# The namevar of each type Puppet #{Puppet.version} loads#{vendor ? ', its AIO agent\'s vendor modules included' : ''}; written by scripts/puppet-type-namevars.rb"
puts rows.sort
