# modulepath: -
# What comes from outside the compilation: generate, puppetdb_query, and
# Hiera's backends called directly.

generate('echo')

generate('/bin/e;cho')

generate('/bin/../echo')

generate()

puppetdb_query(1)

puppetdb_query('')

puppetdb_query([])

puppetdb_query()

yaml_data({'path' => '/tmp/x.yaml'})

yaml_data({'path' => '/tmp/x.yaml'}, 1)

yaml_data({}, 1)

yaml_data()

json_data({'path' => '/tmp/x.json'}, 'ctx')

json_data({'path' => ''}, 'ctx')

hocon_data({'path' => '/tmp/x.conf'}, 'ctx')

hocon_data(1, 2, 3)

eyaml_lookup_key('k', {'path' => 'x'}, 'ctx')
