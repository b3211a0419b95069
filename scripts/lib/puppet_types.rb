# The resource types Puppet 7 loads (Debian's puppet-agent): its own, and
# with the directory of the modules its AIO agent bundles (its
# vendor_modules: cron_core, augeas_core, ...), those modules' too. The
# scripts that list what the types declare share it.
require 'puppet'
require 'tmpdir'

module PuppetTypes
  # Puppet's types, each once, in a scratch configuration; `vendor`: also
  # those of the modules below that directory. Yields `(type, builtin)`,
  # whether it is one of Puppet's own.
  def self.each(vendor = nil)
    scratch = Dir.mktmpdir
    Puppet.initialize_settings(['--confdir', scratch, '--vardir', scratch, '--codedir', scratch])
    Puppet::Type.loadall
    builtin = []
    Puppet::Type.eachtype { |type| builtin << type.name }
    if vendor
      Dir.glob(File.join(vendor, '*', 'lib')).sort.each { |lib| $LOAD_PATH.unshift(lib) }
      Puppet::Type.loadall
    end
    Puppet::Type.eachtype { |type| yield type, builtin.include?(type.name) }
  end
end
