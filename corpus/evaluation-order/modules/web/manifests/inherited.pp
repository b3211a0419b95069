# The look-alike that works: a parent class is evaluated before its child's
# parameters.
class web::inherited ($port = $web::inherited_params::port) inherits web::inherited_params {
  notify { "inherited port=${port}": }
}
