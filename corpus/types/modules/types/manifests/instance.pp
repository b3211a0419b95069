define types::instance (Integer[1] $count) {
  notify { "${title} x ${count}": }
}
