# modulepath: corpus/debian-modules
# stdlib 8's is_* and validate_* functions (removed in stdlib 9).

is_absolute_path('/etc')

is_absolute_path('C:/Windows')

is_absolute_path('etc')

is_absolute_path(['/etc'])

is_array([1])

is_array('a')

is_bool(false)

is_bool('true')

is_float(1.5)

is_float('1.5')

is_float('1.50')

is_float(1)

is_ip_address('10.0.0.1')

is_ip_address('::1')

is_ip_address('x')

is_ipv4_address('10.0.0.1')

is_ipv4_address('::1')

is_ipv6_address('::1')

is_numeric(1)

is_numeric('-1.5e3')

is_numeric('1.')

is_string('a')

is_string('1')

is_string('1.0')

is_string(undef)

is_string(1)

is_hash({})

is_hash([])

is_integer('10')

is_integer('010')

is_integer(1.0)

is_domain_name('example.com')

is_domain_name('example.com.')

is_domain_name('-x.com')

is_domain_name('x.c0m')

is_email_address('a@example.com')

is_email_address('a@b')

is_mac_address('00:0a:95:9d:68:16')

is_mac_address('00:0a:95:9d:68')

is_function_available('is_function_available')

is_function_available('sprintf')

is_function_available('stdlib::start_with')

is_function_available(1)

validate_absolute_path('/etc', ['/tmp', 'C:/x'])

validate_absolute_path('etc')

validate_absolute_path(undef)

validate_absolute_path()

validate_array([1], [])

validate_array('a')

validate_array({})

validate_bool(true, false)

validate_bool('true')

validate_hash({'a' => 1})

validate_hash('a')

validate_string('a', undef)

validate_string(1)

validate_string([])

validate_integer(1)

validate_integer('0x10', 20)

validate_integer(5, 3)

validate_integer('5', 3)

validate_integer(5, 10, 7)

validate_integer([1, 5], 3)

validate_integer([1, 'a'])

validate_integer([1, {}])

validate_integer({})

validate_integer(1.5)

validate_integer(1, 'x')

validate_integer(1, '', 2)

validate_integer(1, 2, 3)

validate_integer()

validate_numeric(1.5, 2)

validate_numeric(2.5, 2)

validate_numeric('1e3', 2000, 5)

validate_numeric('a')

validate_numeric({})

validate_ip_address('10.0.0.1', '::1')

validate_ip_address('x')

validate_ip_address(1)

validate_ipv4_address('10.0.0.1')

validate_ipv4_address('::1')

validate_ipv6_address('::1')

validate_ipv6_address('10.0.0.1')

validate_re('one', '^one$')

validate_re('one', ['^two', 'ne'])

validate_re('one', '^two$')

validate_re('one', '^two$', 'custom message')

validate_re('one', /^o/)

validate_re(1, 'x')

validate_re('one')

validate_slength('abc', 5)

validate_slength('abcdef', 5)

validate_slength(['ab', 'cdefgh'], 5)

validate_slength('a', 5, 2)

validate_slength('a', 0)

validate_slength('a', 'x')

validate_slength('a', 5, -1)

validate_slength('a', 2, 3)

validate_slength(1, 5)

validate_slength([1], 5)

validate_domain_name('example.com')

validate_domain_name('-x')

validate_domain_name(1)

validate_email_address('a@example.com')

validate_email_address('x')

validate_legacy('Integer', 'validate_integer', 1)

validate_legacy('Integer', 'validate_integer', '1')
true

validate_legacy('Integer', 'validate_integer', 'a')

validate_legacy(String, 'validate_re', 'a', 'b')

validate_legacy(Integer, 'validate_integer')
