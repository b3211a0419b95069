# A variable name is lower case.
$Foo = 1
notice($Foo)
