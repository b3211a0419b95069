class profile::web inherits profile {
  $port = 80
  $message = "${greeting} on ${port}, node ${in_node}"
  $selected = $facts['os']['family'] ? {
    'Debian' => $port,
    default  => $profile::count,
  }
  if $facts['hostname'] =~ /^web(\d+)$/ {
    $number = $1
  }
  profile::site { 'main': }
}
