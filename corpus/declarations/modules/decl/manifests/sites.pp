class decl::sites {
  decl::site { 'a': }
  decl::site { 'b': }
}
