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
