# The node's roles, which the `mapped_paths` level maps (a fact in
# lookup-facts.yaml for `pfacts lookup`).
$roles = ['web', 'db']
include profile
