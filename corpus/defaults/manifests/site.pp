File { owner => 'root' }

node default {
  Exec { path => ['/usr/bin', '/bin'] }
  include app
  include peer
}
