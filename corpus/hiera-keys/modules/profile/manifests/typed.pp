class profile::typed (
  Integer $count = 1,
  Array[String] $names = [],
  Optional[Pattern[/\A0[0-7]{3}\z/]] $mode = undef,
  Integer $retries = 0,
) {
  notify { "typed ${count} ${names} ${mode} ${retries}": }
}
