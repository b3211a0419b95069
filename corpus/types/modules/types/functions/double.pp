function types::double(Integer $value) >> Integer {
  $value * 2
}
