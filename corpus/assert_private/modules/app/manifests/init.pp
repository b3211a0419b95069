class app {
  # Ordering against it is allowed; declaring it is not.
  Class['vault::guarded'] -> Class['app']
  vault::helper { 'from-app': }
}
