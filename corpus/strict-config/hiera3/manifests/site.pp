class site (Integer $port = 80) {
  notify { "port ${port}": }
}
include site
