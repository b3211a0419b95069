class app inherits vault::documented {
  require vault::guarded
  class { ['vault::internal', "vault::${kind}"]: }
  vault::helper { 'two': }
  Class['vault::internal'] -> Class['app']
  # Ordering against an `@api private` class: a warning, not an error.
  Class['vault::documented'] -> Class['app']
  # So is ordering against an `assert_private()` one.
  Class['vault::guarded'] ~> Class['app']
  # A parameter of a private class, read by its qualified name: a warning.
  notice($vault::documented::level)
  notice($vault::internal::setting, Class['vault']['token'])
  notice($vault::token, $vault::public, Class['vault::internal']['setting'])
  include $dynamic, "app::${role}"
  # Private to class vault: not visible here.
  notice($vault::key)
}
