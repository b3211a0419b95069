class decl::facts {
  $trusted = {}
}
