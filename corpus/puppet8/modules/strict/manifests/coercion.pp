# Arithmetic on strings: Puppet 7 coerces each string to a number and
# warns; Puppet 8 (strict=error) refuses the first.
class strict::coercion {
  $base = '8000'
  $port = $base + 80
  $negated = -'5'
  $twice = 2 * "${negated}"
  # A string variable read in a lambda of the scope that assigned it.
  $offsets = [1].map |$offset| { $base + $offset }
  # Look-alikes that Puppet does not coerce: concatenation, comparison.
  $ports = [80] + '443'
  $same = '1' == 1
  # Look-alikes whose variable holds a number: a number assigned, a
  # lambda's parameter hiding a string of the same name.
  $number = 80
  $next = $number + 1
  $sums = [2].map |$base| { $base + 1 }
  notify { 'coercion':
    message => "port ${port}, ${negated}, ${twice}, ${ports}, ${same}, ${offsets}, ${next}, ${sums}",
  }
}
