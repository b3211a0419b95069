class types::counted (Integer $count) {
  notify { "count ${count}": }
}
