# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on facts and the environment.

fact('networking.fqdn')

fact('networking')

fact('os.family')

fact('nothing.here')

fact('fqdn.x')

fact('ssh_key')

fact('"networking".fqdn')

fact(1)

stdlib::os_version_gte('Debian', '10')

stdlib::os_version_gte('', '10')

stdlib::has_function('stdlib::merge')

stdlib::has_function('merge')

stdlib::has_function('each')

stdlib::has_function('stdlib::ensure')

stdlib::has_function('nothing')

stdlib::has_function('')

get_module_path('stdlib') =~ /stdlib$/

get_module_path('nothing')

get_module_path()

load_module_metadata('stdlib')['name']

load_module_metadata('nothing')

load_module_metadata('stdlib', true)['version']

glob(1)

glob()

stdlib::ensure(true)

stdlib::ensure(false, 'service')

stdlib::ensure('present', 'package')
