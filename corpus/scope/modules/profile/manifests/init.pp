class profile (
  String $greeting = "hello ${::fqdn}",
  Integer $count = 1,
) {
  $local = "${greeting} from ${module_name}"
  [$first, $second] = [$local, split($local, ' ')]
  notice($first, $second, $::top, $top)

  $doubled = [1, 2].map |Integer $item| { $item * $count }
  $summed = $doubled.reduce(0) |$memo, $value| { $memo + $value }

  $text = @("TEXT")
    Greeting: ${greeting}
    Count: $count and ${profile::count}
    | TEXT
}
