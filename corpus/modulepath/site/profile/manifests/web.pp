class profile::web {
  include secrets
  require secrets
  $password = $secrets::web_password
  $key = $::secrets::api_key
  notify { "${password} ${key} ${secrets::owner}": }
  # Not a class's variable: still unknown.
  notify { $web_port: }
}
