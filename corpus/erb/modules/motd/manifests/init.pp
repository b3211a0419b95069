# ERB templates rendered as Puppet renders them: a module's template()
# and inline_template(), with the class's variables, facts, scope lookups
# and a function called from Ruby.
class motd (
  Array[String] $servers,
  Hash $options,
  String $contact,
  Optional[String] $banner = undef,
  Integer $port = 22,
) {
  $greeting = "Welcome to ${facts['hostname']}"
  file { '/etc/motd':
    content => template('motd/motd.erb', 'motd/footer.erb'),
  }
  notify { 'inline':
    message => inline_template('<%= @servers.map { |s| s.upcase }.join("+") %> on <%= @port %>'),
  }
}
