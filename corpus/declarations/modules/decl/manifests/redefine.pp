# The declaring class cannot set an attribute again through an override.
class decl::redefine {
  file { '/etc/redefined': mode => '0644' }
  File['/etc/redefined'] { mode +> '0600' }
}
