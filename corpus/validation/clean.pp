# What Puppet's validator accepts, near each case above.
class validation::clean (Integer $port = 80, Optional[String] $name_suffix = undef) {
  class nested { }
  define nested_define { }
  $doubled = $port * 2
  notice($doubled)
}
function validation::last($first, *$rest) { $rest }
type Validation::Port = Integer[1, 65535]
type Runtime[ruby, 'Validation::Widget'] = Validation::Port
type Runtime[ruby, [/^Validation::(\w+)$/, 'Widgets::\1']] = [/^Widgets::(\w+)$/, 'Validation::\1']
node 'db-01.example.com', /^web\d+$/ { }
# A collector as a call's argument or a relationship's side; the largest
# integer; a quoted reserved word.
notice(File <| tag == 'managed' |>)
Package <| |> -> File <| |>
User <| (tag == 'admins' or tag != 'guests') and title == "root" |>
$largest = 0x7FFFFFFFFFFFFFFF
$access = { 'attr' => 'private' }
# Heredocs whose text Puppet checks, valid; interpolated text is checked
# only when evaluated.
$settings = @(END:data+json)
  { "listen": [80, 443], "tls": true }
  | END
$key = @(END:base64)
  dGhlIHF1aWNr
  IHJlZCBmb3g=
  |- END
$code = @(END:pp)
  notice('hello')
  | END
$rendered = @("END":json)
  { "port": ${largest} }
  | END
notice($settings, $key, $code, $rendered)
# An `if` without effect may end a file.
if $largest > 0 { }
