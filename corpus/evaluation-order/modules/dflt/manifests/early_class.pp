class dflt::early_class {
  file { '/late/early-class': }
  # Its body runs after the node's code, when dflt::late has set its
  # default: it takes it, though this class's own file does not.
  dflt::instance { 'declared by a class declared before the default': }
}
