private class vault::internal {
  $setting = 1
}
