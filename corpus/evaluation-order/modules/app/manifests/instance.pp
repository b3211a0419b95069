# In a define's body, `$title` and `$name` are the instance's.
define app::instance {
  notify { "instance title=${title} name=${name} module=${module_name}": }
}
