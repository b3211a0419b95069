# @summary A web server with its virtual hosts.
class web (
  Web::Port $port = 80,
  Hash[String, Hash] $vhosts = {},
  private String $admin_token = '',
) {
  contain web::install

  $vhosts.each |String $name, Hash $settings| {
    web::vhost { $name:
      port => $port,
      *    => $settings,
    }
  }

  Class['web::install'] -> Web::Vhost <| |>
}
