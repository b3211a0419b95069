class decl::right {
  package { 'curl': }
}
