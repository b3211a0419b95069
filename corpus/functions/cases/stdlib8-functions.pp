# modulepath: corpus/debian-modules
# stdlib 8's functions that stdlib 9 renamed or removed.

dig44({'a' => {'b' => [1, 2]}}, ['a', 'b', 1])

dig44({'a' => {'b' => [1, 2]}}, ['a', 'c'], 'default')

dig44({'a' => {'b' => [1, 2]}}, ['a', 'b', 'x'], 'default')

dig44({'a' => undef}, ['a'], 'default')

dig44({'a' => false}, ['a'], 'default')

dig44('a', ['a'])

dig44({}, 'a')

dig44({})

has_key({'a' => 1}, 'a')

has_key({'a' => 1}, 'b')

has_key('a', 'a')

has_key({})

hash(['a', 1, 'b', 2])

hash([['a', 1], ['b', 2]])

hash(['a'])

hash('a')

[
  try_get_value({'a' => {'b' => [1, 2]}}, 'a/b/1'),
  try_get_value({'a' => {'b' => 1}}, 'a/c', 'default'),
  try_get_value({'a' => 1}, 'a.b', 'default', '.'),
]

try_get_value('a', 'b')

type3x('a')

type3x('1')

type3x('1.5')

type3x(1)

type3x([])

type3x({})

type3x(true)

type3x(undef)

sprintf_hash('%<a>s-%<b>d', {'a' => 'x', 'b' => 2})

fqdn_rand_string(10)

fqdn_rand_string(10, 'ab', 'seed')

fqdn_rand_string('5')

fqdn_rand_string(0)

fqdn_rand_string(5, 1)

fqdn_rotate(['a', 'b', 'c', 'd'])

fqdn_rotate('abcdef', 'seed')

fqdn_rotate(1)

seeded_rand(100, 'seed')

seeded_rand('100', 'seed')

seeded_rand(0, 'seed')

seeded_rand(10, 1)

seeded_rand_string(8, 'seed')

os_version_gte('Debian', '10')

to_json({'a' => 1})

to_json_pretty({'a' => [1]})

to_yaml({'a' => 1})

to_toml({'a' => 1})

to_ruby([1])

to_python([true])

type_of([1])

merge({'a' => 1}, {'b' => 2})

merge(['a']) |$acc, $v| { { $v => 1 } }

batch_escape('a"b')

powershell_escape('a b')

shell_escape('a b')

deprecation('key', 'A message')
true

deprecation('key', 'A message', false)

ensure_packages(['a', 'b'], {'ensure' => 'present'})
[getparam(Package['a'], 'ensure'), getparam(Package['b'], 'ensure')]

ensure_packages({'a' => {'ensure' => 'latest'}})
getparam(Package['a'], 'ensure')

time(1, 2)
