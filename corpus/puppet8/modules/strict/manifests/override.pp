class strict::override {
  include strict::web
  strict::late { 'tls': }
}
