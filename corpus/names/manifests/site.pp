# Names defined nowhere, one per node (Puppet stops at the first), and
# look-alikes that are defined: by a manifest, by Puppet, by Ruby.
node 'class.example.com' {
  include present
  include missing::thing
}

node 'type.example.com' {
  present::thing { 'a': }
  present_setting { 'b': }
  present_made { 'e': value => 1 }
  file { '/tmp/c': ensure => file }
  nosuch { 'd': }
}

node 'function.example.com' {
  notice(present::double(2), String(1), [1].map |$x| { $x })
  nofunc(1)
}
