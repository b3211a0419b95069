#!/usr/bin/env ruby
# Compiles a node's catalog for an environment with Puppet 7 itself
# (Debian's puppet-agent) and prints it in Puppet's own catalog format
# (`to_data_hash`), less what varies from run to run (version, uuids) and
# with file paths relative to the environment. `pfacts catalog` is compared
# with this output.
#
#   ruby scripts/catalog-with-puppet.rb [--puppet7-defaults] ENVDIR NODE FACTS.json [MODULEPATH]
#
# A compilation error is printed as {"error": message}. Compiled with
# --strict_variables and --strict=error, so that unknown variables fail;
# with --puppet7-defaults, with Puppet 7's own (strict_variables=false,
# strict=warning), and the warnings Puppet gives, located, under
# "warnings".
require 'puppet'
require 'json'
require 'tmpdir'

puppet7_defaults = ARGV.first == '--puppet7-defaults'
ARGV.shift if puppet7_defaults
environment_dir = File.expand_path(ARGV.fetch(0))
node_name = ARGV.fetch(1)
facts_values = JSON.parse(File.read(ARGV.fetch(2)))
scratch = Dir.mktmpdir
strictness = puppet7_defaults ? [] : ['--strict_variables', '--strict=error']
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch] + strictness)
Puppet[:log_level] = puppet7_defaults ? 'warning' : 'err'
logs = []
Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(logs)) if puppet7_defaults
# Hiera's global layer: none, unless HIERA_CONFIG names its hiera.yaml.
Puppet[:hiera_config] = ENV.fetch('HIERA_CONFIG') { File.join(scratch, 'hiera.yaml') }

modulepath = ARGV.fetch(3, '').split(':').map { |dir| File.expand_path(dir) }
conf = File.join(environment_dir, 'environment.conf')
own = if File.exist?(conf) && (line = File.read(conf)[/^\s*modulepath\s*=\s*(.*)$/, 1])
        line.split(':').reject { |entry| entry.start_with?('$') }.map { |entry| File.join(environment_dir, entry) }
      else
        [File.join(environment_dir, 'modules')]
      end
environment = Puppet::Node::Environment.create(:production, modulepath + own,
                                               File.join(environment_dir, 'manifests'))
facts = Puppet::Node::Facts.new(node_name, facts_values)
node = Puppet::Node.new(node_name, environment: environment, facts: facts)
node.merge(facts.values)
# What an agent with a certificate for NODE brings: `$trusted`.
node.trusted_data = Puppet::Context::TrustedInformation.new('remote', node_name, {}).to_h

# Paths as given on the command line: relative to the environment, or to
# the modulepath entries as written; those in the third-party corpora
# (PFACTS_CORPORA) as if they were at their default place, ../shared, so
# that what is recorded does not depend on where they are.
prefixes = { "#{environment_dir}/" => '',
             "#{File.expand_path(ENV.fetch('PFACTS_CORPORA', '../shared'))}/" => '../shared/' }
ARGV.fetch(3, '').split(':').each { |dir| prefixes["#{File.expand_path(dir)}/"] = "#{dir}/" }
relative = ->(text) { prefixes.reduce(text) { |result, (from, to)| result.gsub(from, to) } }
# A static environment has no directory of its own, so Hiera would skip
# the environment layer: its configuration names the environment's
# directory, as an environment on Puppet's environmentpath does.
environments = Puppet::Environments::Static.new(environment)
configuration = environments.get_conf(:production)
configuration.define_singleton_method(:path_to_env) { environment_dir }
environments.define_singleton_method(:get_conf) { |_name| configuration }
result = Puppet.override(environments: environments, current_environment: environment) do
  data = Puppet::Parser::Compiler.compile(node).to_data_hash
  %w[version code_id catalog_uuid catalog_format environment name].each { |key| data.delete(key) }
  data['resources'].each { |resource| resource['file'] = relative.call(resource['file']) if resource['file'] }
  data['resources'].sort_by! { |resource| [resource['type'], resource['title']] }
  data['edges'].sort_by! { |edge| [edge['source'], edge['target']] }
  data['classes'].sort!
  data['tags'].sort!
  data
rescue Puppet::Error, SystemStackError => e
  { 'error' => relative.call(e.message) }
end
if puppet7_defaults
  result['warnings'] = logs.select { |log| log.level == :warning }.map do |log|
    place = log.file ? " (#{relative.call(log.file)}:#{log.line})" : ''
    "#{relative.call(log.message)}#{place}"
  end
end
puts JSON.pretty_generate(result)
