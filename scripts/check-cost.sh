#!/bin/bash
# Instructions of `pfacts check` next to `pfacts parse` on one tree, one
# thread, counted by valgrind's callgrind, with check's stages: a figure
# this noisy 2-core VM cannot move, where wall times of the same binary
# vary by a third from one minute to the next (README, "Speed").
# Usage: scripts/check-cost.sh [TREE]   (default: the Debian corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
# The third-party corpora (README, "Corpora").
corpora=${PFACTS_CORPORA:-../shared}
tree=$(realpath "${1:-"$corpora"/corpus/debian-modules}")
cargo build --release --quiet
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() {
    RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$out/$1.out" \
        target/release/pfacts "$@" "$tree" >/dev/null 2>"$out/$1.err" || true
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out/$1.err"
}
parse=$(count parse)
check=$(count check --exit-zero)
awk -v parse="$parse" -v check="$check" 'BEGIN {
    printf "parse %.3f G instructions, check %.3f G: check / parse %.2f\n", parse / 1e9, check / 1e9, check / parse }'
# Check's stages, as their callers account them (inclusive).
callgrind_annotate --inclusive=yes --threshold=100 "$out/check.out" 2>/dev/null |
    awk -v total="$check" '
        function stage(pattern, name) {
            if (!(name in known)) { known[name] = 1; order[++stages] = name }
            if ($0 ~ pattern && !(name in seen)) {
                value = $1; gsub(",", "", value); seen[name] = value
            }
        }
        { stage("pfacts::syntax::read_and_parse( \\[|$)", "parsing (tree-sitter, reading, decoding)")
          stage("pfacts::facts::extract::extract \\[", "extracting facts from manifests")
          # Analysis::run, or the timing wrapper it is inlined into.
          stage("rules/analysis.rs:pfacts::(rules::analysis::Analysis::run|timings::time)( |$)", "the Datalog programs")
          stage("pfacts::facts::ruby_file \\[", "Ruby files")
          stage("pfacts::facts::text_reads::read_erb$", "ERB templates")
          stage("pfacts::facts::layout::Layout::place$", "placing files")
          stage("pfacts::facts::merge \\[", "merging facts of files") }
        END { for (i = 1; i <= stages; i++) if ((name = order[i]) in seen) printf "  %-45s %.3f G (%.1f%%)\n", name, seen[name] / 1e9, 100 * seen[name] / total }'
