# Arithmetic on an interpolated string whose written text is no number,
# whatever it interpolates: Puppet 7 and Puppet 8 both refuse it.
class strict::not_numeric_computed {
  $timeout = 15
  $option = " -idle-timeout ${timeout}"
  notify { 'options':
    message => $option + " -flush",
  }
}
