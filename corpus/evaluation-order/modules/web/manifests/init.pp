# The "params pattern" without `inherits`: the default is evaluated before
# the body's `include`, so `web::params` is not evaluated yet.
class web ($port = $web::params::port) {
  include web::params
  notify { "web port=${port}": }
}
