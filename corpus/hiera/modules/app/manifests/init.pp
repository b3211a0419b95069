# Parameters from the environment's Hiera layer and the module's: the
# node's level (`$trusted`), two paths of one level, a JSON level with its
# own datadir, `lookup_options` merging deep and unique across both
# layers, interpolation of variables and of `alias`, `lookup` and
# `literal`, `~` (the default applies), and `convert_to`.
class app (
  Integer $port = 3,
  Hash $settings = {},
  Array $packages = [],
  String $greeting = 'none',
  String $from_json = 'none',
  Array $aliased = [],
  String $percent = '',
  Optional[String] $nothing = 'default',
  String $modonly = 'default',
  Sensitive[String] $secret = Sensitive('none'),
  Integer $workers = 1,
) {
  notify { 'app port': message => $port }
  notify { 'app settings': message => $settings }
  notify { 'app packages': message => $packages }
  notify { 'app greeting': message => $greeting }
  notify { 'app from_json': message => $from_json }
  notify { 'app aliased': message => $aliased }
  notify { 'app percent': message => $percent }
  notify { 'app nothing': message => "${nothing}" }
  notify { 'app modonly': message => $modonly }
  # lookup() follows lookup_options, unless given a strategy.
  notify { 'app lookup options': message => lookup('app::settings') }
  notify { 'app lookup first': message => lookup('app::settings', Hash, 'first') }
  notify { 'app trusted': message => $trusted }
  file { '/etc/app.secret': content => $secret }
  notify { 'app workers': message => $workers }
}
