# Top-level code declares it first on some nodes only.
class vis::sometimes {
  notify { "sometimes role=${role}": }
  # Its template sees the node scope that this class sees.
  notify { 'sometimes template': message => epp('vis/role.epp') }
}
