# modulepath: -
# Logging: warning as Puppet's log shows it (the other levels log too).

warning('careful')

warning('a', 1, [2, 'b'], {'k' => 'v'})

warning()

warning(undef)

notice('n')

info('i')

debug('d')

err('e')

alert('a')

crit('c')

emerg('e')

warning(Integer[1, 2])
