# The minus is an operator: the literal itself is 2**63.
$lowest = -9223372036854775808
notice($lowest)
