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
