class decl::again {
  notify { 'from the module': }
}
