# Declared by the last of the environment's manifests.
class vis::tail_reader {
  notify { "tail reader tail=${tail_top}": }
}
