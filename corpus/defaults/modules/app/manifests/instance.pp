define app::instance (Integer $port) {
  file { "/etc/app/${title}.conf":
    content => "port=${port}",
  }
  Package['app'] -> File["/etc/app/${title}.conf"] ~> Service['app']
  Service['app'] <- [Class['app'], Class['base']]
}
