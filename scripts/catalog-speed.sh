#!/bin/bash
# Time to compile the largest catalog of corpus/debian that both compile
# (collectd, 30 resources, with apt and its EPP templates): `pfacts catalog`
# next to Puppet 7 itself, each the best of five runs, wall clock.
# Usage: scripts/catalog-speed.sh [MODULE]
set -euo pipefail
cd "$(dirname "$0")/.."
# The third-party corpora (README, "Corpora").
corpora=${PFACTS_CORPORA:-../shared}
module=${1:-collectd}
cargo build --release --quiet
best() {
  local best=999999
  for _ in 1 2 3 4 5; do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    local ms=$(( (end - start) / 1000000 ))
    (( ms < best )) && best=$ms
  done
  echo "$best"
}
pfacts=$(best target/release/pfacts catalog "corpus/debian/$module" --facts corpus/debian-facts.json \
  --modulepath "$corpora"/corpus/debian-modules)
puppet=$(best ruby scripts/catalog-with-puppet.rb "corpus/debian/$module" node.example.com \
  corpus/debian-facts.json "$corpora"/corpus/debian-modules)
echo "$module: pfacts ${pfacts} ms, Puppet 7 ${puppet} ms (best of 5, wall clock)"
