# modulepath: corpus/forge-modules/modules
# stdlib 9's serializations, as Ruby writes them, and parsing.

stdlib::to_json({'a' => [1, 2.5, true, undef, 'b"c\\d/é'], 'e' => {}})

stdlib::to_json('a')

stdlib::to_json(1e20)

stdlib::to_json([default, /x/])

stdlib::to_json({1 => 2})

stdlib::to_json_pretty({'a' => [1, {'b' => undef}], 'c' => {}, 'd' => []})

stdlib::to_json_pretty([1, undef, 2], true)

stdlib::to_json_pretty({'a' => undef, 'b' => 1}, true)

stdlib::to_json_pretty({'a' => [1]}, false, {'indent' => "\t", 'space_before' => ' '})

stdlib::to_json_pretty({'a' => 1}, false, {'object_nl' => '', 'indent' => ''})

stdlib::to_json_pretty('a')

stdlib::to_json_pretty([1], false, {'other' => 1})

stdlib::to_yaml({'a' => {'b' => [1, {'c' => 2, 'd' => []}]}, 'e' => {}, 'f' => undef})

stdlib::to_yaml([[1, 2], [], undef, 'x'])

stdlib::to_yaml('a')

stdlib::to_yaml('')

stdlib::to_yaml(undef)

stdlib::to_yaml(1.5)

stdlib::to_yaml(true)

stdlib::to_yaml("a\nb")

stdlib::to_yaml("a\n")

stdlib::to_yaml("a\nb\n")

stdlib::to_yaml("a\nb\n\n")

stdlib::to_yaml(['/etc/x', 'y', 'yes', '1', '0.5', '1e3', '1_0', '012', '09', '0x1F', ':a'])

stdlib::to_yaml(['a: b', 'a #b', '-a', '- a', '@a', "tab\tx", 'é', 'null', '~', '2020-01-01', '12:30'])

stdlib::to_yaml(["a'b", 'a"b', '!a', '*a', '&a', '%a', 'a,b', '[a]', 'a]', '? a', '#a', '---', 'Yes', 'NO', 'on', 'True', 'Null'])

stdlib::to_yaml(["\n", "\na", "a\r\nb", ' a', 'a ', '-', ':', 'a:', 'a:b', '<<', 'n', 'N'])

stdlib::to_yaml({'key' => 'word word word word word word word word word word word word word word word word word word word word'})

stdlib::to_yaml(['word word word word word word word word word word word word word word word word word word'])

stdlib::to_yaml({"a\nb" => 1, 1 => 2, true => false})

stdlib::to_yaml({'a' => [1]}, {'indentation' => 4})

stdlib::to_yaml({'a' => {'b' => 1}}, {'indentation' => 4})

stdlib::to_toml({'b' => 1, 'a' => 'x', 'c' => {'d' => [1, 2], 'e' => {'f' => true}}, 'g' => [{'h' => 1}, {'h' => 2}]})

stdlib::to_toml({'a key' => 'x"#{y}', 'z' => {}})

stdlib::to_toml({'a' => [1, 'b', undef]})

stdlib::to_toml('a')

stdlib::to_ruby({'a' => [1, 2.5, true, undef, "b\n\"c"]})

stdlib::to_ruby(default)

stdlib::to_ruby({1 => 'a'})

stdlib::to_python({'a' => [1, 2.5, true, false, undef, 'b']})

stdlib::to_python('a#{b}')

parsejson('{"a": [1, 2.5, true, null, "b"]}')

parsejson('"a"')

parsejson('null', 'default')

parsejson('false', 'default')

parsejson('{', 'default')

parsejson('{')

parsejson('[1 2]')

parsejson('[1,]')

parsejson('1 2')

parsejson('')

parsejson(1)

parsejson()

parseyaml("a: [1, 2]\nb: c")

parseyaml('- a')

parseyaml('a', 'default')

parseyaml('', 'default')

parseyaml('~', 'default')

parseyaml('a: [', 'default')

parseyaml('x: 1.5')

parsepson('{"a": 1}')

parsepson('[1, "a"]')

loadjson('corpus/facts.json')['networking']

loadjson('corpus/nothing.json', {'a' => 1})

loadjson('corpus/nothing.json')

loadjson('corpus/demo/hiera.yaml', 'default')

loadjson()

loadyaml('corpus/demo/hiera.yaml')['version']

loadyaml('corpus/nothing.yaml', 'default')

loadyaml('corpus/facts.json')['os']

# A Sensitive value: Ruby writes Puppet's object with its class and value.
stdlib::to_yaml({'a' => Sensitive('x'), 'b' => [Sensitive(1), 2]})

stdlib::to_yaml([Sensitive('y')])
