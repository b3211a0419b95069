#!/usr/bin/env ruby
# Lists how each resource type built into Puppet 7 (or, given the
# directory of the modules its AIO agent bundles, each of those modules'
# types) names its resources, one `type<TAB>namevar<TAB>title patterns`
# per line:
# - the namevar, as `Puppet::Resource#namevar` finds it: the type's one
#   key attribute, else `name` (a catalog leaves out the namevar's
#   parameter when it repeats the title);
# - its `title_patterns` where they are not Puppet's default (the whole
#   title for the one key attribute), as JSON: `[[regexp source, Ruby's
#   regexp options, [parameter, ...]], ...]`; `-` for the default. A
#   catalog's resource holds the parameters its title gives, first.
#
#   ruby scripts/puppet-type-namevars.rb [VENDOR_MODULES] > data/puppet7-type-namevars.tsv
require 'json'
require_relative 'lib/puppet_types'

vendor = ARGV[0]
rows = []
PuppetTypes.each(vendor) do |type, _builtin|
  keys = type.key_attributes
  patterns = type.title_patterns.map do |regexp, parameters|
    abort "#{type.name}: a title pattern with a procedure" if parameters.any? { |_, procedure| procedure }
    [regexp.source, regexp.options, parameters.map { |name, _| name.to_s }]
  end
  default = keys.length == 1 && patterns == [['(.*)', Regexp::MULTILINE, [keys.first.to_s]]]
  rows << [type.name, keys.length == 1 ? keys.first : 'name', default ? '-' : JSON.generate(patterns)].join("\t")
end
puts "# How each type Puppet #{Puppet.version} loads#{vendor ? ', its AIO agent\'s vendor modules included,' : ''} " \
     'names its resources: namevar, title patterns; written by scripts/puppet-type-namevars.rb'
puts rows.sort
