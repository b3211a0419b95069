class role::web {
  include profile::base
  include profile::web
  # A typo: module profile is here, its class is not.
  include profile::monitorng
}
