class profile::web (
  Integer $port = 80,
  String $docroot = '/var/www',
  Array[String] $packages = [],
) {
  $banner = lookup('profile::web::banner')
  notify { "port ${port} docroot ${docroot} banner ${banner} packages ${packages}": }
}
