# Top-level code declares it first on some nodes only.
class vis::sometimes {
  notify { "sometimes role=${role}": }
}
