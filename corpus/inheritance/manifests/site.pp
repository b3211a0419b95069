# Node inheritance: parsed and recorded, though Puppet 7 refuses it.
node 'base.example.com' { }
node 'web.example.com' inherits 'base.example.com' {
  include other
}
