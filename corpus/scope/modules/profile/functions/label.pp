function profile::label(String $name, *$rest) >> String {
  $joined = join($rest, ',')
  "${name}: ${joined}"
}
