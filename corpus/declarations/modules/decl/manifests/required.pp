# Resources named by relationships and realize: functions that declare
# resources make their types open; a service no code declares does not.
class decl::required {
  ensure_packages(['curl'])
  create_resources('@user', { 'deploy' => {} })
  exec { 'fetch':
    command => '/usr/bin/curl -O https://example.com/x',
    require => Package['curl'],
  }
  realize(User['deploy'])
  Exec['fetch'] -> Service['fetcher']
}
