# modulepath: corpus/forge-modules/modules
# stdlib 9's functions that declare and find resources.

ensure_resource('file', '/tmp/a', {'ensure' => 'file'})
ensure_resource('file', '/tmp/a', {'ensure' => 'file'})
getparam(File['/tmp/a'], 'ensure')

ensure_resource('file', ['/tmp/a', '/tmp/b'], {'ensure' => 'file'})
[getparam(File['/tmp/a'], 'ensure'), getparam(File['/tmp/b'], 'ensure')]

file { '/tmp/a': ensure => directory }
ensure_resource('file', '/tmp/a', {'ensure' => 'directory'})
getparam(File['/tmp/a'], 'ensure')

ensure_resource('file', '/tmp/a')
defined(File['/tmp/a'])

ensure_resource('file')

ensure_resources('user', {'dan' => {'gid' => 'mygroup'}, 'alex' => undef}, {'ensure' => 'present'})
[getparam(User['dan'], 'gid'), getparam(User['alex'], 'ensure')]

ensure_resources('user', 'dan')

stdlib::ensure_packages(['a', 'b'])
[getparam(Package['a'], 'ensure'), getparam(Package['b'], 'ensure')]

stdlib::ensure_packages('a', {'ensure' => 'latest', 'provider' => 'apt'})
[getparam(Package['a'], 'ensure'), getparam(Package['a'], 'provider')]

package { 'a': ensure => present }
stdlib::ensure_packages('a')
getparam(Package['a'], 'ensure')

package { 'a': ensure => installed }
stdlib::ensure_packages('a')

stdlib::ensure_packages({'a' => {'ensure' => 'absent'}, 'b' => {}}, {'provider' => 'pip'})
[getparam(Package['a'], 'ensure'), getparam(Package['b'], 'ensure'), getparam(Package['b'], 'provider')]

stdlib::ensure_packages({'a' => undef})

stdlib::ensure_packages('')

stdlib::ensure_packages(1)

file { '/tmp/a': ensure => file, mode => '0644' }
[defined_with_params(File['/tmp/a'], {'ensure' => 'file'}), defined_with_params('File[/tmp/a]', {'mode' => '0600'}), defined_with_params(File['/tmp/b'])]

file { '/tmp/a': ensure => file }
[defined_with_params('File', {'ensure' => 'file'}), defined_with_params('File[/tmp/a]')]

defined_with_params('x')

defined_with_params(1)

defined_with_params()

file { '/tmp/a': ensure => file }
[getparam(File['/tmp/a'], 'ensure'), getparam(File['/tmp/a'], 'mode'), getparam(File['/tmp/x'], 'ensure'), getparam('File[/tmp/a]', '')]

getparam(File['/tmp/a'], 1)

getparam()

file { '/tmp/a': ensure => file }
"${stdlib::str2resource('File[/tmp/a]')}"

stdlib::str2resource('File[/tmp/a]')

stdlib::str2resource('nothing')

assert_private()

assert_private('message')

assert_private(1, 2)
