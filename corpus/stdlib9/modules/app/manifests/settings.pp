class app::settings (
  Hash $settings = { 'port' => 8080 },
) {
  if has_key($settings, 'port') {
    notify { "port ${settings['port']}": }
  }
}
