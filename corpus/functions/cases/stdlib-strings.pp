# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on strings.

stdlib::batch_escape('a "b" $c \\d')

stdlib::batch_escape(1)

stdlib::batch_escape(undef)

stdlib::powershell_escape("a b'c`d|e\nf\$g\"h")

stdlib::shell_escape('a b')

stdlib::shell_escape('')

stdlib::shell_escape("a'b\nc")

stdlib::shell_escape(['a', 1])

stdlib::shell_escape({'a' => 1})

stdlib::shell_escape('éa-_.,:+/@=')

stdlib::start_with('foobar', 'foo')

stdlib::start_with('foobar', ['bar', 'baz'])

stdlib::start_with('foobar', ['ba', 'fo'])

stdlib::start_with('foobar', '')

stdlib::end_with('foobar', 'bar')

stdlib::end_with('foobar', ['foo', 'baz'])

stdlib::end_with(1, 'bar')

stdlib::xml_encode('a<b>&"c\'')

stdlib::xml_encode('a<b>&"c\'', 'attr')

stdlib::xml_encode('a', 'other')

prefix(['a', 'b'], 'p')

prefix(['a', 1], 'p')

prefix({'a' => 1, 'b' => 2}, 'p')

prefix(['a'])

prefix(['a'], undef)

prefix('a', 'p')

prefix(['a'], 1)

prefix()

suffix(['a', 'b'], 's')

suffix({'a' => 1}, 's')

suffix(['a'], ['s'])

squeeze('aaabbbcc  dd')

squeeze('aaabbbcc', 'a-b')

squeeze(['aa', 'bbb'])

squeeze(['aa', 'bbb'], 'b')

squeeze('aaa', '^a')

squeeze([1])

squeeze()

squeeze('a', 'b', 'c')

swapcase('aBc Déf')

swapcase(['aB', 1])

swapcase(1)

regexpescape('a.b*c d\t-#[x]{y}')

regexpescape(['a.b', 1])

regexpescape(1)

uriescape('a b/é?[x]#%&=')

uriescape(['a b', 1])

uriescape(1)

dos2unix("a\r\nb\r\n")

dos2unix(1)

dos2unix('a', 'b')

unix2dos("a\nb\r\nc\r\r\n")

unix2dos(1)

shell_join(['a b', 'c', "d'e", 1])

shell_join('a')

shell_join([])

shell_split('a "b c" \'d e\' f\ g')

shell_split('a "b \\"c\\" \\$d"')

shell_split('a "b')

shell_split("a 'b")

shell_split('')

shell_split(1)
