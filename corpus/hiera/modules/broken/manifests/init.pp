# A hierarchy path with an unknown variable: Puppet fails at its line of
# hiera.yaml.
class broken (String $name_of = 'none') {
  notify { 'broken': message => $name_of }
}
