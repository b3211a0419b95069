class decl::defaults {
  File { mode => '0644' }
  File { mode => '0600' }
}
