class app inherits vault::documented {
  require vault::guarded
  class { ['vault::internal', "vault::${kind}"]: }
  vault::helper { 'two': }
  Class['vault::internal'] -> Class['app']
  # Ordering against an `@api private` class is allowed (look-alike).
  Class['vault::documented'] -> Class['app']
  notice($vault::internal::setting, Class['vault']['token'])
  notice($vault::token, $vault::public, Class['vault::internal']['setting'])
  include $dynamic, "app::${role}"
  # Private to class vault: not visible here.
  notice($vault::key)
}
