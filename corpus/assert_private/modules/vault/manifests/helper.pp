define vault::helper {
  assert_private()
}
