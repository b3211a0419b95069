# A type set refers to another by name and version range: a version out
# of the range is refused where the referring set is first named.
type Base = TypeSet {
  pcore_version => '1.0.0',
  version => '1.2.0',
  types => { Thing => { attributes => { x => Integer } } },
}
type App = TypeSet {
  pcore_version => '1.0.0',
  references => { B => { name => 'Base', version_range => '2.x' } },
  types => { Holder => { attributes => { thing => B::Thing } } },
}

notify { 'set': message => "${App}" }
