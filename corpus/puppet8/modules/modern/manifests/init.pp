# Look-alikes of legacy facts that Puppet 8 reads as Puppet 7 does: the
# structured facts, facts that are not legacy, a local variable and a
# parameter named as legacy facts, and a template reading that variable.
class modern (
  String $hostname = 'given',
) {
  $osfamily = 'local'
  notify { 'modern':
    message => "${facts['os']['family']} ${::kernel} ${facts['kernel']} ${osfamily} ${hostname} ${fact('os.release.major')}",
  }
  notify { 'modern: erb':
    message => template('modern/local.erb'),
  }
  notify { 'modern: epp':
    message => inline_epp('<%= $facts[os][name] %>'),
  }
}
