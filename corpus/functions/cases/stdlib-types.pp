# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on types, and validate_legacy.

is_a(1, Integer)

is_a('a', Integer)

is_a([1, 'a'], Array[Variant[Integer, String]])

is_a(1, 'Integer')

is_a(undef, Optional[String])

stdlib::type_of(1)

stdlib::type_of([1, 'a'])

stdlib::type_of({'a' => 1.5})

stdlib::type_of(undef)

stdlib::type_of(Integer)

type_of('a')

validate_legacy('Integer', 'validate_integer', 1)

validate_legacy('Integer', 'validate_integer', 'x')

validate_legacy(Integer[1, 5], 'validate_integer', 7)

validate_legacy(Stdlib::Port, 'validate_integer', 80)

validate_legacy('Stdlib::Port', 'validate_integer', 'x')

validate_legacy(Integer, 'validate_integer')

validate_legacy(1, 'validate_integer', 1)
