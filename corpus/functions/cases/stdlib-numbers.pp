# modulepath: corpus/forge-modules/modules
# stdlib 9's functions on numbers and truth.

any2bool(true)

any2bool(undef)

any2bool('1')

any2bool('0.5')

any2bool('-1')

any2bool('yes')

any2bool('No')

any2bool('maybe')

any2bool(2)

any2bool(0)

any2bool(-0.5)

any2bool([])

any2bool({})

any2bool()

bool2num(true)

bool2num('false')

bool2num('y')

bool2num(1)

bool2num()

bool2str(true)

bool2str(false, 'yes', 'no')

bool2str(true, 'yes')

bool2str('true')

bool2str(true, 1, 2)

bool2str(false, undef, 'no')

num2bool(1)

num2bool(0)

num2bool('1.5')

num2bool('-3')

num2bool('abc')

num2bool(true)

num2bool([1])

num2bool()

str2bool('TRUE')

str2bool('n')

str2bool('')

str2bool('undef')

str2bool('Undef')

str2bool(true)

str2bool('maybe')

str2bool(1)

str2bool()

clamp(1, 5, 3)

clamp([10, 2, 7])

clamp('5', 1, 3)

clamp('5.5', 1, 3)

clamp({'a' => 1}, 1, 3)

clamp(1, 2)

clamp(1.9, 2.7, 3)

clamp(1)

convert_base(5, 2)

convert_base('254', '16')

convert_base(255, 36)

convert_base('1.5', 2)

convert_base(5, 1)

convert_base(5, 37)

convert_base([], 2)

convert_base(5, [])

convert_base(5)

to_bytes(4096)

to_bytes('4 kB')

to_bytes('1M')

to_bytes('1.5 GB')

to_bytes('2 T')

to_bytes('3 P')

to_bytes('1 E')

to_bytes('1 x')

to_bytes('abc')

to_bytes('')

to_bytes(1.5)

to_bytes([1])

to_bytes()
