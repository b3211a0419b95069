class dflt::later_class {
  file { '/late/later-class': }
}
