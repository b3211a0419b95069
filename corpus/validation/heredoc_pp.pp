# A `pp` heredoc holds Puppet code that must parse.
$manifest = @(END:pp)
  file { '/tmp/x': ensure => }
  | END
notice($manifest)
