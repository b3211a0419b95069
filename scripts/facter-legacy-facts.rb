#!/usr/bin/env ruby
# frozen_string_literal: true

# Lists Facter 4's legacy facts, which Puppet 8 no longer sets
# (`include_legacy_facts=false`), each with the structured fact that holds
# its value, into data/facter4-legacy-facts.tsv.
#
# The legacy facts are those Facter's schema marks `hidden: true`. Their
# replacements are read from Facter's fact classes (`facts/<os>/...rb`): a
# class resolves `FACT_NAME` (structured) and its `ALIASES` (legacy) from
# the same value. With one alias, the alias is the whole fact; with
# several, each alias is the key of the structured value built from the
# same expression (`ResolvedFact.new(ALIASES.first, fact_value[:major])`
# beside `ResolvedFact.new(FACT_NAME, major: fact_value[:major], ...)`).
# Names that Facter builds at run time (`"ipaddress_#{name}"`) are listed
# in COMPUTED below, each read from the class named beside it.
#
#   apt-get install puppet-agent && ruby scripts/facter-legacy-facts.rb

require 'yaml'

facter_dir = $LOAD_PATH.map { |dir| File.join(dir, 'facter') }.find { |dir| File.directory?(File.join(dir, 'facts')) }
abort 'facter-legacy-facts: Facter 4 is not installed' unless facter_dir
schema_path = File.join(File.dirname(facter_dir), 'schema', 'facter.yaml')
schema = YAML.load_file(schema_path)
legacy = schema.select { |_, fact| fact['hidden'] }.keys

# The placeholders of the schema (`ipaddress_<interface>`) as the regular
# expressions of Facter's classes (`ipaddress_.*`).
def pattern_of(name)
  name.gsub(/<[a-z]+>/, '.*')
end

# Names built at run time, as the class beside each builds them.
COMPUTED = {
  # facts/linux/networking/interfaces.rb and the legacy helper
  # lib/facter/util/facts/... that names per-interface bindings.
  'ipaddress_<interface>' => 'networking.interfaces.<interface>.ip',
  'ipaddress6_<interface>' => 'networking.interfaces.<interface>.ip6',
  'macaddress_<interface>' => 'networking.interfaces.<interface>.mac',
  'mtu_<interface>' => 'networking.interfaces.<interface>.mtu',
  'netmask_<interface>' => 'networking.interfaces.<interface>.netmask',
  'netmask6_<interface>' => 'networking.interfaces.<interface>.netmask6',
  'network_<interface>' => 'networking.interfaces.<interface>.network',
  'network6_<interface>' => 'networking.interfaces.<interface>.network6',
  'scope6_<interface>' => 'networking.interfaces.<interface>.scope6',
  # facts/linux/disks.rb: "blockdevice_#{disk_name}_#{key}".
  'blockdevice_<devicename>_model' => 'disks.<devicename>.model',
  'blockdevice_<devicename>_size' => 'disks.<devicename>.size_bytes',
  'blockdevice_<devicename>_vendor' => 'disks.<devicename>.vendor',
  # facts/linux/processors/models.rb: "processor#{index}".
  'processor<N>' => 'processors.models.<N>',
  # facts/linux/ssh.rb: "ssh#{key.name.sub('ssh-', '')}key", "sshfp_#{...}".
  'ssh<algorithm>key' => 'ssh.<algorithm>.key',
  'sshfp_<algorithm>' => 'ssh.<algorithm>.fingerprints',
  # facts/solaris/zones.rb: "zone_#{name}_#{key}".
  'zone_<name>_brand' => 'solaris_zones.zones.<name>.brand',
  'zone_<name>_iptype' => 'solaris_zones.zones.<name>.iptype',
  'zone_<name>_name' => 'solaris_zones.zones.<name>.name',
  'zone_<name>_uuid' => 'solaris_zones.zones.<name>.uuid',
  'zone_<name>_id' => 'solaris_zones.zones.<name>.id',
  'zone_<name>_path' => 'solaris_zones.zones.<name>.path',
  'zone_<name>_status' => 'solaris_zones.zones.<name>.status',
  # facts/solaris/ldom.rb and facts/macosx/system_profiler/*.rb.
  'ldom_<name>' => 'ldom.<name>',
  'sp_<name>' => 'system_profiler.<name>'
}.freeze

# The conversion a class applies to the legacy value and not to the
# structured one (`UnitConverter.bytes_to_mb`), if any.
def conversion_of(text)
  text[/ResolvedFact\.new\(ALIASES[^,]*,\s*[\w:]*UnitConverter\.(\w+)/, 1]
end

# A class's constants and the expressions of its resolved facts.
def read_class(text)
  fact_name = text[/FACT_NAME = '([^']+)'/, 1]
  aliases = if (single = text[/ALIASES = '([^']+)'/, 1])
              [single]
            elsif (list = text[/ALIASES = %w\[([^\]]*)\]/m, 1])
              list.split
            end
  [fact_name, aliases]
end

# The key of the structured value built from the expression the alias at
# `index` is resolved from, when exactly one key has that expression.
def key_of(text, index, count)
  reference = case index
              when 0 then /ALIASES(?:\.first|\[0\])/
              when count - 1 then /ALIASES(?:\.last|\[#{index}\])/
              else /ALIASES\[#{index}\]/
              end
  expression = text[/ResolvedFact\.new\(#{reference},\s*([^,\n]+?),\s*:legacy\)/, 1]
  return unless expression

  # `version['major']`, `fact_value[:major]`: the key itself.
  indexed = expression[/\A\w+\[:?'?(\w+)'?\]\z/, 1]
  return indexed if indexed && !indexed.match?(/\A\d+\z/)

  structured = text[/ResolvedFact\.new\(FACT_NAME,\s*(\{?[^)]*)\)/m, 1]
  return unless structured

  keys = structured.scan(/(\w+):\s*([^,\n}]+)/).select { |_, value| value.strip == expression.strip }.map(&:first)
  keys.first if keys.size == 1
end

candidates = Hash.new { |hash, key| hash[key] = Hash.new(0) }
conversions = {}
Dir.glob(File.join(facter_dir, 'facts', '**', '*.rb')).sort.each do |path|
  text = File.read(path)
  fact_name, aliases = read_class(text)
  next unless fact_name && aliases

  aliases.each_with_index do |name, index|
    replacement = if aliases.size == 1
                    fact_name
                  elsif (key = key_of(text, index, aliases.size))
                    "#{fact_name}.#{key}"
                  end
    candidates[name][replacement] += 1 if replacement
    conversion = conversion_of(text)
    conversions[name] = conversion if conversion
  end
end

rows = legacy.map do |name|
  found = candidates[pattern_of(name)]
  replacement = COMPUTED[name] || found.max_by { |candidate, count| [count, candidate] }&.first
  [name, replacement.to_s, conversions[pattern_of(name)].to_s]
end

File.open(File.join(__dir__, '..', 'data', 'facter4-legacy-facts.tsv'), 'w') do |out|
  out.puts "# Legacy facts of Facter #{`facter --version`.strip} (#{schema_path}) and the structured"
  out.puts '# fact holding its value (empty: none), and the conversion Facter applies to the'
  out.puts '# legacy value only (bytes_to_mb: the structured value is in bytes, the legacy one'
  out.puts '# in MiB); written by scripts/facter-legacy-facts.rb'
  rows.each { |row| out.puts row.join("\t") }
end
missing = rows.select { |_, replacement| replacement.empty? }.map(&:first)
warn "facter-legacy-facts: #{rows.size} legacy facts, no replacement found for: #{missing.join(' ')}"
