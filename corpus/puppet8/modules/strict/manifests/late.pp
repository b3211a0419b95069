define strict::late {
  include strict::web::tls
}
