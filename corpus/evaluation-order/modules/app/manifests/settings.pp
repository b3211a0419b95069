class app::settings {
  $dir = '/etc/app/settings'
}
