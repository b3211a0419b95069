# Unicode's line separator is no whitespace to Puppet.
$x = 1 
