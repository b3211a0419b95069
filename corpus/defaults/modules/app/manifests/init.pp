class app inherits base {
  File { mode => '0600' }
  Exec { path => ['/opt/app/bin'] }
  file {
    default:
      ensure => file;
    ['/etc/app.conf', '/etc/app.d/extra.conf']:
      content => 'x',
      require => Package['app'];
    '/etc/app.d':
      ensure => directory,
      before => File['/etc/app.conf'];
  }
  include common
  include shared
  package { 'app': }
  service { 'app': }
  app::instance { 'one': port => 1 }
  File['/etc/base.conf'] { mode => '0640', require +> Package['app'] }
  User <| groups == 'app' and shell != '/bin/false' |> { ensure => present }
  @@notify { $facts['networking']['fqdn']: message => $facts['ssh_key'] }
  Notify <<| tag == 'app' |>>
  @user { 'app': }
  realize(User['app'])
}
