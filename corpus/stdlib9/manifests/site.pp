node 'validate.example.com' {
  class { 'app':
    user => 'deploy',
  }
}
node 'has-key.example.com' {
  include app::settings
}
