# modulepath: corpus/forge-modules/modules
# stdlib 9's digests and encodings.

base64('encode', 'hello')

base64('encode', 'a much longer text that spans more than sixty characters once it is encoded')

base64('encode', 'hello?>', 'strict')

base64('encode', 'hello?>', 'urlsafe')

base64('decode', 'aGVsbG8=')

base64('decode', 'aGVs bG8=')

base64('decode', 'aGVsbG8=', 'strict')

base64('decode', 'aGVs bG8=', 'strict')

base64('decode', 'aGVsbG8_Pg', 'urlsafe')

base64('decode', 'aGVsbG8_Pg==', 'urlsafe')

base64('other', 'a')

base64('encode', 1)

base64('encode', 'a', 'other')

base64('encode')

stdlib::sha256('abc')

stdlib::sha256(1)

stdlib::sha256(Sensitive('abc'))

stdlib::sha256(true)

stdlib::sha256([])

stdlib::crc32('abc')

stdlib::crc32('')

stdlib::crc32(1.5)

stdlib::crc32(Sensitive('abc'))

fqdn_uuid('puppetlabs.com')

fqdn_uuid('google.com')

fqdn_uuid()

fqdn_uuid('a', 'b')

fqdn_uuid(1)

pw_hash('password', 'sha-512', 'salt')

pw_hash('password', 'SHA-256', 'salt')

pw_hash('password', 'md5', 'salt')

pw_hash('password', 'sha-512', 'averyveryverylongsaltthatgoesonandon')

pw_hash(Sensitive('password'), 'sha-512', 'salt')

pw_hash('', 'sha-512', 'salt')

pw_hash(undef, 'sha-512', 'salt')

pw_hash('password', 'sha-1', 'salt')

pw_hash('password', 'sha-512', 'sa_lt')

pw_hash('password', 'sha-512', '')

pw_hash('password', 'bcrypt', 'x')

pw_hash('password', 'bcrypt', '10$abcdefghijklmnopqrstuu')

pw_hash('password', 'sha-512')

pw_hash(1, 'sha-512', 'salt')

str2saltedpbkdf2('password', 'saltsalt', 50000)

str2saltedpbkdf2('password', 'salt', 50000)

str2saltedpbkdf2('password', 'saltsalt', 5)

str2saltedpbkdf2('password', 'saltsalt', '50000')

str2saltedpbkdf2(1, 'saltsalt', 50000)

str2saltedpbkdf2('password', 'saltsalt')

str2saltedsha512(1)

str2saltedsha512()
