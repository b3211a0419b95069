node default {
  class { 'motd':
    servers  => ['ntp1', 'ntp2'],
    options  => { 'port' => 123, 'iburst' => true, 'keys' => undef },
    contact  => 'root@example.com',
  }
}
# Ruby beyond what pfacts evaluates (a loop): its value is marked, not
# guessed (Puppet renders "ok").
node 'ruby.example.com' {
  notify { 'loop': message => inline_template('<% while false do end %>ok') }
}
