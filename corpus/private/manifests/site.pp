node default {
  include vault::internal
  include app
}
