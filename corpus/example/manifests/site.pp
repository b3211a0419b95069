# The environment manifest of a small example environment.
node default {
  include web
}

node /^web\d+\.example\.com$/ {
  class { 'web':
    port => 8080,
  }
}
