# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on arrays.

any2array()

any2array(undef)

any2array('a')

any2array(['a', 'b'])

any2array({'a' => 1, 'b' => [2]})

any2array('a', 'b', 3)

concat(['a'], 'b', ['c', ['d']])

concat(['a'])

concat('a', 'b')

count(['a', '', undef, 'b', 1])

count(['a', 'b', 'a', 1, 1.0], 1)

count(['a', 'b', 'a'], 'a')

count(['a'], 'a', 'b')

count({'a' => 1})

count(1)

delete(['a', 'b', 'a', 'c'], 'a')

delete(['a', 'b', 'c'], ['a', 'c'])

delete({'a' => 1, 'b' => 2}, 'a')

delete('abcabc', 'b')

delete('abcabc', ['a', 'c'])

delete(1, 'a')

delete(['a'])

delete(['A', 'a'], 'a')

delete_at(['a', 'b', 'c'], 1)

delete_at(['a', 'b', 'c'], '2')

delete_at(['a', 'b', 'c'], 3)

delete_at(['a', 'b', 'c'], 'x')

delete_at(['a', 'b', 'c'], -1)

delete_at('abc', 1)

delete_at(['a'])

delete_regex(['abc', 'b', 'bcd'], 'b')

delete_regex(['abc', 'b', 'bcd'], 'b.*')

delete_regex({'a' => 1, 'b' => 2}, ['a'])

delete_regex('abc', 'b')

delete_regex(1, 'b')

delete_undef_values(['a', undef, 'b', ''])

delete_undef_values({'a' => undef, 'b' => 1, 'c' => ''})

delete_undef_values('a')

delete_undef_values()

difference(['a', 'b', 'c', 'b'], ['b'])

difference([1, 2], [1.0])

difference('a', ['b'])

difference(['a'])

intersection(['a', 'b', 'c', 'b'], ['b', 'c', 'd'])

intersection(['a'], 'b')

union(['a', 'b'], ['b', 'c'], ['a', 'd'])

union(['a', 'a'], ['b'])

union(['a'])

union(['a'], 'b')

member(['a', 'b'], 'b')

member(['a', 'b'], 'c')

member(['a', 'b', 'c'], ['a', 'c'])

member(['a', 'b'], ['a', 'd'])

member([1, 2], 1)

member(['a'], 1.5)

member(['a'], [])

member('a', 'a')

member(['a'])

member(['a', undef], undef)

member([['a']], [['a']])

grep(['aaa', 'bbb', 'ccc', 'aab'], 'aa')

grep(['aaa', 'bbb', 'ccc'], '[bc]')

grep(['aaa', 1, 'a1'], '1')

grep(['/a/', 'a'], /a/)

grep('abc', 'a')

grep(['a'])

reject(['aaa', 'bbb', 'ccc', 'aab'], 'aa')

reject(['aaa', 1], 'a')

reverse(['a', 'b', 'c'])

reverse('abc')

reverse(1)

reverse()

shuffle('a')

shuffle([])

shuffle(1)

values_at(['a', 'b', 'c', 'd', 'e'], 1)

values_at(['a', 'b', 'c', 'd', 'e'], ['0-2', 4])

values_at(['a', 'b', 'c', 'd', 'e'], ['1...3'])

values_at(['a', 'b', 'c', 'd', 'e'], ['1..3'])

values_at(['a', 'b', 'c'], 5)

values_at(['a', 'b', 'c'], '2-1')

values_at(['a', 'b', 'c'], '1-5')

values_at(['a', 'b', 'c'], 'x')

values_at(['a', undef, 'c'], [0, 1, 2])

values_at('a', 1)

zip([1, 2, 3], [4, 5, 6])

zip([1, 2, 3], [4, 5])

zip([1, 2], [3, 4], true)

zip([1, 2], [3, 4], 'no')

zip(1, [2])

zip([1])

range(1, 5)

range('1', '4')

range(1, 10, 3)

range(1, 10, -3)

range(1, 10, 0)

range('a', 'e')

range('a', 'e', 2)

range('aa', 'ad')

range('az', 'bc')

range('1..4')

range('1...4')

range('a-d')

range('host01', 'host04')

range('01', '04')

range('1:4')

range('')

range(5, 1)

range(1)

range()

stdlib::sort_by(['aaa', 'b', 'cc']) |$x| { $x.length }

stdlib::sort_by('cba') |$c| { $c }

stdlib::sort_by({'b' => 1, 'a' => 2}) |$k, $v| { $k }

stdlib::sort_by({'b' => 1, 'a' => 2}) |$pair| { $pair[1] }

stdlib::sort_by([1, 'a']) |$x| { $x }

stdlib::sort_by(['a'])

stdlib::sort_by(1) |$x| { $x }
