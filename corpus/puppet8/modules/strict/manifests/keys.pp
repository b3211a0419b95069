# A hash literal with a key written twice: Puppet 7 warns and keeps the
# last value; Puppet 8 (strict=error) refuses it.
class strict::keys {
  $ports = {
    'http'  => 80,
    'https' => 443,
    'http'  => 8080,
  }
  notify { 'keys':
    message => "http ${ports['http']}",
  }
}
