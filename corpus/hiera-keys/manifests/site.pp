node default {
  include profile::web
  include tools
  include plain
}
