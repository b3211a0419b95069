class web::params {
  $port = 80
}
