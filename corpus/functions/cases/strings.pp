# modulepath: -
# Strings: case, white space, camelcase, chomp, chop, match, shellquote,
# split, regsubst, sprintf, versioncmp, scanf, strftime.

capitalize('hello WORLD')

capitalize(['abc', 'dEF'])

capitalize(5)

capitalize('')

capitalize({'a' => 'b'})

downcase('HeLLo')

downcase(['A', ['B']])

downcase({'A' => 'B'})

downcase(1.5)

downcase('ÀÉ')

upcase('hello')

upcase({'a' => ['b']})

upcase(true)

strip("  a b \t\n")

strip(['  a ', ' b'])

lstrip('  a  ')

rstrip('  a  ')

strip(3)

camelcase('hello_world')

camelcase('a_b_c')

camelcase('_leading')

camelcase('Mixed_CASE')

camelcase(['x_y', 'z'])

camelcase(4)

camelcase('')

chomp("line\n")

chomp("line\r\n")

chomp("line\n\n")

chomp("line\r")

chomp(['a\n', "b\n"])

chomp(5)

chop('abc')

chop("ab\r\n")

chop('')

chop(['ab', 'c'])

match('abc123', /([a-z]+)(\d+)/)

match('abc', 'b')

match('abc', /x/)

match(['a1', 'b2', 'c'], /(\w)(\d)/)

match('abc', Pattern[/z/, /b(c)/])

match('abc', Regexp[/a(b)/])

match('abc', Regexp)

match('abc', [/z/, /(c)/])

match('abc', 1)

match('ab', /(x)?b/)

match(1, /x/)

shellquote('a', 'b c')

shellquote('safe-chars_./:=@%+,')

shellquote("it's")

shellquote('$HOME')

shellquote("it's \$x")

shellquote(['a', ['b', 'c d']], 'e')

shellquote('')

shellquote()

shellquote('a"b')

split('a,b,,c', ',')

split('a1b22c', /\d+/)

split('abc', '')

split('a.b', '.')

split('a b', Regexp['\s'])

split(',a,', ',')

split('', ',')

split(1, ',')

regsubst('hello', 'l', 'L')

regsubst('hello', 'l', 'L', 'G')

regsubst('hello', /(l+)/, '<\1>')

regsubst(['ab', 'cb'], 'b', 'x')

regsubst('Hello', 'h', 'j', 'I')

regsubst('abc', 'b', '\0\0')

regsubst('a.b', '.', '-', 'G')

regsubst('abc', 'b', {'b' => 'B'})

regsubst('x', 'x', 'y', 'Q')

sprintf('%s-%d', 'a', 5)

sprintf('%05.2f', 3.14159)

sprintf('%x %o %X', 255, 8, 255)

sprintf('%-5s|', 'ab')

sprintf('%5s|', 'ab')

sprintf('%%')

sprintf('%d', '42')

sprintf('%s', [1, 'a'])

sprintf('%s', undef)

sprintf('%.2s', 'abcdef')

sprintf('%+d', 5)

sprintf('%e', 12345.678)

sprintf('%<a>s and %<b>s', {'a' => 1, 'b' => 2})

sprintf('%d', 'x')

sprintf()

versioncmp('1.2.3', '1.2.4')

versioncmp('1.10', '1.9')

versioncmp('1.0', '1.0')

versioncmp('1.0', '1')

versioncmp('1.0a', '1.0b')

versioncmp('1.0-1', '1.0.1')

versioncmp('2.0', '10.0')

versioncmp('1.0.0', '1', true)

versioncmp('a', 'B')

versioncmp('01', '1')

versioncmp(1, 2)

scanf('42', '%d')

scanf('12 abc 3.5', '%d %s %f')

scanf('0x1F 017', '%i %i')

scanf('ff', '%x')

scanf('17', '%o')

scanf('abc', '%d')

scanf('a1', '%c%d')

scanf('key=value', '%[a-z]=%s')

scanf('123456', '%2d%3d')

scanf('1 2', '%*d %d')

scanf('100%', '%d%%')

scanf('42', '%d') |$r| { $r[0] + 1 }

scanf(42, '%d')

strftime()

strftime(1, 2)

sprintf('%g %g %g', 1.5, 0.0001, 123456789.0)

sprintf('%G', 1.0e-10)

sprintf('%b %o', 10, 8)

sprintf('%x', -255)

sprintf('%+x', -255)

sprintf('%o %b %X', -8, -5, -255)

sprintf('%#x|%8x|%08x|%.5x', -255, -255, -255, 255)

sprintf('%#x %#o %#b', 255, 8, 5)

sprintf('%c%c', 65, 'bc')

sprintf('%p %p', 'a', [1])

sprintf('%*d|', 5, 42)

sprintf('%-*d|', 5, 42)

sprintf('%{a}-%{b}', {'a' => 1, 'b' => 'x'})

sprintf('%08.3f', -3.14159)

sprintf('% d', 42)

sprintf('%.3d', 7)

sprintf('%s %s', 'only one')

sprintf('%5.1s|', 'abc')

sprintf('%d', 3.99)

sprintf('%d', -3.99)

sprintf('%f', '2.5')

sprintf('%.0f %.0f', 0.5, 1.5)

sprintf('%e', 0)

sprintf('%s', 1.0)

sprintf('%s', {'a' => undef})

sprintf('%y', 1)

sprintf('%d', '0x1A')

sprintf('%d', '1_000')

split('a1b2c', /(\d)/)

split('abc', /x*/)

split(' a b ', ' ')

split('a,b,', /,/)

regsubst("a\nb", '.', 'x', 'GM')

regsubst('a b', 'a b', 'x', 'E')

regsubst('abc', '(b)', '[\&][\\][\1]')

regsubst('abc', '(?<n>b)', '<\k<n>>')

regsubst('abc', 'b', '\`|\'')

scanf('3.14 2e3', '%f %e')

scanf('  42', '%d')

scanf('abc', '%2c')

scanf('-12 +7', '%d %d')

scanf('1,2,3', '%d,%d,%d')

scanf('x', '')

scanf('12abc', '%[0-9]%s')

scanf('0x1f', '%x')

scanf('777', '%2o')
