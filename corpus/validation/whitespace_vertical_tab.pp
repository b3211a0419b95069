# A vertical tab is no whitespace to Puppet.
$x = 1
