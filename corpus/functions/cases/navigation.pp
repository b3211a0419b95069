# modulepath: -
# Navigating values: dig, get, getvar.

dig({'a' => {'b' => [1, 2]}}, 'a', 'b', 1)

dig({'a' => 1}, 'x', 'y')

dig([1, [2, 3]], 1, -1)

dig({'a' => [1]}, 'a', 'x')

dig({'a' => 1}, 'a', 'b')

dig(undef, 'a')

dig({'a' => 1})

dig(1, 'a')

dig({'a' => 1}, undef)

get({'a' => {'b' => [1, 2]}}, 'a.b.1')

get({'a' => 1}, 'x', 'default')

get({'a' => {'b.c' => 2}}, 'a."b.c"')

get([1, 2], '0')

get({'a' => 1}, '')

get(undef, 'a', 'd')

get({'a' => 1}, 'a.b')

get({'a' => 1}, 'a.b') |$e| { 'caught' }

get({'a' => 1}, 'a..b')

get({'a' => 1}, 1)

$x = {'a' => [1, 2]}
getvar('x.a.1')

getvar('no_such')

getvar('no_such', 'default')

$y = 1
getvar('y')

getvar('facts.networking.fqdn')

getvar('::facts.os.family')

getvar('x y')

getvar('1x')

$z = {'a' => 1}
getvar('z.b', 'dflt')
