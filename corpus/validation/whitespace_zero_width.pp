# A zero-width space is no whitespace to Puppet.
$x =​1
