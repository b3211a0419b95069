# Installs the server's packages.
#
# @api private
class postgresql::server::install {
  package { 'postgresql':
    ensure => installed,
  }
}
