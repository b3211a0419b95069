# Type sets (`type TS = TypeSet {...}`) and type aliases as values, as
# Puppet 7 resolves and writes them.
type TS = TypeSet {
  pcore_version => '1.0.0',
  version => '1.2.0',
  types => {
    MyObject => { attributes => { a => String } },
    MySecondObject => MyObject { attributes => { b => String } },
    Port => Integer[1, 65535],
    Thing => Object { attributes => { p => Port, o => Optional[MyObject] } },
  },
}
# A set that refers to another: inside it, `T::Thing` is `TS::Thing`.
type App = TypeSet {
  pcore_version => '1.0.0',
  version => '2.0.0',
  references => { T => { name => 'TS', version_range => '1.x' } },
  types => {
    Holder => { attributes => { thing => T::Thing, port => T::Port } },
    Special => T::MyObject { attributes => { extra => Integer } },
  },
}
# A name that is no type is Puppet's type reference inside an object
# type's definition, refused only where a value is checked against it.
type Loose = Object[{ attributes => { n => Optional[NoSuchType] } }]
type MyPort = Integer[1, 2]
type Chained = MyPort
type Ports = Array[MyPort]
type Tree = Array[Variant[Integer, Tree]]

# The set is resolved where it is first referred to; its members exist
# from then on.
$set = TS
$app = App
$values = {
  'set is a TypeSet' => TS =~ Type[TypeSet],
  'equal' => TS == TS,
  'default set' => "${TypeSet}",
  'member object' => "${TS::MyObject}",
  'member with parent' => "${TS::MySecondObject}",
  'member alias' => "${TS::Port}",
  'in any case' => "${Ts::Port}",
  'instance' => "${TS::Thing(80, TS::MyObject('x'))}",
  'inherited instance' => "${TS::MySecondObject('a', 'b')}",
  'instance of' => TS::MySecondObject('a', 'b') =~ TS::MyObject,
  'subtype' => TS::MySecondObject < TS::MyObject,
  'alias member instance' => 5 =~ TS::Port,
  'alias' => "${MyPort}",
  'alias in an array' => "${[MyPort]}",
  'alias %p' => String(MyPort, '%p'),
  'chained alias' => "${Chained}",
  'alias of an array' => "${Ports}",
  'recursive alias' => "${Tree}",
  'alias within a type' => "${Optional[MyPort]}",
  'through a reference' => "${App::Holder(TS::Thing(8, undef), 9)}",
  'parent through a reference' => App::Special < TS::MyObject,
  'referring member' => "${App::Special}",
  'unresolved reference' => "${Loose}",
  # Last: once Puppet 7 has written a type set, its formatter keeps the set
  # as its context (`TypeFormatter#string_PTypeSetType` restores it only on
  # an error), and writes the aliases and objects of later texts as inside
  # it. pfacts does not imitate that.
  'set' => "${TS}",
  'referring set' => "${App}",
}
$values.each |$name, $value| {
  notify { $name: message => $value }
}
