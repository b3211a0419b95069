# Two options of one `case` never both run.
class dflt::cases {
  case $facts['os']['family'] {
    'RedHat': { File { owner => 'case-owner' } }
    default: { file { '/branch/case-apart': } }
  }
}
