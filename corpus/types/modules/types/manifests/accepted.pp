class types::accepted (
  Stdlib::Absolutepath $path,
  Stdlib::Port $port = 80,
  Enum['fast', 'safe'] $mode = 'safe',
  Struct[{ soft => Integer[0], Optional[hard] => Integer[0] }] $limits = { 'soft' => 1 },
  Array[Stdlib::Fqdn, 1] $servers = ['localhost'],
  Tuple[String, Integer] $pair = ['a', 0],
  Struct[{ name => String[1] }] $options = { 'name' => 'x' },
  Optional[Variant[String, Integer]] $extra = undef,
  Hash[String, Data] $settings = {},
  Pattern[/^\d+[kMG]?$/] $size = '10M',
  Float[0.0, 1.0] $ratio = 0.5,
  Boolean $enabled = true,
) {
  notify { 'accepted':
    message => [$path, $port, $mode, $limits, $servers, $pair, $options, $extra, $size, $ratio, $enabled],
  }
}
