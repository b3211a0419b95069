# modulepath: -
# `new` and types called as functions: Array and Deferred.

Array('abc')

Array({'a' => 1, 'b' => [2]})

Array(3)

Array([1, 2])

Array(1, true)

Array([1], true)

Array(undef, true)

Array(Integer[1, 3])

Array(Enum[a, b])

Array(1.5)

Array(undef)

Array(true)

Array(1, 2)

Array[String](['a'])

Array[String]([1])

Array[Integer](3)

Array[String, 2](['a'])

Array.new('ab')

Array('ab') |$x| { $x + ['c'] }

Array(['x']) |$x| { $x + ['c'] }

Deferred('x::y')

Deferred('a', [1, 'b'])

Deferred('$var')

Deferred('a', undef)

Deferred('A')

Deferred(1)

Deferred('a', 1)

Deferred()

"${Deferred('a', ['b'])}"

Deferred('a') =~ Deferred

Deferred('a', [1]) == Deferred('a', [1])
