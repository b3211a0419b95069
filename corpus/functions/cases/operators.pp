# modulepath: -
# Operators on hashes: Ruby's merge, where a key keeps its place.

{'a' => 1, 'b' => 2} + {'a' => 3, 'c' => 4}

{'a' => 1, 'b' => 2, 'a' => 3}
