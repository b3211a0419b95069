# Each parameter bound from another kind of level (tests/catalog.rs):
# a mapped path, a glob, globs, an interpolated data directory, a plain
# eyaml value, and the module's default hierarchy.
class profile (
  String $role_value,
  String $fragment,
  String $team,
  String $os_dir,
  String $plain_in_eyaml,
  String $default_os,
  Array[String] $default_list,
) {
  notify { 'bound':
    message => "${role_value}; ${fragment}; ${team}; ${os_dir}; ${plain_in_eyaml}; ${default_os}; ${default_list}",
  }
}
