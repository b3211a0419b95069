class profile::database (
  Integer $max_connections = 100,
) {
  class { 'postgresql::server':
    max_connections => $max_connections,
  }
  # The package is installed by a class the module keeps for itself.
  include postgresql::server::install
}
