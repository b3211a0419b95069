# modulepath: corpus/forge-modules/modules
# The catalog: include, require, contain, realize, tag, tagged, defined,
# create_resources, fail.

include('stdlib')

include(['stdlib', 'stdlib::stages'])

include()

include('no_such_class')

require('stdlib')

contain('stdlib')

defined('$facts')

defined('$no_such_variable')

defined('stdlib')

defined('no_such_class')

defined('file')

defined('File')

defined('notify')

defined('no_such_type')

defined('join')

defined('no_such_function')

defined(File['/x'])

file { '/y': ensure => present }
defined(File['/y'])

defined(Class['stdlib'])

defined(Class['no_such_class'])

defined()

defined(1)

defined('')

tag('a', 'b')

tag()

tagged('main')

tagged('no_such_tag')

tag('x')
tagged('x')

tagged()

create_resources('notify', {'a' => {'message' => 'hi'}})

create_resources('notify', {'a' => {}}, {'message' => 'default'})

create_resources('no_such_type', {'c' => {}})

create_resources('notify')

create_resources('notify', 'x')

@notify { 'virtual': }
realize(Notify['virtual'])

realize(Notify['nonexistent'])

realize()

fail('it broke')

fail('a', 'b', 1)

fail()
