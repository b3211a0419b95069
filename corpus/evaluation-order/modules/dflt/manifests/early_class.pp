class dflt::early_class {
  file { '/late/early-class': }
}
