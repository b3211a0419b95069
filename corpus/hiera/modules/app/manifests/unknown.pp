# Data that interpolates an unknown variable: Puppet (strict variables)
# fails at the declaration.
class app::unknown (String $text = 'none') {
  notify { 'text': message => $text }
}
