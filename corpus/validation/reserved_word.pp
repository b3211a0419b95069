# A reserved word as a hash key: quoted ('attr') it is a string.
$settings = { attr => 'rw', 'mode' => '0644' }
notice($settings)
