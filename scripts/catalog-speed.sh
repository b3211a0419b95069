#!/bin/bash
# Time to compile a catalog with `pfacts catalog` next to Puppet 7 itself,
# each the best of five runs, wall clock, whole processes (Puppet's Ruby
# starting included, as pfacts' start is).
#
#   scripts/catalog-speed.sh                  # corpus/debian/collectd (30 resources)
#   scripts/catalog-speed.sh debian MODULE    # another of corpus/debian
#   scripts/catalog-speed.sh forge [MODULE [EXAMPLE [NODE]]]
#
# The forge default is the largest catalog of the forge suite
# (tests/forge.rs): apache's examples/vhost_proxypass.pp for the Debian 12
# node, 278 resources.
set -euo pipefail
cd "$(dirname "$0")/.."
# The third-party corpora (README, "Corpora").
corpora=${PFACTS_CORPORA:-../shared}
suite=${1:-debian}
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
case "$suite" in
  debian)
    module=${2:-collectd}
    what="corpus/debian/$module"
    pfacts=$(best target/release/pfacts catalog "corpus/debian/$module" --facts corpus/debian-facts.json \
      --modulepath "$corpora"/corpus/debian-modules)
    puppet=$(best ruby scripts/catalog-with-puppet.rb "corpus/debian/$module" node.example.com \
      corpus/debian-facts.json "$corpora"/corpus/debian-modules)
    ;;
  forge)
    module=${2:-apache}
    example=${3:-vhost_proxypass}
    node=${4:-debian12.example.com}
    forge="$corpora/corpus/forge-modules"
    modulepath="$forge/modules:$corpora/corpus/control-repos/puppet7-vendor-modules"
    environment=$(mktemp -d)
    trap 'rm -rf "$environment"' EXIT
    mkdir -p "$environment/manifests"
    cp "$forge/modules/$module/examples/$example.pp" "$environment/manifests/site.pp"
    what="$module's examples/$example.pp for $node"
    pfacts=$(best target/release/pfacts catalog "$environment" --node "$node" \
      --facts "$forge/facts/$node.json" --modulepath "$modulepath")
    puppet=$(best ruby scripts/catalog-with-puppet.rb --puppet7-defaults "$environment" "$node" \
      "$forge/facts/$node.json" "$modulepath")
    ;;
  *)
    echo "usage: $0 [debian [MODULE] | forge [MODULE [EXAMPLE [NODE]]]]" >&2
    exit 2
    ;;
esac
echo "$what: pfacts ${pfacts} ms, Puppet 7 ${puppet} ms (best of 5, wall clock)"
