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

# Branches Puppet evaluates only when a name defined nowhere is defined:
# dead code, nothing to report. Then look-alikes that Puppet evaluates.
node 'guard.example.com' {
  if defined('nosuch_guarded') {
    include nosuch_guarded
    nosuch_guarded_type { 'a': }
    nosuch_guarded_function(1)
    Class['nosuch_guarded'] -> Class['present']
  }
  if defined(Class['nosuch_declared']) and $facts['os']['family'] == 'Gentoo' {
    include nosuch_declared
  }
  unless defined(Resource['nosuch_type']) {
    notice('no such type')
  } else {
    nosuch_type { 'b': }
  }
  if !defined('nosuch_other') {
    notice('no such resource')
  } else {
    include nosuch_other
  }
  # Inside a dead branch, a live guard is dead too.
  if defined('nosuch_outer') {
    if defined('present') {
      include nosuch_inner
    }
  }
  # Only a type, never looked up: Puppet does not fail.
  notice(Class['nosuch_value'])
  # Guarded by a name that is defined: evaluated.
  if defined('present') {
    include missing::guarded
  }
}
