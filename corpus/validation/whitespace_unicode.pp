# Puppet's lexer reads Ruby's [[:blank:]]: the tab and every Unicode space
# separator, as whitespace (a no-break space after `=>`, before `{`, in a
# parameter list, ...).
file { '/tmp/a':
  ensure => present,
}
class nbsp {
}
class nbsp::params (
  $x, $y = 1,
) {
}
$x　=　1
$y = $x + 1
$z = [ $x, $y, $x, $y, $x, $y, $x, $y, $x, $y]
