#!/bin/bash
# Writes docs/rules/<rule>.md from each rule's own documentation
# (`pfacts rules --explain`); tests/report.rs checks they are current.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
rm -rf docs/rules
mkdir -p docs/rules
for rule in $(target/debug/pfacts rules | cut -d' ' -f1); do
    target/debug/pfacts rules --explain "$rule" > "docs/rules/$rule.md"
done
