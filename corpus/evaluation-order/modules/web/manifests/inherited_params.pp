class web::inherited_params {
  $port = 8080
}
