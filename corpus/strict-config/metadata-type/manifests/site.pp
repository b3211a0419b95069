# Puppet 8 leaves the module out of the environment's modules, but its
# resource types still load: the type autoloader reads every directory of
# the modulepath.
dbthing { 'x': size => 3 }
