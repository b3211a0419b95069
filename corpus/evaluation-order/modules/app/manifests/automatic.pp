# Puppet's automatic variables in a class and in a lambda within it.
class app::automatic {
  notify { "class title=${title} name=${name} module=${module_name}": }
  ['x'].each |$item| {
    notify { "lambda ${item} title=${title} module=${module_name}": }
  }
}
