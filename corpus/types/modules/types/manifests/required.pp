class types::required (
  String $first,
  Optional[String] $second,
  String $third = 'given',
) {
  notify { "${first} ${second} ${third}": }
}
