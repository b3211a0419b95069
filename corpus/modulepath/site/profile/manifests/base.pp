class profile::base {
  include ntp
  include secrets
  file { '/etc/motd':
    content => "Managed for ${secrets::owner}\n",
  }
}
