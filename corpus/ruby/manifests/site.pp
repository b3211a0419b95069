# Modules' Ruby, which `pfacts catalog --ruby` runs as Puppet does: a
# function of each API and an ERB template beyond pfacts' own ERB reader
# (expected/puppet-catalog.json, compiled by Puppet).
node default {
  include rb
}
