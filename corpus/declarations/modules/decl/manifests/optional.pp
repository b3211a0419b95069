# Puppet 7 wants a value for a parameter without a default, even when its
# type accepts undef.
define decl::optional (Optional[String] $note) {
  notify { "${title}: ${note}": }
}
