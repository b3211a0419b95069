include mymod
notice(dig($facts, 'os', 'family'), getvar('facts.datacenter'))
file { '/tmp/x': source => 'puppet:///modules/mymod/x.conf' }
file { '/tmp/y': content => template('mymod/greeting.erb') }
if defined('mymod_setting') { create_resources('mymod_setting', {}) }
if defined('mymod_setting') { notice(Resource['mymod_setting', 'a'], Mymod_setting['b']) }
create_resources('file', { '/tmp/z' => { 'mode' => '0644' } })
