# Declared by two classes that neither inherits from the other.
class shared {
  file { '/etc/shared': ensure => file }
}
