# What Puppet's validator accepts, near each case above.
class validation::clean (Integer $port = 80, Optional[String] $name_suffix = undef) {
  class nested { }
  define nested_define { }
  $doubled = $port * 2
  notice($doubled)
}
function validation::last($first, *$rest) { $rest }
type Validation::Port = Integer[1, 65535]
node 'db-01.example.com', /^web\d+$/ { }
# A collector as a call's argument or a relationship's side; the largest
# integer; an `if` that ends its block; a quoted reserved word.
notice(File <| tag == 'managed' |>)
Package <| |> -> File <| |>
$largest = 0x7FFFFFFFFFFFFFFF
$access = { 'attr' => 'private' }
if $largest > 0 { }
