# A subclass may override what its base class declares.
class decl::overrider inherits decl::overridden {
  File['/etc/overridden'] { mode => '0600' }
}
