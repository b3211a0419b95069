# Compiles catalogs with Puppet 7 itself (Debian's puppet-agent), in its own
# catalog format (`to_data_hash`, with rich data as a server sends it),
# less what varies from run to run (version, uuids) and with file paths
# relative to the environment; the scripts that record what Puppet compiles
# share it.
require 'puppet'
require 'json'
require 'tmpdir'

module PuppetCatalog
  # Initializes Puppet once for the process: the confdir and codedir of
  # Debian's puppet-agent (`puppet config print`; they name paths in
  # catalogs, through `$settings::confdir`), a scratch vardir, a server
  # named puppet.example.com (not this machine), Puppet 7's
  # defaults (strict_variables=false, strict=warning) unless `strict`, and
  # no Hiera global layer unless HIERA_CONFIG names one.
  def self.setup(strict:)
    scratch = Dir.mktmpdir
    strictness = strict ? ['--strict_variables', '--strict=error'] : []
    Puppet.initialize_settings(['--confdir', '/etc/puppet', '--vardir', scratch, '--codedir', '/etc/puppet/code',
                                '--certname', 'puppet.example.com'] + strictness)
    Puppet[:log_level] = strict ? 'err' : 'warning'
    Puppet[:hiera_config] = ENV.fetch('HIERA_CONFIG') { File.join(scratch, 'hiera.yaml') }
    return if strict

    @logs = []
    Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(@logs))
  end

  # The modulepath of the environment at `environment_dir`: its
  # environment.conf's (settings such as $basemodulepath left out), else
  # `modules`.
  def self.own_modulepath(environment_dir)
    conf = File.join(environment_dir, 'environment.conf')
    line = File.exist?(conf) && File.read(conf)[/^\s*modulepath\s*=\s*(.*)$/, 1]
    return [File.join(environment_dir, 'modules')] unless line

    line.split(':').reject { |entry| entry.start_with?('$') }.map { |entry| File.expand_path(entry, environment_dir) }
  end

  # The catalog of `node_name`, or {"error" => message}; with the warnings
  # Puppet gave, located, under "warnings" when not strict. `modulepath`
  # (as written) comes before the environment's own.
  def self.compile(environment_dir, node_name, facts_values, modulepath = [])
    environment_dir = File.expand_path(environment_dir)
    @logs&.clear
    environment = Puppet::Node::Environment.create(
      :production,
      modulepath.map { |dir| File.expand_path(dir) } + own_modulepath(environment_dir),
      File.join(environment_dir, 'manifests')
    )
    facts = Puppet::Node::Facts.new(node_name, facts_values)
    node = Puppet::Node.new(node_name, environment: environment, facts: facts)
    node.merge(facts.values)
    # What an agent with a certificate for the node brings: `$trusted`.
    node.trusted_data = Puppet::Context::TrustedInformation.new('remote', node_name, {}).to_h
    relative = relativizer(environment_dir, modulepath)
    # A static environment has no directory of its own, so Hiera would skip
    # the environment layer: its configuration names the environment's
    # directory, as an environment on Puppet's environmentpath does.
    environments = Puppet::Environments::Static.new(environment)
    configuration = environments.get_conf(:production)
    configuration.define_singleton_method(:path_to_env) { environment_dir }
    environments.define_singleton_method(:get_conf) { |_name| configuration }
    result = Puppet.override(environments: environments, current_environment: environment) do
      # As a server sends it to an agent: Puppet 7's `rich_data` setting is
      # on, so values that are not plain data (types, Deferred, Sensitive,
      # Binary, hashes with non-string keys) keep their Pcore form
      # (`{"__ptype": ...}`) instead of a string.
      catalog = Puppet::Parser::Compiler.compile(node)
      data = Puppet.override(rich_data: true) { catalog.to_data_hash }
      %w[version code_id catalog_uuid catalog_format environment name].each { |key| data.delete(key) }
      data['resources'].each { |resource| resource['file'] = relative.call(resource['file']) if resource['file'] }
      data['resources'].sort_by! { |resource| [resource['type'], resource['title']] }
      data['edges'].sort_by! { |edge| [edge['source'], edge['target']] }
      data['classes'].sort!
      data['tags'].sort!
      data
    rescue Puppet::Error, SystemStackError, StandardError, ScriptError => e
      { 'error' => relative.call(e.message) }
    end
    if @logs
      result['warnings'] = @logs.select { |log| log.level == :warning }.map do |log|
        place = log.file ? " (#{relative.call(log.file)}:#{log.line})" : ''
        "#{relative.call(log.message)}#{place}"
      end
    end
    result
  end

  # Paths as given on the command line: relative to the environment, or to
  # the modulepath entries as written; those in the third-party corpora
  # (PFACTS_CORPORA) as if they were at their default place, ../shared, so
  # that what is recorded does not depend on where they are.
  def self.relativizer(environment_dir, modulepath)
    prefixes = { "#{environment_dir}/" => '',
                 "#{File.expand_path(ENV.fetch('PFACTS_CORPORA', '../shared'))}/" => '../shared/' }
    modulepath.each { |dir| prefixes["#{File.expand_path(dir)}/"] = "#{dir}/" }
    ->(text) { prefixes.reduce(text) { |result, (from, to)| result.gsub(from, to) } }
  end
end
