class app::inner {
  $value = 'inner'
}
