node 'web.example.com' inherits 'base.example.com' { }
