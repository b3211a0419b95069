node default {
  include vault
  include app
}

node 'include.example.com' {
  include other
}
