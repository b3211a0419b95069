# An `if` whose branches are empty computes nothing.
if $facts['os']['family'] == 'Debian' {
}
notice('configured')
