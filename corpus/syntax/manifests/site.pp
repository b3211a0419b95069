class good { $x = 1 }

class broken {
  $y = [1, 2
  file { '/tmp/a': ensure => file }
}

class after { include good }

# Node inheritance: parsed and recorded, though Puppet 7 refuses it.
node 'base.example.com' { }
node 'web.example.com' inherits 'base.example.com' { }
