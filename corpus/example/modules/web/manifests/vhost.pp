# A virtual host.
define web::vhost (
  Web::Port $port,
  String $docroot = "/srv/www/${title}",
) {
  File {
    owner => 'www-data',
    mode  => '0644',
  }

  file { $docroot:
    ensure => directory,
  }

  file { "/etc/nginx/sites-enabled/${title}":
    content => @("CONF"/L)
      server {
        listen ${port};
        root ${docroot};
      }
      | CONF
    ,
    notify  => Service['nginx'],
  }
}
