class app inherits base {
  File { mode => '0600' }
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
  package { 'app': }
  app::instance { 'one': port => 1 }
  File['/etc/base.conf'] { mode => '0640', require +> Package['app'] }
  User <| groups == 'app' and shell != '/bin/false' |> { ensure => present }
  @@sshkey { $facts['networking']['fqdn']: type => 'ssh-rsa', key => $facts['ssh_key'] }
  Sshkey <<| tag == 'app' |>>
  @user { 'app': }
  realize(User['app'])
}
