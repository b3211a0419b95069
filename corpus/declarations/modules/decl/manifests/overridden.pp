# The resources the override fixtures change.
class decl::overridden {
  file { '/etc/overridden': mode => '0644' }
}
