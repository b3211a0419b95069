class strict::web {
  strict::vhost { 'www': }
}
