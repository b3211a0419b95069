# EPP templates: epp() with and without declared parameters, inline_epp()
# in the calling scope, and what Puppet's EPP lexer trims.
$site_name = 'Example site'

node default {
  include motd
}

# Compile errors, as Puppet reports them.
node 'missing-template.example.com' {
  $text = epp('motd/nowhere.epp')
}

node 'missing-parameter.example.com' {
  $text = epp('motd/motd.epp', { 'admins' => [] })
}
