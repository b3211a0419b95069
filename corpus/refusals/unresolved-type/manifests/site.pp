# A name that is no type stays a type reference in an object type's
# definition; a value checked against it is refused.
type Config = Object[{ attributes => { port => Prot } }]

notify { 'type': message => "${Config}" }
notify { 'value': message => "${Config(80)}" }
