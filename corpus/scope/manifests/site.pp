# Top scope, node scope and what classes see of them.
$top = 'top'

node 'web01.example.com', /^web\d+$/ {
  $in_node = 'node'
  include profile::web
}

node default {
  include profile
}
