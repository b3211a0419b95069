# A single Runtime type maps to a type, not to a regexp and replacement.
type Runtime[ruby, 'Validation::Widget'] = [/^Validation::(\w+)$/, 'Widgets::\1']
