# A parameter the built-in type does not have.
file { '/etc/x':
  ensure => file,
  nosuch => 1,
}
