$mode = $facts['os']['family'] ? {
  'Debian' => '0644',
  default  => '0600',
  default  => '0640',
}
