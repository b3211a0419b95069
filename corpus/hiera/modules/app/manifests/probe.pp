# `~` in the data: undef for a parameter without default, and a found
# undef for lookup() (its default is not used); a key dotted into a hash,
# in lookup() and in an interpolation.
class app::probe (Optional[String] $nothing, String $dug = 'none') {
  notify { 'probe nothing': message => "[${nothing}]" }
  notify { 'lookup nothing': message => "[${lookup('app::nothing')}]" }
  notify { 'lookup nothing default': message => "[${lookup('app::nothing', Optional[String], 'first', 'dflt')}]" }
  notify { 'environment': message => $environment }
  notify { 'dug': message => $dug }
  notify { 'dotted': message => lookup('app::settings.log') }
}
