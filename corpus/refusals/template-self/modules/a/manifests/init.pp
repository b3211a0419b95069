# A template that renders itself.
class a {
  file { '/tmp/self': content => template('a/self.erb') }
}
