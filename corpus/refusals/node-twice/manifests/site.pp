# The same node, defined twice (names are not case-sensitive).
node 'node.example.com' { notify { 'first': } }
node 'NODE.example.com' { notify { 'second': } }
