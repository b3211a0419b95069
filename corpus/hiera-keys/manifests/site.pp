node default {
  include profile::web
}
