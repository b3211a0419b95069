node default {
  include profile::web
  include tools
  include plain
}
node 'typed.example.com' {
  include profile::typed
}
node /^json-/ {
  include profile::typed
}
node /^lists-/ {
  include profile::lists
}
node /^aliased-/ {
  include profile::aliased
}
