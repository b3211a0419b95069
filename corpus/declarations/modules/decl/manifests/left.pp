class decl::left {
  package { 'curl': }
}
