class ntp (
  Array[String] $servers = ['pool.ntp.org'],
) {
  package { 'ntp':
    ensure => installed,
  }

  # Read by the ntp daemon, which runs as user ntp.
  file { '/etc/ntp.conf':
    content => epp('ntp/ntp.conf.epp', { 'servers' => $servers }),
    require => Package['ntp'],
  }
}
