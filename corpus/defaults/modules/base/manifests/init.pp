class base {
  File { mode => '0644', group => 'root' }
  file { '/etc/base.conf': ensure => file }
  include common
  Package { ensure => 'installed' }
}
