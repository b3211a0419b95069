# modulepath: corpus/forge-modules/modules
# stdlib 9's repeatable randomness, as Puppet draws it.

stdlib::fqdn_rand_string(10)

stdlib::fqdn_rand_string(10, 'ab')

stdlib::fqdn_rand_string(10, '', 'seed')

stdlib::fqdn_rand_string(10, undef, 'a', 'b')

stdlib::fqdn_rand_string(5, 'abcdef', ['x', 1])

stdlib::fqdn_rand_string(0)

stdlib::fqdn_rand_string('a')

stdlib::fqdn_rotate(['a', 'b', 'c', 'd'])

stdlib::fqdn_rotate(['a', 'b', 'c', 'd'], 'seed')

stdlib::fqdn_rotate('abcdef')

stdlib::fqdn_rotate('abcdef', 1, 'x')

stdlib::fqdn_rotate(['a'])

stdlib::fqdn_rotate(1)

stdlib::seeded_rand(100, 'seed')

stdlib::seeded_rand(1000000, 'another seed')

stdlib::seeded_rand(4294967296000, 'big')

stdlib::seeded_rand(1, 'seed')

stdlib::seeded_rand(0, 'seed')

stdlib::seeded_rand(10, 1)

stdlib::seeded_rand_string(10, 'seed')

stdlib::seeded_rand_string(10, 'seed', 'ab')

stdlib::seeded_rand_string(10, 'seed', 'a')

stdlib::seeded_rand_string(0, 'seed')
