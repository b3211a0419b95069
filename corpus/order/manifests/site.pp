# Evaluation order as Puppet 7 compiles: a resource takes the defaults in
# reach when it is declared, a define instance's body is evaluated once the
# node's code is done (so it sees later defaults and variables), and a
# virtual instance's body only once realized.
define order::instance($setting = 'unset') {
  file { "/instance/${title}": }
  notify { "instance ${title}": message => "${setting} ${::late}" }
}

class declared {
  # Declared before the defaults below: neither reaches it, but both reach
  # the body of `first`, evaluated later.
  file { '/before': }
  order::instance { 'first': }
  File { owner => 'root' }
  Order::Instance { setting => 'from a default' }
  order::instance { 'second': }
}

class virtual {
  @order::instance { 'kept virtual': }
  @order::instance { 'realized': }
  realize(Order::Instance['realized'])
  @order::instance { 'collected': setting => 'collect me' }
  Order::Instance <| setting == 'collect me' |>
}

include declared
include virtual
# Top scope, after the includes: the instances' bodies see it.
$late = 'late'
