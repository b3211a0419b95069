# modulepath: -
# Types: type, convert_to, assert_type, unwrap, annotate.

type(1)

type('abc')

type([1, 'a'])

type({'a' => 1})

type(1, 'detailed')

type(1, 'reduced')

type([1, 'a'], 'reduced')

type([1, 'a'], 'generalized')

type({'a' => [1.5]}, 'generalized')

type({'a' => 1, 'b' => 'x'}, 'reduced')

type(undef)

type(Integer)

type(1, 'bogus')

type(/x/)

type(true)

type(default)

type([])

type({})

type(Sensitive('x'))

type(1.5)

type(1.5, 'generalized')

type('abc', 'generalized')

type(File['/x'])

type()

convert_to('42', Integer)

convert_to(42, String)

convert_to('1', Integer) |$x| { $x + 1 }

convert_to('x', Integer)

convert_to('3.5', Float)

convert_to(1, Boolean)

convert_to('1')

assert_type(Integer, 1)

assert_type(Integer, 'a')

assert_type(String[1], '') |$e, $a| { "${e} vs ${a}" }

assert_type('Integer', 1)

assert_type('Integer[1]', 0)

assert_type('Foo', 0)

Integer('x')

assert_type(Array[String], [1])

assert_type(Optional[Integer], undef)

unwrap(Sensitive('secret'))

unwrap('plain')

unwrap(Sensitive('x')) |$v| { "${v}!" }

unwrap()

annotate()

annotate(1, 2, 3, 4)
