class lib::conf {
  $value = 'conf'
}
