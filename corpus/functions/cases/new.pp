# modulepath: -
# `new` and types called as functions: Array, Deferred and Integer.

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

Integer('0x1F')

Integer('017')

Integer('017', 10)

Integer('08')

Integer(' 12')

Integer('- 3')

Integer('-0b101')

Integer('0b1', 16)

Integer('ff', 16)

Integer('10', 3)

Integer({'from' => '-7', 'abs' => true})

Integer(3.9)

Integer(true)

Integer([1])
