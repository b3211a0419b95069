class profile::web (
  Integer $port = 80,
) {
  package { 'nginx':
    ensure => installed,
  }

  file { '/etc/nginx/conf.d/site.conf':
    ensure  => file,
    content => "server { listen ${prot}; }\n",
    require => Package['nginx'],
  }
}
