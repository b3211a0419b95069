# stdlib 9 keeps to_json as a shim that warns ("This function is
# deprecated, please use stdlib::to_json instead."); stdlib::to_json is the
# function itself.
class app::serialized (Hash $settings = { 'port' => 8080 }) {
  file { '/etc/app.json':
    content => to_json($settings),
  }
  notify { stdlib::to_json($settings): }
}
