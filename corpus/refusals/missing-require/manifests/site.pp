# A relationship with a resource declared nowhere.
file { '/etc/present': ensure => file }
notify { 'n':
  require => [File['/etc/present'], File['/etc/missing']],
}
