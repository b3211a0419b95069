# The URL of a virtual host.
function web::url(String $host, Web::Port $port = 80) >> String {
  $port ? {
    80      => "http://${host}/",
    default => "http://${host}:${port}/",
  }
}
