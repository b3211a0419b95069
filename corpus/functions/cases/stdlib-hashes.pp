# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on hashes, and pick.

stdlib::merge({'a' => 1, 'b' => 2}, {'b' => 3, 'c' => 4})

stdlib::merge({'a' => 1}, undef, '', {'b' => 2})

stdlib::merge()

stdlib::merge({1 => 'a'}, {1.0 => 'b'})

stdlib::merge(['a', 'b']) |$acc, $v| { { $v => $acc.length } }

stdlib::merge({'a' => 1, 'b' => 2}) |$acc, $k, $v| { { "${k}x" => $v + $acc.length } }

stdlib::merge(['a', 'b']) |$acc, $i, $v| { { $v => $i } }

stdlib::merge(['a', 'b']) |$acc, $v| { 'not a hash' }

stdlib::merge(3) |$acc, $v| { { $v => 1 } }

stdlib::merge(['a'], ['b']) |$acc, $v| { { $v => 1 } }

deep_merge({'a' => {'b' => 1, 'c' => 2}}, {'a' => {'b' => 3}, 'd' => 4})

deep_merge({'a' => {'b' => 1}}, {'a' => 'x'}, '', {'e' => 5})

deep_merge({'a' => 1})

deep_merge({'a' => 1}, ['b'])

deep_merge({'a' => 1}, undef)

join_keys_to_values({'a' => 1, 'b' => [2, 3], 'c' => undef, 'd' => 'undef'}, '=')

join_keys_to_values({'a' => 1}, 1)

join_keys_to_values(['a'], '=')

join_keys_to_values({'a' => 1})

delete_values({'a' => 'A', 'b' => 'B', 'c' => 'A'}, 'A')

delete_values({'a' => 1, 'b' => 1.0}, 1)

delete_values(['a'], 'a')

delete_values({'a' => 1})

pick(undef, '', 'a', 'b')

pick(undef, '')

pick()

pick([], 'a')

pick(false, 'a')

pick_default(undef, '', 'a')

pick_default(undef, 'b')

pick_default(undef, undef)

pick_default()

pick_default('x')

stdlib::nested_values({'a' => 1, 'b' => {'c' => 2, 'd' => {'e' => [3]}}, 'f' => {}})

stdlib::nested_values([])
