define decl::vhost (String $docroot, Optional[String] $alias_name = undef) {
  file { "/etc/vhosts/${title}": content => $docroot }
}
