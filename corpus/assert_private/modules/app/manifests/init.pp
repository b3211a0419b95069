class app {
  # Ordering against it is allowed; declaring it is not.
  Class['vault::guarded'] -> Class['app']
  notify { 'ordered by a metaparameter':
    require => Class['vault::guarded'],
  }
  vault::helper { 'from-app': }
}
