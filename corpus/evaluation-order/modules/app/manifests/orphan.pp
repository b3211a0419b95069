class app::orphan {
  $value = 'orphan'
}
