# A resource default gives the define's required parameter.
class decl::supplied {
  Decl::Vhost { docroot => '/srv/default' }
  decl::vhost { 'default': }
}
