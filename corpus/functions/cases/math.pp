# modulepath: -
# Numbers: abs, ceiling, floor, round, max, min, compare.

abs(-3)

abs(3.5)

abs(-0.25)

abs('-7')

abs('-7.5')

abs('7.')

abs('x')

abs([1])

ceiling(3.2)

ceiling(-3.2)

ceiling(4)

ceiling('1.5')

ceiling('1e2')

ceiling('abc')

floor(3.7)

floor(-3.2)

floor(4)

floor(' 2.5 ')

floor('0x1A')

floor('')

round(2.5)

round(-2.5)

round(2.49)

round(3)

round(-0.4)

round('2')

max(1, 3, 2)

max(1, 3.5, 2)

max(2, 2.0)

max()

max('a', 'B', 'c')

max('10', '9')

max('1e2', '99')

max([1, 5, 3])

max([])

max(['x', 'y'])

max([1, 'x'])

max(1, 'x')

max(true, false)

max([[1], [2]])

max(1, 2) |$a, $b| { $b - $a }

max([3, 1, 2]) |$a, $b| { compare($a, $b) }

max(undef, 'a')

min(1, 3, 2)

min(2.0, 2)

min('b', 'A', 'c')

min('10', '9')

min([])

min([4, 2, 8])

min(1, 'x')

min('abc', 12)

min(1, 2) |$a, $b| { $b - $a }

compare(1, 2)

compare(2, 1)

compare(1, 1.0)

compare(2.5, 1)

compare('a', 'B')

compare('a', 'B', false)

compare('a', 'A')

compare('a', 'A', false)

compare('b', 'a', true)

compare(1, 'a')

compare('a', 1)

compare([1], [2])

compare({}, 1)

compare(1, 2, true)

compare('a', 'b', 'yes')

compare('a', 'b', true, false)

compare(1)

compare()

compare(undef, undef)
