# Not a subclass of decl::overridden: Puppet refuses the override.
class decl::foreign {
  include decl::overridden
  File['/etc/overridden'] { owner => 'root' }
}
