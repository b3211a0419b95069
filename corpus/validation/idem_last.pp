class validation::ends {
  $port = 80
  $port + 1
}
