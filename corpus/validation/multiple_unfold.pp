$a = { 'mode' => '0644' }
$b = { 'owner' => 'root' }
file { '/tmp/unfold': * => $a, * => $b }
