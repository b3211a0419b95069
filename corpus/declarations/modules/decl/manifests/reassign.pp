class decl::reassign {
  $port = 80
  if $facts['os']['family'] == 'Debian' {
    $mode = '0644'
  } else {
    $mode = '0600'
  }
  $port = 8080
}
