class decl::titles {
  file { ['/tmp/t1', '/tmp/t1']: }
}
