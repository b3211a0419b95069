# A form feed is no whitespace to Puppet.
$x = 1
