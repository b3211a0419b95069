# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on paths.

basename('/a/b/c.rb')

basename('/a/b/c.rb', '.rb')

basename('/a/b/c.rb', '.*')

basename('/a/b/')

basename('/')

basename('')

basename('.rb', '.rb')

basename('c.rb', 'rb')

basename(1)

basename('a', 1)

basename()

basename('a', 'b', 'c')

dirname('/a/b/c')

dirname('a/b/')

dirname('a')

dirname('/')

dirname('//a')

dirname('')

dirname(1)

dirname()

dirname('a', 'b')

stdlib::extname('a.rb')

stdlib::extname('a/b.c.d')

stdlib::extname('.bashrc')

stdlib::extname('foo.')

stdlib::extname('a/.b')

stdlib::extname('')

stdlib::extname(1)
