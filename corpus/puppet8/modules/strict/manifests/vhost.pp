define strict::vhost($port = 80) {
  notify { "vhost ${title} ${port}": }
}
