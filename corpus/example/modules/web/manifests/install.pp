# @api private
private class web::install {
  package { 'nginx':
    ensure => installed,
  }
  service { 'nginx':
    ensure  => running,
    require => Package['nginx'],
  }
}
