node default {
  include role::web
}
