# @api private
private class web::install {
  package { 'nginx':
    ensure => installed,
  }
}
