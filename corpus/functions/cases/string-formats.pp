# modulepath: -
# String(value, format) and String.new: Puppet's StringConverter, type by
# type and letter by letter, with flags, width and precision, container
# formats, format maps, indentation, and the formats Puppet refuses.

String(128, '%x')

String(255, '%X')

String(255, '%#x')

String(255, '%#X')

String(8, '%o')

String(8, '%#o')

String(0, '%#o')

String(0, '%#x')

String(5, '%b')

String(5, '%#b')

String(5, '%B')

String(5, '%#B')

String(-255, '%x')

String(-255, '%#x')

String(-255, '%+x')

String(-255, '% x')

String(-255, '%08x')

String(-255, '%.5x')

String(-255, '%10.6x')

String(-8, '%o')

String(-5, '%b')

String(-5, '%#b')

String(-1, '%x')

String(-256, '%X')

String(42, '%d')

String(42, '%+d')

String(42, '% d')

String(-42, '%+d')

String(42, '%5d')

String(42, '%-5d')

String(42, '%05d')

String(-42, '%05d')

String(42, '%+05d')

String(42, '%.4d')

String(-7, '%5.3d')

String(0, '%.0d')

String(42, '%-05d')

String(42, '%010.4d')

String(12345, '%e')

String(12345, '%.2E')

String(3, '%f')

String(3, '%.1f')

String(1234567, '%g')

String(3, '%G')

String(1, '%a')

String(3, '%A')

String(65, '%c')

String(65, '%#c')

String(128512, '%5c')

String(955, '%-3c')

String(42, '%s')

String(42, '%#s')

String(42, '%6s')

String(42, '%-#6s')

String(42, '%.1s')

String(42, '%p')

String(42, '%8p')

String(42, '%q')

String(42, '%t')

String(-1, '%c')

String(42, '%[d')

String(42, '%(d')

String(42, '%{d')

String(42, '%<d')

String(42, '%|d')

String(1.5)

String(1.5, '%f')

String(3.14159, '%.2f')

String(-3.14159, '%010.3f')

String(3.14159, '%-10.1f')

String(3.14159, '%+.1f')

String(3.14159, '% f')

String(3.0, '%#.0f')

String(3.0, '%.0f')

String(2.5, '%.0f')

String(12345.678, '%e')

String(12345.678, '%E')

String(12345.678, '%+.3e')

String(0.0, '%e')

String(1234.5, '%g')

String(1234.5, '%.3g')

String(0.00001, '%g')

String(123456789.0, '%g')

String(1.5, '%#g')

String(1.0e-10, '%G')

String(1.0e20, '%f')

String(1.0, '%a')

String(-0.375, '%A')

String(3.5, '%a')

String(0.1, '%.3a')

String(0.0, '%a')

String(1.5, '%p')

String(1.5, '%10p')

String(1.0e20, '%p')

String(1.5, '%s')

String(1.5, '%#s')

String(1.5, '%.2s')

String(1.5, '%8s')

String(3.7, '%d')

String(-3.7, '%d')

String(255.9, '%x')

String(5.5, '%#b')

String(1.5, '%c')

String(1.5, '%u')

String(1.5, '%(f')

String('hello', '%s')

String('hello', '%10s')

String('hello', '%-10s')

String('hello', '%.2s')

String('hello', '%8.3s')

String('hello', '%05s')

String('hello', '%+s')

String('hello', '%#s')

String('hello', '%p')

String('hello', '%#p')

String('hello', '%10p')

String('hello', '%-10p')

String('hello', '%.3p')

String("it's", '%p')

String("a\tb", '%p')

String('a$b\\c', '%p')

String('a$b', '%#p')

String("a\u0001b", '%p')

String('ünï', '%p')

String('hello world', '%c')

String('hello world', '%#c')

String('hELLO', '%c')

String('foo::bar_baz::qux', '%C')

String('foo::bar', '%#C')

String('hello', '%u')

String('hello', '%#u')

String('HeLLo', '%d')

String('HeLLo', '%#d')

String('ÅNGSTRÖM', '%d')

String('straße', '%u')

String('  x y  ', '%t')

String("\t x \n", '%#t')

String('hello', '%-8u')

String('hello', '%8.2u')

String('hello', '%#10u')

String('hello', '%x')

String('hello', '%[s')

String('hello', '%{s')

String('', '%5s')

String('', '%p')

String(true)

String(true, '%t')

String(false, '%#t')

String(true, '%T')

String(false, '%#T')

String(true, '%y')

String(false, '%y')

String(true, '%#y')

String(true, '%Y')

String(false, '%#Y')

String(true, '%d')

String(true, '%x')

String(true, '%#b')

String(false, '%05d')

String(true, '%e')

String(false, '%.1f')

String(true, '%a')

String(true, '%s')

String(true, '%p')

String(true, '%10s')

String(true, '%-6t')

String(true, '%.1s')

String(true, '%05t')

String(true, '%8p')

String(true, '%q')

String(true, '%c')

String(undef)

String(undef, '%n')

String(undef, '%#n')

String(undef, '%u')

String(undef, '%#u')

String(undef, '%d')

String(undef, '%x')

String(undef, '%f')

String(undef, '%G')

String(undef, '%v')

String(undef, '%V')

String(undef, '%s')

String(undef, '%#s')

String(undef, '%p')

String(undef, '%#p')

String(undef, '%10p')

String(undef, '%-5n')

String(undef, '%.2u')

String(undef, '%q')

String(default)

String(default, '%d')

String(default, '%#d')

String(default, '%D')

String(default, '%#D')

String(default, '%s')

String(default, '%p')

String(default, '%10d')

String(default, '%-9D')

String(default, '%x')

String(/a.b/)

String(/a.b/, '%s')

String(/a.b/, '%p')

String(/a.b/, '%#s')

String(/a.b/, '%10p')

String(/a.b/, '%-6s')

String(/a\/b/, '%p')

String(/a\/b/, '%s')

String(/a.b/, '%x')

String([1, 'a', true])

String([1, 'a', true], '%s')

String([1, 'a', true], '%p')

String([1, 'a', true], '%a')

String([1, [2, 3]], '%(a')

String([1, [2, 3]], '%[a')

String([1, [2, 3]], '%{a')

String([1, [2, 3]], '%<a')

String([1, [2, 3]], '%|a')

String([1, [2, 3]], '% a')

String([1, [2, 3]], '%+a')

String([], '%a')

String([], '%(a')

String([1, 'a'], '%x')

String([1, 'a'], '%[(a')

String([1, [2, [3]], 4], '%#a')

String([1, [2, [3, 4]], {a => 1}, 5], '%#a')

String([[1, 2], [3, 4]], '%#a')

String(['aaa', 'bbb', 'ccc', 'ddd'], '%#10a')

String(['aaa', 'bbb', [1, 2], 'ccc', 'ddd'], '%#6a')

String([1, 2, 3], '%#100a')

String([undef, default, /x/, 1.5], '%a')

String(['a', 1.5, undef, default], '%s')

String([Integer, String[1]], '%a')

String({a => 1})

String({a => 1, b => [2, 'c']}, '%h')

String({a => 1, b => 2}, '%s')

String({a => 1, b => 2}, '%p')

String({a => 1, b => 2}, '%a')

String({a => 1, b => 2}, '%(h')

String({a => 1, b => 2}, '%[h')

String({a => 1, b => 2}, '%<h')

String({a => 1, b => 2}, '%|h')

String({a => 1, b => 2}, '% h')

String({a => 1, b => 2}, '%#h')

String({a => {b => {c => 1}}, d => [1, {e => 2}]}, '%#h')

String({a => [1, 2], b => {c => 3}}, '%#p')

String({}, '%h')

String({}, '%#h')

String({1 => 'x', [2] => 'y'}, '%h')

String({a => 1}, '%x')

String({a => 1}, '%#a')

String([1, {a => 1, b => 2}], '%#a')

String([1, 2, 3], { Array => { format => '%(a', separator => '' } })

String([1, 2, 3], { Array => { format => '%a', separator => ' | ' } })

String([1, [2, 3]], { Array => { separator => ';' } })

String([1, 'a'], { Array => { format => '%[a', string_formats => { String => '%s' } } })

String([1, 'a', 2.5], { Array => { format => '%a', string_formats => { Integer => '%x', String => '%u', Float => '%.1f' } } })

String([1, 'a'], { Array => { format => '%s', string_formats => { Any => '%s' } } })

String({a => 1, b => 'x'}, { Hash => { format => '%h', separator => '; ', separator2 => ': ' } })

String({a => 1, b => 'x'}, { Hash => { format => '%h', separator2 => '=', string_formats => { Any => '%s' } } })

String({a => [1, 'x']}, { Hash => { format => '%p', string_formats => { String => '%u' } } })

String({a => [1, 'x']}, { Hash => { format => '%#h', separator => ',' } })

String({a => [1, 'x'], b => 2}, { Hash => { format => '%#h', separator => ",\n" } })

String([1, [2, 'b']], { Array => { format => '%(a', string_formats => { Integer => '%b' } } })

String([1, {a => 'b'}], { Array => '%(a', Hash => '%[h' })

String([1, {a => 'b'}], { Array => { format => '%(a' }, Hash => { format => '%<h', separator2 => '->' } })

String(5, { Integer => '%x' })

String(5, { Numeric => '%e' })

String(5.5, { Numeric => '%d' })

String(5, { Integer => '%b', Numeric => '%x' })

String(5, { Numeric => '%x', Integer => '%b' })

String(5, { Integer[0, 10] => '%b', Integer => '%x' })

String(50, { Integer[0, 10] => '%b', Integer => '%x' })

String(5, { String => '%p' })

String('abc', { Any => '%p' })

String('abc', { String => '%u', Any => '%p' })

String(5, { Any => '%p' })

String([1, 'a'], { Any => '%p' })

String([1, 'a'], { Any => '%s' })

String([1, 'a'], { Any => { format => '%s', string_formats => { Any => '%s' } } })

String({a => [1, 2, Sensitive(3)], 2 => Timestamp('2014-12-01T13:15:00')}, { Any => { format => '%s', string_formats => { Any => '%s' } } })

String(['a', 'b'], { Enum[a] => '%u', String => '%p' })

String(['a', 'B'], { Array => { format => '%a', string_formats => { Enum[a] => '%u', String => '%d' } } })

String(['a', 'b'], { Array => { format => '%a', string_formats => { Pattern[/b/] => '%u', String => '%#p' } } })

String([[1, 2], [3]], { Tuple[Integer, Integer] => '%(a', Array => '%[a' })

String({a => 1}, { Struct[{a => Integer}] => '%(h', Hash => '%[h' })

String(['x', 1], { Array[Integer] => '%(a', Array => '%[a' })

String([1, 2], { Array[Integer] => '%(a', Array => '%[a' })

String([1, 2], { Array => { format => '%(a' }, Array[Integer] => { format => '%a', separator => '-' } })

String([true, undef], { Array => { format => '%a', string_formats => { Boolean => '%y', Undef => '%n' } } })

String([default, /r/], { Array => { format => '%a', string_formats => { Default => '%D', Regexp => '%s' } } })

String(1, default)

String('abc', default)

String(1, undef)

String(1, '')

String(1, 'x')

String(1, '%5.2')

String(1, '%d ')

String(1, '%--d')

String(1, '%##x')

String([1], '%[(a')

String([1], '%[[a')

String(1, { Integer => '%' })

String(1, { 'Integer' => '%d' })

String(1, { Integer => 5 })

String([1], { Array => { format => '%a', bad => 1 } })

String([1], { Array => { separator => '-' } })

String([1], { Array => { string_formats => { Integer => { format => '%x' } } } })

String(1, '%d', 2)

String(Sensitive('x'))

String(Sensitive('x'), '%s')

String(Sensitive('x'), '%p')

String(Sensitive('x'), '%30s')

String(Sensitive('x'), '%d')

String(Timespan('1-02:03:04'))

String(Timespan('1-02:03:04'), '%s')

String(Timespan('1-02:03:04'), '%20s')

String(Timespan('1-02:03:04'), '%d')

String(Timespan('1-02:03:04'), '%f')

String(Timestamp('2014-12-01T13:15:00'))

String(Timestamp('2014-12-01T13:15:00'), '%s')

String(Timestamp('2014-12-01T13:15:00'), '%.10s')

String(Timestamp('2014-12-01T13:15:00'), '%d')

String(SemVer('1.2.3'))

String(SemVer('1.2.3-rc1'), '%p')

String(SemVer('1.2.3'), '%10s')

String(SemVer('1.2.3'), '%d')

String(SemVerRange('>=1.0.0 <2.0.0'))

String(SemVerRange('>=1.0.0 <2.0.0'), '%p')

String(Binary('aGVsbG8='))

String(Binary('aGVsbG8='), '%s')

String(Binary('aGVsbG8='), '%#s')

String(Binary('aGVsbG8='), '%p')

String(Binary('aGVsbG8='), '%B')

String(Binary('aGVsbG8='), '%#B')

String(Binary('aGVsbG8='), '%b')

String(Binary('+/+/+/+/'), '%u')

String(Binary('+/+/+/+/'), '%B')

String(Binary('aGVsbG8='), '%t')

String(Binary('aGVsbG8='), '%T')

String(Binary('aGVsbG8='), '%#t')

String(Binary('aGVsbG8='), '%10.3s')

String(Binary('aGVsbG8='), '%12.4p')

String(Binary('aGVsbG8='), '%-12B')

String(Binary('aGVsbG8='), '%x')

String(Binary('/w=='), '%s')

String(Binary('/w=='), '%#s')

String(Binary('MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkw'), '%b')

String(Binary('aGVsbG8='), '%[s')

String([Binary('aGVsbG8=')], '%a')

String(Integer)

String(Integer[1, 2], '%s')

String(Integer[1, 2], '%p')

String(Integer[1, 2], '%#s')

String(Integer[1, 2], '%20s')

String(Integer[1, 2], '%-16p')

String(Integer[1, 2], '%.3s')

String(Integer, '%x')

String(File['/tmp/x'])

String(File['/tmp/x'], '%p')

String(Class['apache'], '%s')

String(Optional[String], { Type => '%#s' })

String([Integer, 'a'], { Type => '%#s' })

String(URI('http://example.com/a%20b'))

String(URI('http://example.com/a'), '%p')

String(URI('http://example.com/a'), '%#s')

String(URI('http://example.com/a'), '%30s')

String(URI('http://example.com/a'), '%x')

String(Deferred('f', [1]))

String(Deferred('f', [1]), '%p')

String(Deferred('f', [1]), '%x')

String([Deferred('f', [1])])

String(Object[{name => 'Car', attributes => {wheels => Integer}}].new(4))

String(Object[{name => 'Car', attributes => {wheels => Integer}}].new(4), '%p')

String(Object[{name => 'Car', attributes => {wheels => Integer}}].new(4), '%#p')

String([Object[{name => 'Car', attributes => {wheels => Integer}}].new(4)], '%#a')

String.new(128, '%x')

new(String, 128, '%x')

Init[String, '%x'](128)

Init[String]([128, '%x'])

Init[String, { Integer => '%o' }](8)

String([1, [2, [3]]].flatten, Array => { 'format' => '%(a', 'separator' => '' })

['abcAbbBccC'].map |$x| { String($x, '%u') }

"${String(3, '%-5d')}|"

String(String(1, '%5d'), '%p')

String({ 'a' => 'b' }, { String => '%u' })

String(['a', ['b']], { String => '%u' })

String(['a', ['b']], { Array => { format => '%a', string_formats => { String => '%u' } } })

String({a => [1, 'x'], b => 2}, { Hash => { format => '%#h', separator => ' ; ' } })

String([1, [2, 'b']], { Array => { format => '%a', separator => '; ' }, Integer => '%03d' })

String([1, {a => 2}], { Hash => { format => '%h', string_formats => { Integer => '%x' } }, Array => { format => '%a', string_formats => { Integer => '%o' } } })

String({a => [8, 9]}, { Hash => { format => '%h', string_formats => { Integer => '%x' } } })

String([8, [9]], { Array => { format => '%a', string_formats => { Integer => '%o' } }, Integer => '%x' })

String(1, 5)

String(1, [1])

String(1, true)

String(1, {})

String(1, /x/)

String(1, {a => '%d', b => '%x'})

String(1, {Integer => '%d', 'a' => '%x'})

String(1, {'' => '%d'})

String()

String(255, '%#010x')

String(8, '%#-6o')

String(42, '% 05d')

String(42, '%+ d')

String(42, '%-+5d')

String(9223372036854775807, '%x')

String(-9223372036854775807, '%o')

String(-9223372036854775807, '%b')

String(12, '%.1p')

String(12, '%[s')

String(12, '%(p')

String(-3.5, '%+e')

String(123.456, '%010.2e')

String(3.14159, '%-+10.3g')

String(1.0, '%#.3g')

String(15.5, '%.0e')

String(100000.0, '%g')

String(1000000.0, '%g')

String(0.1, '%.10g')

String(0.1, '%.20f')

String(1.5, '%.0a')

String(-0.1, '%10.2a')

String(1.0, '%#a')

String(255.0, '%A')

String(1.0e-300, '%e')

String(-1.5, '%010a')

String(0.5, '%+a')

String(1.0e20, '%d')

String(1.0e20, '%x')

String(-1.0e20, '%x')

String(-255.5, '%x')

String(1.0e300, '%d')

String(1.5, '%05.1f')

String(-0.0, '%f')

String(1.5, '%[p')

String('ÉCOLE::été', '%C')

String('ß', '%c')

String('ΣΑΣ', '%d')

String('', '%c')

String("\u0000 \t x \n", '%t')

String('a', '%5.0s')

String(Timespan(-1.5), '%d')

String(Timespan(90), '%x')

String(Timespan(1.5), '%.2f')

String(Timespan(90), '%q')

String(Sensitive(1), '%f')

String(Sensitive(1), '%[s')

String(undef, '%[n')

String(true, '%{t')

String(true, '%[d')

String(default, '%(D')

String(/x/, '%(s')

String(/x/, '%(p')

String(Integer, '%(p')

String(Binary('aGk='), '%(t')

String([undef])

String([undef, 'a'], '%s')

String(undef, { Undef => '%n' })

String(Deferred('f', [1]), '%s')

String(Deferred('f', [1]), '%#p')

String(Object[{name => 'Car', attributes => {wheels => Integer}}].new(4), '%s')

String(Object[{name => 'Car', attributes => {wheels => Integer, tags => Array}}].new(4, [a, b]), '%#p')

String(Object[{name => 'Car', attributes => {wheels => Integer, tags => Hash}}].new(4, {a => [1]}), '%#p')

String({x => Object[{name => 'Car', attributes => {wheels => Integer}}].new(4)}, '%#h')

String([[1, 2], 'abcdef', 'ghijkl', [3]], '%#5a')

String(['a', ['b', ['c', 'd']], 'e'], '%#a')

String({a => [1, [2]]}, '%#h')

String([{a => 1}, {b => 2}], '%#a')

String([[]], '%#a')

String("%d\n", '%p')

String(5, "%d\n")

String(5, "x\n%d")

String(5, "%d\n%s")

String(5, "%d\n%%")

String('a', "%s\nb")

String([[1], ['a'], [2, 3]], { Tuple[Integer] => '%(a', Array => '%[a', Tuple[String] => '%<a' })

String([[1], {a => 1}], { Tuple[Integer] => '%(a', Hash => '%[h', Array => '%|a', Struct[{a => Integer}] => '%<h' })

String({a => [1]}, { Array[Integer] => { format => '%(a', separator => ';' }, Hash => { format => '%h', separator2 => ':' }, Numeric => '%e' })

String(['a', 1, 2.5, true], { Array => { format => '%a', string_formats => { Scalar => '%s', Integer => '%x', Boolean => '%y' } } })

String([1, 'b'], { Variant[Integer, String] => '%p', Array => { format => '%(a', string_formats => { Integer => '%o', Data => '%s' } } })
