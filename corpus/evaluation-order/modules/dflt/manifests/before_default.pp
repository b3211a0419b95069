# Declared by top-level code in a manifest that runs before site.pp's
# `File` default.
class dflt::before_default {
  file { '/dflt/before-file': }
}
