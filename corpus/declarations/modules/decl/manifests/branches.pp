# The same title in two branches, and a virtual resource realized: one
# declaration each time.
class decl::branches {
  if $facts['os']['family'] == 'Debian' {
    package { 'vim': ensure => installed }
    include decl::left
  } else {
    package { 'vim': ensure => latest }
  }
  $extras = { 'mode' => '0644' }
  file { '/tmp/branches': * => $extras }
}
