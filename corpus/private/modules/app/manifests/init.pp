class app inherits vault::documented {
  require vault::guarded
  class { ['vault::internal', "vault::${kind}"]: }
  vault::helper { 'two': }
  Class['vault::internal'] -> Class['app']
  notice($vault::internal::setting, Class['vault']['token'])
  include $dynamic, "app::${role}"
}
