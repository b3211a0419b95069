#!/usr/bin/env bash
# Asks `puppet lookup` (Puppet 7, no server) for keys of an environment, as
# a node with the given facts, and records what it prints: the value as
# YAML (NAME.yaml, then `exit N` when the status is not 0) and the
# explanation (NAME.explain), with the environment's directory written
# <environment> and the global layer's <global>. NAME is the request with
# `:` and blanks written `_`. tests/lookup.rs compares `pfacts lookup`
# with these files. Puppet runs in ENVDIR, so that relative paths of
# eyaml keys are the environment's.
#
#   scripts/lookup-with-puppet.sh ENVDIR NODE FACTS.yaml REQUESTS OUTDIR [GLOBAL_HIERA_YAML]
#
# REQUESTS: a file with one request a line, `KEY [--merge STRATEGY]`;
# lines starting with # are comments. Without GLOBAL_HIERA_YAML there is
# no global layer (hiera_config names a file that does not exist).
set -euo pipefail
environment=$(cd "$1" && pwd)
node=$2
facts=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
requests=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
mkdir -p "$5"
out=$(cd "$5" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
global=$scratch/no-global-hiera.yaml global_dir=$scratch
if [ -n "${6:-}" ]; then
  global=$(cd "$(dirname "$6")" && pwd)/$(basename "$6") global_dir=$(dirname "$global")
fi
mkdir -p "$scratch/environments" "$out"
rm -f "$out"/*.yaml "$out"/*.explain
# The environment on Puppet's environmentpath, named production.
ln -s "$environment" "$scratch/environments/production"
# From the environment, where eyaml finds keys its options name relatively.
cd "$environment"
lookup() {
  puppet lookup --confdir /etc/puppet --codedir /etc/puppet/code --vardir "$scratch/var" \
    --environmentpath "$scratch/environments" --environment production \
    --hiera_config "$global" --node "$node" --facts "$facts" "$@" 2>&1
}
grep -v '^#' "$requests" | while read -r request; do
  [ -n "$request" ] || continue
  read -r -a words <<<"$request"
  name=$(printf '%s' "$request" | tr ': ' '__')
  status=0
  lookup "${words[@]}" >"$out/$name.yaml" || status=$?
  [ "$status" = 0 ] || echo "exit $status" >>"$out/$name.yaml"
  lookup --explain "${words[@]}" |
    sed -e "s|$scratch/environments/production|<environment>|g" -e "s|$global_dir|<global>|g" >"$out/$name.explain"
  # Puppet explains lookup_options after convert_to replaced a type's name
  # by the type object in place, which it prints with its address: that
  # explanation changes from run to run, so it is not kept.
  if grep -q '#<.*:0x[0-9a-f]*' "$out/$name.explain"; then rm "$out/$name.explain"; fi
done
