# Parameter type checks: values that pass (node.example.com), and each way
# a value fails, as Puppet 7 reports it (stdlib's aliases from the Debian
# corpus).
node 'node.example.com' {
  class { 'types::accepted':
    path    => '/etc/app',
    port    => 8080,
    mode    => 'fast',
    limits  => { 'soft' => 10, 'hard' => 20 },
    servers => ['a.example.com', 'b.example.com'],
    pair    => ['x', 1],
    options => { 'name' => 'app' },
  }
  types::instance { 'one': count => 3 }
  notify { 'doubled': message => types::double(21) }
}

node 'wrong-type.example.com' {
  class { 'types::accepted': path => '/etc/app', port => '8080' }
}

node 'wrong-element.example.com' {
  class { 'types::accepted': path => '/etc/app', servers => ['a.example.com', 2] }
}

node 'wrong-alias.example.com' {
  class { 'types::accepted': path => 'relative/path' }
}

node 'wrong-struct.example.com' {
  class { 'types::accepted': path => '/etc/app', options => { 'name' => 'app', 'extra' => 1 } }
}

node 'undef-given.example.com' {
  class { 'types::counted': count => undef }
}

node 'missing.example.com' {
  include types::required
}

node 'default-reads-missing.example.com' {
  include types::derived
}

node 'define-type.example.com' {
  types::instance { 'two': count => 'three' }
}

node 'function-type.example.com' {
  notify { 'doubled': message => types::double('21') }
}
