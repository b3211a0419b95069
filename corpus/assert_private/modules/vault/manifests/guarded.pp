class vault::guarded {
  assert_private()
}
