class decl::classdefaults {
  Class { stage => 'main' }
}
