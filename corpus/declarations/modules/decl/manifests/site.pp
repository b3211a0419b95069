define decl::site {
  file { '/etc/site.conf': content => $title }
}
