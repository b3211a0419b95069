# Declared by top-level code between two top-scope assignments, after a
# manifest that runs before site.pp and before one that runs after it.
class vis::top_reader {
  notify { "top reader early=${early_top} late=${late_top}": }
  notify { "top reader first file=${first_file_top}": }
  notify { "top reader later file=${tail_top}": }
}
