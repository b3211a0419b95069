# Arithmetic on a variable whose string is no number: Puppet 7 and
# Puppet 8 both refuse it.
class strict::not_numeric_variable {
  $service = 'web'
  notify { 'not numeric':
    message => $service * 2,
  }
}
