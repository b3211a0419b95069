class decl::attrs {
  file { '/tmp/attrs': mode => '0644', mode => '0600' }
}
