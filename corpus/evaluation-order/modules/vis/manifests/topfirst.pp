# Declared by top-level code before the node declares it again.
class vis::topfirst {
  notify { "topfirst role=${role}": }
}
