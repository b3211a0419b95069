# Arithmetic on strings: Puppet 7 coerces each string to a number and
# warns; Puppet 8 (strict=error) refuses the first.
class strict::coercion {
  $base = '8000'
  $port = $base + 80
  $negated = -'5'
  $twice = 2 * "${negated}"
  # Look-alikes that Puppet does not coerce: concatenation, comparison.
  $ports = [80] + '443'
  $same = '1' == 1
  notify { 'coercion':
    message => "port ${port}, ${negated}, ${twice}, ${ports}, ${same}",
  }
}
