# Hiera data that does not parse: Puppet refuses the lookup that reads it.
class a ($x = 'default') {
  notify { "x is ${x}": }
}
include a
