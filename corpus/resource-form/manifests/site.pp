# How Puppet writes resources into a catalog: what a title gives its
# parameters (a type's title_patterns), flattened references, chains,
# compiled by Puppet (expected/puppet-catalog.json).
node default {
  # File's own pattern drops trailing slashes: `path` is set apart.
  file { '/tmp/dir/': ensure => directory }
  # The namevar repeating the title is left out.
  file { '/tmp/same': path => '/tmp/same' }
  package { 'p': name => 'p', ensure => installed }
  # A module's type with composite names, read from its Ruby.
  titled { 'alpha in /etc/x': value => '1' }
  titled { 'beta': target => '/etc/y' }
  titled { 'gamma': value => '3', variable => 'G' }
}

# Puppet's copy of a resource flattens arrays that hold references.
node 'flat.example.com' {
  notify { ['a', 'b', 'c']: }
  notify { 'n': before => [[Notify['a'], Notify['b']], [Notify['c']]] }
  notify { 'm': message => [['x'], 'y'] }
}

# A collector that collects nothing passes an arrow on: `a` comes before
# `c` (Puppet's empty alternative).
node 'chain.example.com' {
  notify { ['a', 'c']: }
  Notify['a'] -> Notify <| title == 'absent' |> -> Notify['c']
}

# A title a function gives as no string names the resource by its text,
# but is no tag of it, and its namevar does not repeat it.
define numbered { notify { "in ${title}": } }
node 'numbers.example.com' {
  create_resources('numbered', { 80 => {}, 'x' => {} })
  create_resources('notify', { 81 => {} })
}
