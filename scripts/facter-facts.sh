#!/usr/bin/env bash
# Lists the facts Facter 4 resolves (core and legacy), read from the schema
# of the installed Facter (Debian's facter, a dependency of puppet-agent),
# into data/facter4-facts.tsv. `<interface>`-style parts mark fact families
# (`ipaddress_<interface>`).
#
#   apt-get install puppet-agent && scripts/facter-facts.sh
set -euo pipefail
cd "$(dirname "$0")/.."
schema=$(ruby -e 'puts $LOAD_PATH.map { |dir| File.join(dir, "schema", "facter.yaml") }.find { |path| File.file?(path) }')
{
  printf '# Facts of Facter %s (%s); written by scripts/facter-facts.sh\n' "$(facter --version)" "$schema"
  sed -n 's/^\([a-z][a-z0-9_<>]*\):.*/\1/p' "$schema" | sort -u
} > data/facter4-facts.tsv
wc -l data/facter4-facts.tsv
