# Each node gets one role.
node 'web01.example.com' {
  include role::web
}

node 'db01.example.com' {
  include role::database
}

node default {
  include role::base
}
