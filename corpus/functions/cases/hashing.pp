# modulepath: -
# Digests and fqdn_rand.

md5('hello')

md5('')

md5('été')

sha1('hello')

sha256('hello')

digest('hello')

md5()

md5('a', 'b')

md5(1)

sha1(undef)

sha256(['a'])

fqdn_rand(100)

fqdn_rand(100, 'expensive job 1')

fqdn_rand(100, 'expensive job 2')

fqdn_rand('60')

fqdn_rand(60, 1)

fqdn_rand(60, 1.5)

fqdn_rand(60, ['a', 'b'])

fqdn_rand(60, undef)

fqdn_rand(60, 'x', true)

fqdn_rand(60, 'x', false)

fqdn_rand(4294967296)

fqdn_rand(9007199254740993, 'big')

fqdn_rand(1)

fqdn_rand(0)

fqdn_rand(-5)

fqdn_rand('abc')

fqdn_rand(30.9)

fqdn_rand()

[1, 2, 3].map |$i| { fqdn_rand(1000, $i) }
