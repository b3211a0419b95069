#!/usr/bin/env ruby
# Compiles a node's catalog for a corpus environment with Puppet 7 itself
# (Debian's puppet-agent) and prints its resources as JSON: type, title and
# parameters, sorted. Tests compare pfacts' analysis with this output.
#
#   ruby scripts/compile-with-puppet.rb corpus/defaults [node [modulepath]] \
#     > corpus/defaults/expected/catalog.json
#
# `modulepath` (colon-separated) comes before the environment's `modules/`:
# stdlib from ../shared/corpus/debian-modules, say.
#
# A compilation error is printed as {"error": message} (exit status 0), so
# that expected failures are recorded too. Compiled with --strict_variables
# and --strict=error, so that unknown variables fail.
require 'puppet'
require 'json'
require 'tmpdir'

environment_dir = File.expand_path(ARGV.fetch(0))
node_name = ARGV.fetch(1, 'node.example.com')
scratch = Dir.mktmpdir
Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch,
                            '--strict_variables', '--strict=error'])
Puppet[:log_level] = 'err'

environment = Puppet::Node::Environment.create(
  :production,
  ARGV.fetch(2, '').split(':').map { |dir| File.expand_path(dir) } + [File.join(environment_dir, 'modules')],
  File.join(environment_dir, 'manifests')
)
# A few facts of a Debian host, enough for the fixtures.
facts = Puppet::Node::Facts.new(node_name,
                                'fqdn' => node_name,
                                'hostname' => node_name.split('.').first,
                                'os' => { 'family' => 'Debian' },
                                'networking' => { 'fqdn' => node_name },
                                'ssh_key' => 'AAAA')
node = Puppet::Node.new(node_name, environment: environment, facts: facts)
node.merge(facts.values)

result = Puppet.override(environments: Puppet::Environments::Static.new(environment), current_environment: environment) do
  catalog = Puppet::Parser::Compiler.compile(node)
  resources = catalog.resources.map do |resource|
    parameters = resource.to_hash.reject { |name, _| name == :name }.map { |name, value| [name.to_s, value] }.to_h
    { 'type' => resource.type.to_s, 'title' => resource.title.to_s, 'exported' => resource.exported?,
      'virtual' => resource.virtual?, 'parameters' => parameters.sort.to_h }
  end
  { 'resources' => resources.sort_by { |resource| [resource['type'], resource['title']] } }
rescue Puppet::Error, SystemStackError => e
  # Puppet dies on circular inheritance with SystemStackError. Paths are
  # made relative to the environment, so that the output is the same in
  # any checkout.
  # Ruby object addresses (`#<Puppet::Resource::Type:0x...>`) vary by run.
  { 'error' => e.message.gsub("#{environment_dir}/", '').gsub(/:0x\h+>/, '>') }
end
puts JSON.pretty_generate(JSON.parse(result.to_json))
