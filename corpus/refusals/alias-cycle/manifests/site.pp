# Two keys whose values alias each other.
class a ($x = 'default') {
  notify { "x is ${x}": }
}
include a
