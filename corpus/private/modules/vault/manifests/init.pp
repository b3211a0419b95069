class vault (private String $token = 'x', $public = 1) {
  contain vault::internal
  vault::helper { 'one': }
  private $key = 'k'
  # The class itself and its lambdas see its private variable (look-alikes).
  notice($vault::key, $key)
  [1].each |$n| { notice($vault::key, $key) }
}
