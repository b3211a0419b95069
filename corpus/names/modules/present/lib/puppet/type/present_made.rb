# Made by a helper, as puppetlabs' nagios_core makes its nagios_* types:
# Puppet's autoloader finds the type by this file's name.
require_relative '../../puppet_x/present/maker'
PuppetX::Present::Maker.make(:present_made)
