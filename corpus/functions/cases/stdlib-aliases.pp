# modulepath: corpus/forge-modules/modules
# stdlib 9's deprecated unnamespaced functions: a warning, then the
# stdlib:: function.

merge({'a' => 1}, {'b' => 2})

merge(['a']) |$acc, $v| { { $v => 1 } }

merge(1)

to_json({'a' => [1, 'b']})

to_json_pretty([1])

to_yaml('a')

to_toml({'a' => 1})

to_python(true)

to_ruby('a')

type_of(1)

batch_escape('a')

powershell_escape('a b')

shell_escape('a b')

fqdn_rand_string(5)

fqdn_rotate([1, 2, 3])

seeded_rand(10, 'x')

seeded_rand_string(5, 'x')

os_version_gte('Debian', '10')

validate_domain_name('example.com')

validate_email_address('a@example.com')

ensure_packages('pkg')

$x = merge({'a' => 1}, {'b' => 2})
merge($x, {'c' => 3})

deprecation('key', 'A message')

deprecation('key', 'A message', false)

deprecation('key')
