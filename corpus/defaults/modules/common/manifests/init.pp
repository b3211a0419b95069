# Declared by both base and app: its parent is whichever Puppet evaluates
# first (base, since app inherits it), and so are its defaults.
class common {
  file { '/etc/common': ensure => file }
}
