type Mymod::Other = String
type Runtime[ruby, 'Mymod::Thing'] = Mymod::Thing
