class rb (
  Array[String] $names = ['web', 'db'],
) {
  notify { 'greeting':
    message => rb::greet('world'),
  }
  notify { 'counted':
    message => rb::greet(3),
  }
  notify { 'sum':
    message => String(legacy_sum(1, 2, 3)),
  }
  notify { 'blocks':
    message => rb::twice(4) |$x| { $x + 1 },
  }
  # What Puppet makes of a Ruby function's value: without --ruby, pfacts
  # marks it, never a text made from the mark.
  notify { 'shouted':
    message => upcase(rb::greet('you')),
  }
  $greeting = rb::greet('epp')
  notify { 'rendered':
    message => inline_epp('<%= $greeting %>!'),
  }
  file { '/etc/rb.conf':
    content => template('rb/rb.conf.erb'),
  }
}
