#!/bin/bash
# Whole-process speed and memory of `pfacts check` next to `pfacts parse`:
# on the Debian corpus copied 1, 10 and 30 times under other module names
# (scripts/replicate-corpus.rb), and on one manifest of 600,000 resources in
# one scope. Prints wall seconds and peak resident memory of each, and the
# ratios the analysis stage is held to (README, "Speed").
# Usage: scripts/check-speed.sh [COPIES...]   (default: 1 10 30)
set -euo pipefail
cd "$(dirname "$0")/.."
corpora=${PFACTS_CORPORA:-../shared}
copies=("$@")
[ ${#copies[@]} -gt 0 ] || copies=(1 10 30)
cargo build --release --quiet
pfacts=$PWD/target/release/pfacts
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The best wall time of three runs, and the peak memory of the last.
measure() {
    local best=999999 memory=0 run
    for run in 1 2 3; do
        /usr/bin/time -f "%e %M" -o "$scratch/time" "$pfacts" "$@" >/dev/null 2>&1 || true
        read -r seconds memory < <(tail -1 "$scratch/time")
        best=$(echo "$seconds $best" | awk '{ print ($1 < $2) ? $1 : $2 }')
    done
    echo "$best $memory"
}

printf '%-26s %9s %9s %9s %11s\n' input "parse s" "check s" check/parse "check MB"
report() {
    local name=$1 path=$2
    read -r parse _ < <(measure parse "$path")
    read -r check memory < <(measure check "$path")
    printf '%-26s %9.2f %9.2f %9.2f %11.0f\n' "$name" "$parse" "$check" \
        "$(echo "$check $parse" | awk '{ print $1 / $2 }')" "$((memory / 1024))"
}
for n in "${copies[@]}"; do
    ruby scripts/replicate-corpus.rb "$corpora/corpus/debian-modules" "$scratch/x$n" "$n"
    report "debian x$n" "$scratch/x$n"
    rm -rf "$scratch/x$n"
done
mkdir -p "$scratch/scope/manifests"
awk 'BEGIN { print "node default {"
             for (i = 0; i < 600000; i++) printf "  file { \"/srv/f%d\": ensure => file, mode => \"0644\" }\n", i
             print "}" }' >"$scratch/scope/manifests/site.pp"
report "one scope, 600k resources" "$scratch/scope"
