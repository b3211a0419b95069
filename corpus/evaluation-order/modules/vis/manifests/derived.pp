# Its base class was first declared by top-level code: neither sees node
# scope.
class vis::derived inherits vis::base {
  notify { "derived role=${role}": }
}
