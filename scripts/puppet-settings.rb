#!/usr/bin/env ruby
# Lists the `$settings::` variables a Puppet 7 server gives every
# compilation (`Scope#merge_settings`: each setting's value for the
# environment, as the compiler transforms it), with Puppet initialized as
# scripts/lib/puppet_catalog.rb initializes it for the catalogs the tests
# compare with, one `name<TAB>JSON value` per line. Settings under the
# scratch directory it gives Puppet (its vardir: they differ from run to
# run) are left out, as are `name` and those of infinite value (JSON has
# no infinity).
#
#   ruby scripts/puppet-settings.rb > data/puppet7-settings.tsv
require_relative 'lib/puppet_catalog'

PuppetCatalog.setup(strict: false)
scratch = Puppet[:vardir]
rows = Puppet.settings.each_key.map(&:to_s).sort.filter_map do |name|
  next if name == 'name'

  value = Puppet.settings.value_sym(name.to_sym, :production)
  value = case value
          when String, Numeric, true, false, nil, Array, Hash then value
          else value == :undef ? nil : value.to_s
          end
  next if value.is_a?(Float) && !value.finite?

  text = JSON.generate(value)
  next if text.include?(scratch)

  "#{name}\t#{text}"
end
puts "# The $settings:: variables of Puppet #{Puppet.version}'s compilations, as scripts/lib/puppet_catalog.rb sets Puppet up; written by scripts/puppet-settings.rb"
puts rows
