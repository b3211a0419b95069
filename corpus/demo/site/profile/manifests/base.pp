# What every node has.
class profile::base {
  # Meant for the files below. A resource default reaches every resource
  # declared in the classes this one declares too, whatever their module.
  File {
    owner => 'root',
    mode  => '0600',
  }

  file { '/etc/motd':
    content => "Managed by Puppet\n",
  }

  include ntp
}
