# Ruby's Integer() reads a leading 0 as octal.
$month = Integer('08')
notify { "month ${month}": }
