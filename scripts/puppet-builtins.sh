#!/usr/bin/env bash
# Lists the resource types and functions built into Puppet 7, read from the
# installed Puppet (Debian's puppet-agent), into data/puppet7-builtins.tsv,
# with the function a server running PuppetDB adds (puppetdb_query, of
# Debian's puppet-terminus-puppetdb).
#
#   apt-get install puppet-agent puppet-terminus-puppetdb && scripts/puppet-builtins.sh
set -euo pipefail
cd "$(dirname "$0")/.."
lib=$(ruby -e 'puts $LOAD_PATH.map { |dir| File.join(dir, "puppet") }.find { |dir| File.directory?(File.join(dir, "type")) }')
version=$(puppet --version)
{
  printf '# Built into Puppet %s and its PuppetDB terminus (%s); written by scripts/puppet-builtins.sh\n' "$version" "$lib"
  sed -n 's/.*newtype(:\([a-z_0-9]*\).*/resource_type\t\1/p' "$lib"/type/*.rb
  for file in "$lib"/functions/*.rb; do
    printf 'function\t%s\n' "$(basename "$file" .rb)"
  done
  # A legacy function lives in the file named after it.
  for file in "$lib"/parser/functions/*.rb; do
    printf 'function\t%s\n' "$(basename "$file" .rb)"
  done
} | awk 'NR == 1 { print; next } { print | "sort -u" }' > data/puppet7-builtins.tsv
wc -l data/puppet7-builtins.tsv
