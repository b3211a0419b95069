# A template file sees top scope and the scope of the node that declared
# the class rendering it, not the class's own variables (unless it
# qualifies them); inline_epp() sees them.
class tmpl {
  $local = 'class'
  notify { 'page':
    message => epp('tmpl/page.epp', { 'given' => 'argument' }),
  }
  # A template without parameters has its arguments as variables.
  notify { 'arguments':
    message => epp('tmpl/arguments.epp', { 'shown' => 'given' }),
  }
  # Computed arguments may bind any name.
  $values = { 'anything' => 'computed' }
  notify { 'computed':
    message => epp('tmpl/computed.epp', $values),
  }
  # Puppet sets the automatic variables in each class's scope.
  notify { "automatic: ${tmpl::title} ${tmpl::module_name}": }
  notify { 'inline':
    message => inline_epp('inline: <%= $local %>'),
  }
}
