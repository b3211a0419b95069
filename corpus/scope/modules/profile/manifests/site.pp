define profile::site (String $root = "/srv/${title}") {
  $path = "${root}/${name}"
  notice($path, $port)
}
