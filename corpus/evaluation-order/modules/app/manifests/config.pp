class app::config {
  $dir = '/etc/app'
}
