# Defaults and resources in branches: a default reaches what comes after
# it when both run, and never what a branch apart from it holds.
class dflt::branches {
  if $facts['os']['family'] == 'Debian' {
    file { '/branch/before': }
  }
  # Comes after `/branch/before` whenever that exists: late.
  File { group => 'late-group' }
  file { '/branch/after': }
  # Would come after both files, when it runs: late.
  if $facts['os']['family'] == 'RedHat' {
    File { mode => '0640' }
  } else {
    # Never with the `mode` default above: takes top scope's.
    file { '/branch/apart': }
  }
}
