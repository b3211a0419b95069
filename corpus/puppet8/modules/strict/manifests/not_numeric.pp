# Arithmetic on a string that is no number: Puppet 7 and Puppet 8 both
# refuse it.
class strict::not_numeric {
  notify { 'not numeric':
    message => 'port ' + '80/tcp',
  }
}
