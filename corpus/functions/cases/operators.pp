# modulepath: -
# Operators: hashes merged as Ruby merges them, selectors.

{'a' => 1, 'b' => 2} + {'a' => 3, 'c' => 4}

{'a' => 1, 'b' => 2, 'a' => 3}

# A selector's default applies when no other option matches, wherever it is.
$x = undef
$x ? { default => 'd', undef => 'u' }

'a' ? { default => 'd', 'b' => 'b' }

'a' ? { 'b' => 'b' }

# Access on resource types: an array of titles gives an array, however
# many it holds; undef titles are left out.
File[undef]

File[[]]

$paths = ['/x']
File[$paths]

File['/x']

Resource[file, ['/y']]

File['/a', undef, '/b']
