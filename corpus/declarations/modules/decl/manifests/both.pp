class decl::both {
  include decl::left
  include decl::right
}
