# modulepath: -
# Iteration: each, map, filter, reduce, any, all, index, slice, step,
# reverse_each, tree_each, group_by, partition.

[1, 2].each |$x| { warning($x) }

{'a' => 1}.each |$k, $v| { warning("${k}=${v}") }

{'a' => 1}.each |$pair| { warning($pair) }

[10, 20].each |$i, $x| { warning("${i}:${x}") }

3.each |$x| { warning($x) }

'ab'.each |$x| { warning($x) }

Integer[2, 4].each |$x| { warning($x) }

Enum['x', 'y'].each |$x| { warning($x) }

1.5.each |$x| { warning($x) }

[1, 2].each |$a, $b, $c| { }

[1, 2].each

[1, 2, 3].map |$x| { $x * 2 }

{'a' => 1, 'b' => 2}.map |$k, $v| { "${k}${v}" }

{'a' => 1}.map |$e| { $e }

[1, 2, 3].map |$x| { if $x == 2 { next(20) } $x }

[1, 2, 3].map |$x| { if $x == 2 { break() } $x }

[1, 2, 3, 4].filter |$x| { $x % 2 == 0 }

{'a' => 1, 'b' => 2}.filter |$k, $v| { $v > 1 }

{'a' => 1, 'b' => 2}.filter |$e| { $e[0] == 'a' }

[1, 2, 3].filter |$i, $x| { $i > 0 }

[1, 2, 3].reduce |$m, $x| { $m + $x }

[1, 2, 3].reduce(10) |$m, $x| { $m + $x }

[].reduce |$m, $x| { $m + $x }

{'a' => 1, 'b' => 2}.reduce |$m, $e| { $m + $e }

[1, 2].reduce |$m| { $m }

[1, 2, 3].any |$x| { $x > 2 }

[1, 2, 3].any |$x| { $x > 3 }

[1, 2, 3].any |$i, $x| { $i == 2 }

{'a' => 1}.any |$k, $v| { $v == 1 }

{'a' => 1}.any |$e| { $e[0] == 'a' }

[].any |$x| { true }

[1, 2, 3].all |$x| { $x > 0 }

[1, 2, 3].all |$x| { $x > 1 }

[].all |$x| { false }

{'a' => 1, 'b' => 2}.all |$k, $v| { $v > 0 }

[1, 2].all |$i, $x| { $i < 1 }

[1, 2].any

index([1, 2, 3], 2)

index(['a', 'b'], 'B')

index({'a' => 1, 'b' => 2}, 2)

index('hello', 'l')

index('hello', /l+o/)

index('hello', 'z')

index([1, 2, 3]) |$x| { $x > 1 }

index([1, 2, 3]) |$i, $x| { $i == 2 }

index({'a' => 1, 'b' => 2}) |$v| { $v == 2 }

index({'a' => 1, 'b' => 2}) |$k, $v| { $k == 'b' }

index([1, 2], 5)

index(3, 2)

slice([1, 2, 3, 4, 5], 2)

slice({'a' => 1, 'b' => 2, 'c' => 3}, 2)

slice([1, 2, 3], 2) |$x| { warning($x) }

slice([1, 2, 3], 2) |$a, $b| { warning("${a} ${b}") }

slice({'a' => 1, 'b' => 2, 'c' => 3}, 2) |$a, $b| { warning("${a} ${b}") }

slice([1, 2, 3], 0)

slice('abc', 2)

slice(4, 3)

step([1, 2, 3, 4, 5], 2) |$x| { warning($x) }

step([1, 2, 3, 4, 5], 2)

step(10, 3).map |$x| { $x }

step([1], 0)

reverse_each([1, 2, 3]) |$x| { warning($x) }

reverse_each([1, 2, 3]).map |$x| { $x }

reverse_each({'a' => 1, 'b' => 2}).map |$x| { $x }

reverse_each('abc').map |$x| { $x }

reverse_each(3).map |$x| { $x }

reverse_each([1, 2, 3])

tree_each([1, [2]]).map |$x| { $x }

step(3, 1).reduce |$m, $x| { $m + $x }

tree_each([1, [2, 3]]) |$path, $v| { warning("${path}: ${v}") }

tree_each({'a' => {'b' => 1}, 'c' => [2]}) |$path, $v| { warning("${path}: ${v}") }

tree_each([1, [2, 3]]) |$v| { warning($v) }

tree_each([1, [2, [3]]], {'order' => 'breadth_first'}) |$path, $v| { warning("${path}: ${v}") }

tree_each([1, [2, 3]], {'include_containers' => false}) |$path, $v| { warning("${path}: ${v}") }

tree_each([1, [2, 3]], {'include_values' => false}) |$path, $v| { warning("${path}: ${v}") }

tree_each([1, [2, 3]], {'include_root' => false}) |$path, $v| { warning("${path}: ${v}") }

tree_each({'a' => 1}, {'order' => 'sideways'}) |$v| { }

tree_each(1) |$v| { }

group_by([1, 2, 3, 4]) |$x| { $x % 2 }

group_by(['a', 'bb', 'cc']) |$i, $x| { $x.length }

group_by({'a' => 1, 'b' => 2, 'c' => 1}) |$k, $v| { $v }

group_by({'a' => 1, 'b' => 2}) |$e| { $e[1] }

group_by('abc') |$x| { $x }

partition([1, 2, 3, 4]) |$x| { $x > 2 }

partition(['a', 'b', 'c']) |$i, $x| { $i == 1 }

partition({'a' => 1, 'b' => 2}) |$k, $v| { $v == 1 }

partition({'a' => 1, 'b' => 2}) |$e| { $e[1] == 2 }

partition([1, 2])

# Iterators: what step, reverse_each and tree_each give without a block.
type([1, 2, 'a'].reverse_each)

"${[1, 2, 'a'].reverse_each}"

type([1, 2, 'a'].reverse_each, 'generalized')

[type(3.reverse_each), type('ab'.reverse_each), type([].reverse_each)]

[type({'a' => 1}.reverse_each), type({'a' => 1}.step(1)), type(Integer[2, 4].step(1)), type(Enum['a', 'b'].step(1))]

[type(10.step(3)), type(Integer[0, 9].reverse_each.step(2))]

[type([[1]].tree_each), type([1].tree_each({'order' => 'breadth_first'}))]

String([1, 2, 'a'].reverse_each)

$i = [1, 2, 'a'].reverse_each
[[*$i], Array($i), $i =~ Iterable, $i =~ Array, $i == ['a', 2, 1]]

$i = [1, 2, 'a'].reverse_each
[$i =~ Iterator[Integer], $i =~ Iterator[Variant[Integer, String]], $i =~ Iterable[Integer], [1, 2].reverse_each =~ Iterable[Integer]]

[1, 2, 'a'].reverse_each.each |$k, $v| { warning("${k} ${v}") }

{'a' => 1, 'b' => 2}.step(1).each |$k, $v| { warning("${k} ${v}") }

{'a' => 1}.reverse_each.map |$k, $v| { "${k}-${v}" }

[1, 2, 3, 4, 5].step(2).reverse_each.map |$v| { $v }

notify { 'iterated': message => [1, 2].reverse_each }

notify { 'iterated within': message => [[1, 2].reverse_each] }
