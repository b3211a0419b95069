class postgresql::server (
  Integer $max_connections = 100,
) {
  contain postgresql::server::install

  file { '/etc/postgresql/postgresql.conf':
    content => "max_connections = ${max_connections}\n",
    require => Class['postgresql::server::install'],
  }
}
