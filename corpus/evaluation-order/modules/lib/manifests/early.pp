class lib::early {
  $value = 'early'
}
