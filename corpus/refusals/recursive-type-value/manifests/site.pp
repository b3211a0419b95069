# A type in a parameter reaches the catalog as rich data; Puppet cannot
# write an alias that holds itself (`Data` is one).
type Tree = Array[Variant[String, Tree]]

class shapes {
  notify { 'leaf':
    message => { 'scalar' => String, 'tree' => Tree },
  }
}
include shapes
