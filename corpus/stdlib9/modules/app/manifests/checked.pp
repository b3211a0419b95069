# validate_legacy's deprecation heeds Puppet's `strict`: a warning under
# Puppet 7's strict=warning, the compilation's failure under Puppet 8's
# strict=error.
class app::checked (String $user = 'deploy') {
  validate_legacy('String', 'validate_string', $user)
  notify { "checked ${user}": }
}
