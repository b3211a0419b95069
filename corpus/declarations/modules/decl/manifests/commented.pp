# Comments between titles are no titles: Puppet compiles this.
class decl::commented {
  package { [ # the web server
      'nginx',
      # TODO
      'nginx-extras', # TODO
      # TODO
    ]:
    ensure => installed,
  }
  file { [
# at column one
# TODO
      '/tmp/commented-a',
      '/tmp/commented-b', # TODO
    ]:
    ensure => file,
  }
  include [ # a comment
    'decl::branches',
  ]
  [ # a comment
    $first, # another
    $second,
  ] = [1, 2]
  notify { "${first} ${second}": }
}
