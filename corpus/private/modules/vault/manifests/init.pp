class vault (private String $token = 'x', $public = 1) {
  contain vault::internal
  vault::helper { 'one': }
}
