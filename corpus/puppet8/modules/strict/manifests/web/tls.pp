# Overrides the port of the vhost its parent class declares. Included by
# a define instance, whose body runs after the vhost's: the vhost's body
# has read port 80 already. Puppet 7 warns and sets the parameter anyway;
# Puppet 8 (strict=error) refuses.
class strict::web::tls inherits strict::web {
  Strict::Vhost['www'] {
    port => 443,
  }
}
