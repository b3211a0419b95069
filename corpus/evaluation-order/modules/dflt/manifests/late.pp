# The default below is written after some of what it would reach.
class dflt::late {
  dflt::instance { 'declared before the default': }
  file { '/late/before': }
  include dflt::early_class
  File { mode => '0600' }
  file { '/late/after': }
  include dflt::later_class
  dflt::instance { 'declared before its body runs': }
}
