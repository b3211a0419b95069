# One node per case: Puppet stops at the first error, so each node
# evaluates one class. scripts/ask-puppet.sh compiles every node; the
# errors Puppet reports are in expected/<node>.json.

node 'unknown-parameter-type.example.com' { include decl::typo }
node 'unknown-parameter-class.example.com' { class { 'decl::server': prot => 80 } }
node 'unknown-parameter-define.example.com' { decl::vhost { 'www': docroot => '/srv', ssl => true } }
node 'unknown-parameter-ruby.example.com' { decl_thing { 'x': colour => 'red' } }
node 'missing-parameter.example.com' { decl::vhost { 'www': } }
node 'missing-optional-parameter.example.com' { decl::optional { 'x': } }
node 'foreign-override.example.com' { include decl::foreign }
node 'redefining-override.example.com' { include decl::redefine }
node 'missing-class-parameter.example.com' { class { 'decl::db': } }
node 'duplicate-resource-body.example.com' { include decl::twice }
node 'duplicate-resource-classes.example.com' { include decl::both }
node 'duplicate-resource-define.example.com' { include decl::sites }
node 'duplicate-attribute.example.com' { include decl::attrs }
node 'duplicate-title.example.com' { include decl::titles }
node 'class-defaults.example.com' { include decl::classdefaults }
node 'duplicate-resource-default.example.com' { include decl::defaults }
node 'reserved-variable.example.com' { include decl::facts }
node 'reassigned-variable.example.com' { include decl::reassign }
node 'required-after-optional.example.com' { notice(decl::pick_port(1, 2)) }
node 'definition-location.example.com' { include decl::misplaced }
node 'top-construct.example.com' { include decl::nodes }
node 'append-default.example.com' { include decl::appended }

# None of these is an error.
node 'clean.example.com' {
  include decl::branches
  include decl::supplied
  include decl::overrider
  include decl::commented
  decl_thing { 'y': size => 2, require => Class['decl::branches'] }
}

# Defined here and in the module: Puppet uses the definition of the
# environment's manifest, which it loads first; the module's is dead code.
class decl::again { notify { 'from site.pp': } }
node 'duplicate-declaration.example.com' { include decl::again }
