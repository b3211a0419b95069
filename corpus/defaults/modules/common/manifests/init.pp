# Declared by both base and app: its parent is whichever Puppet evaluates
# first (base, since app inherits it), and so are its defaults.
class common {
  file { '/etc/common': ensure => file }
  # Its own default comes first whichever parent it has: app's `path` never
  # reaches this exec.
  Exec { path => ['/usr/local/bin'] }
  exec { 'refresh-common': command => 'true' }
}
