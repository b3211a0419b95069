class decl::typo {
  file { '/tmp/typo': contnet => 'x' }
}
