# A call of a stdlib function that stdlib 9 removed, and calls of ones it
# kept or that Puppet builds in, as look-alikes.
class app ($user) {
  validate_string($user)
  notify { "user ${upcase($user)} ${join(['a', 'b'], '-')} ${type_of($user)}": }
}
