node 'web.example.com' {
  include other
}
