# A define's body runs after the node's code: it takes the defaults in
# reach then.
define dflt::instance {
  file { "/late/instance/${title}": }
}
