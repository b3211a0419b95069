# Parameters typed by the module's aliases.
class profile::aliased (
  Profile::Port $port = 80,
  Profile::Ports $ports = [],
) {
  notify { "aliased ${port} ${ports}": }
}
