# Puppet refuses the file when it loads it: `+>` appends in overrides
# and collectors only.
class decl::appended {
  Exec { path +> ['/usr/bin'] }
}
