# modulepath: -
# Control: then, lest, with, call, break, next, return.

then(1) |$x| { $x + 1 }

then(undef) |$x| { $x + 1 }

then(1)

lest(undef) || { 'default' }

lest(5) || { 'default' }

lest(undef) |$x| { $x }

with(1, 2) |$a, $b| { $a + $b }

with() || { 'none' }

with(1) |$a, $b| { $b }

with(1)

call('join', ['a', 'b'], '-')

call('map', [1, 2]) |$x| { $x * 10 }

call('no_such_function')

[1, 2, 3].map |$x| { if $x == 2 { next() } $x }

[1, 2, 3].each |$x| { if $x == 2 { break() } warning($x) }

break()

next(1)

return(1)

[1, 2].map |$x| { return(5) }
