class good { $x = 1 }

class broken {
  $y = [1, 2
  file { '/tmp/a': ensure => file }
}

class after { include good }
