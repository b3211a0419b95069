function decl::pick_port(Integer $fallback = 80, Integer $port) {
  $port
}
