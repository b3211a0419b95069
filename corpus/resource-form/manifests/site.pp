# How Puppet writes resources into a catalog: what a title gives its
# parameters (a type's title_patterns), flattened references, chains,
# compiled by Puppet (expected/puppet-catalog.json).
node default {
  # File's own pattern drops trailing slashes: `path` is set apart.
  file { '/tmp/dir/': ensure => directory }
  # The namevar repeating the title is left out.
  file { '/tmp/same': path => '/tmp/same' }
  package { 'p': name => 'p', ensure => installed }
  # A module's type with composite names, read from its Ruby.
  titled { 'alpha in /etc/x': value => '1' }
  titled { 'beta': target => '/etc/y' }
  titled { 'gamma': value => '3', variable => 'G' }
}

# Puppet's copy of a resource flattens arrays that hold references.
node 'flat.example.com' {
  notify { ['a', 'b', 'c']: }
  notify { 'n': before => [[Notify['a'], Notify['b']], [Notify['c']]] }
  notify { 'm': message => [['x'], 'y'] }
}

# A collector that collects nothing passes an arrow on: `a` comes before
# `c` (Puppet's empty alternative).
node 'chain.example.com' {
  notify { ['a', 'c']: }
  Notify['a'] -> Notify <| title == 'absent' |> -> Notify['c']
}

# A title a function gives as no string names the resource by its text,
# but is no tag of it, and its namevar does not repeat it.
define numbered { notify { "in ${title}": } }
node 'numbers.example.com' {
  create_resources('numbered', { 80 => {}, 'x' => {} })
  create_resources('notify', { 81 => {} })
}

# Values that are not plain data, as a catalog carries them (Puppet's rich
# data, `{"__ptype": ...}`): types of every kind, default, regexps,
# deferred calls, hashes with keys other than strings, and the other
# scalar types.
type Rich::Port = Integer[1, 65535]
type Rich::Car = Object[{ attributes => { wheels => Integer, make => { type => String, value => 'volvo' } } }]
type Rich::Tagged = Object[{ type_parameters => { label => String }, attributes => { label => String } }]
node 'rich.example.com' {
  notify { 'types':
    message => {
      'any' => Any, 'undef' => Undef, 'default' => Default,
      'scalar' => Scalar, 'scalar_data' => ScalarData,
      'numeric' => Numeric, 'boolean' => Boolean,
      'integer' => Integer, 'integer_from' => Integer[1], 'integer_range' => Integer[1, 2],
      'integer_open' => Integer[default, 2], 'float' => Float[0.5, 1.5],
      'string' => String, 'string_size' => String[1, 5], 'string_min' => String[2],
      'enum' => Enum[a, b], 'enum_insensitive' => Enum[a, true],
      'pattern' => Pattern[/a+/, 'b'], 'regexp' => Regexp, 'regexp_of' => Regexp[/x/],
      'array' => Array, 'array_of' => Array[Integer], 'array_sized' => Array[String, 1, 3],
      'hash' => Hash, 'hash_of' => Hash[String, Integer], 'hash_sized' => Hash[String, Integer, 1],
      'tuple' => Tuple[Integer, String, 1, 2], 'struct' => Struct[{ a => Integer, Optional[b] => String }],
      'optional' => Optional[String], 'not_undef' => NotUndef[Integer], 'variant' => Variant[Integer, String],
      'callable' => Callable, 'callable_of' => Callable[Integer, String, 1, 2],
      'type' => Type, 'type_of' => Type[Integer], 'collection' => Collection[1, 2],
      'iterable' => Iterable[String], 'iterator' => Iterator[Integer], 'runtime' => Runtime['ruby', 'String'],
      'class_of' => Class[apache], 'resource_of' => Resource[file],
      'sensitive' => Sensitive[String], 'semver' => SemVer['>= 1.0.0'],
      'semver_range' => SemVerRange, 'timestamp' => Timestamp['2020-01-01T00:00:00.000 UTC'],
      'timespan' => Timespan[0, 10], 'binary' => Binary, 'init' => Init[Integer, 16],
      'object' => Object, 'uri' => URI, 'uri_of' => URI['http://x'],
      'not_undef_bare' => NotUndef, 'optional_bare' => Optional, 'alias' => Rich::Port,
      'object_type' => Rich::Car, 'optional_member' => Struct[{ a => Optional[Integer], NotUndef[b] => Optional[String] }],
      'callable_block' => Callable[[String], Integer], 'callable_none' => Callable[0, 0],
      'float_open' => Float[default, 1.5], 'timespan_from' => Timespan['1-00:00:00'],
      'object_extension' => Rich::Tagged['a'],
    },
  }
  notify { 'values':
    message => [
      default, /a+b/, Deferred('join', [[1, 2], ',']), { 1 => 'one', 'two' => 2 },
      Timestamp('2020-01-01T00:00:00.000 UTC'), Timespan(3600), SemVer('1.2.3'),
      SemVerRange('>= 1.0.0'), Binary('aGVsbG8='), Sensitive('secret'),
      { 'nested' => [default, Integer] }, Rich::Car(4), Rich::Car({ wheels => 3, make => 'saab' }),
    ],
  }
  notify { 'sensitive':
    message => Sensitive('hidden'),
  }
}
