# modulepath: -
# Puppet's collection functions.

join([1, 'a', [2]], '-')

join(['a', 'b'])

join('a', '-')

keys({'a' => 1, 'b' => 2})

values({'a' => 1, 'b' => 2})

flatten([1, [2, [3]]], 4)

size('abc')

size(1)

empty({})

empty(undef)

['a', 'b'].each |$x| { notice($x) }

join([1, 2.5, undef, true], ',')

join([{'a' => 1}, ['b', ['c']]], ';')

join([])

join(['a'], 1)

keys({})

keys([1])

values({'a' => {'b' => 1}})

flatten()

flatten(1, [2], [[3, [4]]])

flatten(undef)

unique([1, 2, 1, '1', 1.0])

unique('abcab')

unique({'a' => 1, 'b' => 2, 'c' => 1})

unique([1, 2, 3, 4]) |$x| { $x % 2 }

unique(['a', 'B', 'A']) |$x| { downcase($x) }

unique({'a' => 'x', 'b' => 'X'}) |$v| { upcase($v) }

unique(Integer[1, 3])

unique(1)

sort([3, 1, 2])

sort(['b', 'a', 'C'])

sort('cba')

sort([3, 1, 2]) |$a, $b| { $b - $a }

sort([1.5, 1, 2])

sort([[2, 1], [1, 2], [1]])

sort([1, 'a'])

sort(['a', 1])

sort({'a' => 1})

sort([])

size([1, 2])

size({'a' => 1})

size('')

size('été')

length([1])

length('abc')

length(1)

empty([])

empty('')

empty('x')

empty(0)

empty(Sensitive(''))

empty(Sensitive('x'))

empty([undef])

empty(true)
