class tools (
  Integer $level = 1,
  # A key looked up through a variable: the data's `tools::vault::secret`
  # is used, though no class `tools::vault` exists.
  String $secret_key = 'tools::vault::secret',
) {
  $secret = lookup($secret_key, String, 'first', 'none')
  notify { "tools level ${level} secret ${secret}": }
}
