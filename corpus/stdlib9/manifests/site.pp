node 'validate.example.com' {
  class { 'app':
    user => 'deploy',
  }
}
node 'has-key.example.com' {
  include app::settings
}
node 'serialized.example.com' {
  include app::serialized
}
node 'checked.example.com' {
  include app::checked
}
