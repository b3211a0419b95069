# When a qualified variable `$c::x` can be read: only once class `c` has
# been evaluated (Puppet 7 warns "Unknown variable" and reads undef
# otherwise), and what Puppet's automatic variables are in each scope.
# Each node is compiled by Puppet 7 on its own (scripts/ask-puppet.sh).

# Top-level code runs before any node's body.
include lib::early

# Node scope is seen by a class whose first declaration comes from a node
# (directly or through the classes it declares); top-level code runs first.
include vis::topfirst
include vis::base
if $trusted['certname'] == 'sometimes-top.example.com' {
  include vis::sometimes
}

# Top-level code in order: a class sees the top-scope variables assigned
# before it is declared.
$early_top = 'early'
include vis::top_reader
$late_top = 'late'

# A default reaches the resources declared after it, when they are
# declared: in its scope, and in the classes that scope declares later.
File { mode => '0644' }

node 'params.example.com' {
  include web
  include web::inherited
}

node 'body.example.com' {
  include app
}

# The same two classes in both orders: `lib::reader` reads a variable of
# `lib::conf`, which `lib::writer` declares.
node 'writer-first.example.com' {
  include lib::writer
  include lib::reader
}

node 'reader-first.example.com' {
  include lib::reader
  include lib::writer
}

node 'node-scope.example.com' {
  # Declared by top-level code, which ran before this body.
  notify { "node reads ${lib::early::value}": }
}

node 'automatic.example.com' {
  include app::automatic
  app::instance { 'one': }
  notify { "node title=${title} name=${name} module=${module_name}": }
}

node 'nested.example.com' {
  $role = 'nested'
  include vis::outer
  include vis::topfirst
  include vis::derived
  include vis::sometimes
}

# `vis::sometimes` is declared by top-level code first only here.
node 'sometimes-top.example.com' {
  $role = 'sometimes'
  include vis::sometimes
}

# Templates: rendered from a class the node declares, and from the node's
# body.
node 'template.example.com' {
  $role = 'templated'
  include tmpl
  notify { 'from the node':
    message => epp('tmpl/global.epp'),
  }
}

node 'defaults.example.com' {
  # Reaches what this node declares first, not `dflt::before_default`:
  # top-level code declared it first, so its scope's parent is top scope.
  File { owner => 'node-owner' }
  include dflt::late
  include dflt::before_default
  include dflt::branches
  include dflt::cases
}
