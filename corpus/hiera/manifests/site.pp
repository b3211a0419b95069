node default {
  include web
  include app, app::probe
}
node 'unknown-data.example.com' {
  include app::unknown
}
node 'unknown-path.example.com' {
  include broken
}
