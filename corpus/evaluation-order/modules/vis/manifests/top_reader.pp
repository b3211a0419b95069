# Declared by top-level code between two top-scope assignments.
class vis::top_reader {
  notify { "top reader early=${early_top} late=${late_top}": }
}
