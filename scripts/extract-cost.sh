#!/bin/bash
# Instructions spent parsing and extracting the Debian corpus, one thread,
# counted by valgrind's callgrind: a figure this noisy 2-core VM cannot
# move, next to the wall-clock one of `cargo bench --bench extract`.
# Usage: scripts/extract-cost.sh [CORPUS]
set -euo pipefail
cd "$(dirname "$0")/.."
# The third-party corpora (README, "Corpora").
corpora=${PFACTS_CORPORA:-../shared}
corpus=$(realpath "${1:-"$corpora"/corpus/debian-modules}")
cargo build --release --quiet
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.out" \
    target/release/pfacts extract "$corpus" -o "$out/facts" >/dev/null 2>&1 || true
# The cost of the calls, as their call sites account it, summed over sites.
callgrind_annotate --inclusive=yes "$out/callgrind.out" 2>/dev/null |
    awk '/=> .*pfacts::syntax::read_and_parse \(/ { gsub(",", "", $1); parse += $1 }
         /=> .*pfacts::facts::extract::extract \(/ { gsub(",", "", $1); extract += $1 }
         END { printf "parse %.3f G instructions, extract %.3f G: extraction adds %.1f%%\n",
                      parse / 1e9, extract / 1e9, 100 * extract / parse }'
