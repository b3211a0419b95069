# modulepath: -
# Operators: hashes merged as Ruby merges them, selectors.

{'a' => 1, 'b' => 2} + {'a' => 3, 'c' => 4}

{'a' => 1, 'b' => 2, 'a' => 3}

# A selector's default applies when no other option matches, wherever it is.
$x = undef
$x ? { default => 'd', undef => 'u' }

'a' ? { default => 'd', 'b' => 'b' }

'a' ? { 'b' => 'b' }
