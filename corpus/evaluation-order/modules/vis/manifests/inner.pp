# Declared by a class the node declared: sees node scope.
class vis::inner {
  notify { "inner role=${role}": }
}
