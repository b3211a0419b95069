# modulepath: -
# Lookup without data: lookup's forms and defaults, hiera and its
# variants.

lookup('no::such::key')

lookup('no::such::key', undef, undef, 'dflt')

lookup('no::such::key', String, 'first', 'dflt')

lookup('no::such::key', Integer, 'first', 'dflt')

lookup('no::such::key', {'default_value' => 5})

lookup({'name' => 'no::such::key', 'default_value' => [1]})

lookup(['a', 'b'], undef, undef, 'either')

lookup('no::such::key') |$k| { "no ${k}" }

lookup('no::such::key', Integer) |$k| { 'x' }

lookup('no::such::key', undef, 'bogus', 1)

lookup('no::such::key', undef, {'strategy' => 'deep'}, {})

lookup('no::such::key', undef, {'strategy' => 'nope'}, 1)

lookup('no::such::key', undef, {'knockout_prefix' => '--'}, 1)

lookup('no::such::key', undef, 'unique', 1)

lookup()

lookup(1)

lookup('no::such::key', {'bogus' => 1})

hiera('no::such::key', 'dflt')

hiera('no::such::key')

hiera('no::such::key') |$k| { "block ${k}" }

hiera_array('no::such::key', ['d'])

hiera_hash('no::such::key', {'d' => 1})

hiera_array('no::such::key')

hiera_include('no::such::key', [])

hiera()
