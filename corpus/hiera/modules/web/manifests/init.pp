# Parameters from the module's Hiera data (user and port: the OS family's
# level wins over common; docroot and packages from common), from a default
# (mode); lookup() of an interpolated value and of a missing key with a
# default.
class web (
  Integer $port,
  String $docroot,
  String $user,
  Array[String] $packages,
  String $mode = '0644',
) {
  package { $packages: ensure => installed }
  file { $docroot:
    ensure => directory,
    owner  => $user,
    mode   => $mode,
  }
  notify { 'port': message => $port }
  notify { 'motd': message => lookup('web::motd') }
  notify { 'fallback': message => lookup('web::missing', String, 'first', 'none') }
  notify { 'first': message => lookup('web::extra_packages') }
  notify { 'unique': message => lookup('web::extra_packages', Array[String], 'unique') }
  notify { 'hash': message => lookup('web::settings', Hash, 'hash') }
  notify { 'deep': message => lookup('web::settings', { 'merge' => 'deep' }) }
  notify { 'deep strategy': message => lookup('web::settings', Hash, { 'strategy' => 'deep' }) }
}
