#!/usr/bin/env bash
# Compiles, with Puppet 7 itself, the conformance snippets that Puppet's
# validator accepts but pfacts reports as compile errors (tests from
# Puppet's evaluator and compiler specs that expect an evaluation error),
# and records Puppet's error: file<TAB>line<TAB>message (blanks folded to
# spaces), into data/conformance-compile-errors.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
# The third-party corpora (README, "Corpora").
corpora=${PFACTS_CORPORA:-../shared}
snippets=(valid/0448.pp valid/0950.pp valid/0951.pp valid/0952.pp valid/0953.pp valid/0954.pp valid/0955.pp valid/0956.pp valid/1164.pp valid/1398.pp valid/1444.pp valid/1484.pp valid/1592.pp valid/1593.pp valid/1594.pp valid/1595.pp)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/manifests" "$scratch/modules"
{
  printf 'file\tline\tmessage\n'
  for snippet in "${snippets[@]}"; do
    cp "$corpora/conformance/$snippet" "$scratch/manifests/site.pp"
    error=$(ruby scripts/compile-with-puppet.rb "$scratch" 2>/dev/null | ruby -rjson -e 'puts JSON.parse(STDIN.read)["error"].to_s.gsub(/\s/, " ")')
    line=$(printf '%s' "$error" | sed -n 's/.*line: \([0-9]*\).*/\1/p')
    printf '%s\t%s\t%s\n' "$snippet" "${line:--}" "$error"
  done
} > data/conformance-compile-errors.tsv
