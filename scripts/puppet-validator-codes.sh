#!/usr/bin/env bash
# Lists the issue codes that Puppet 7's validator (Checker4_0) can raise,
# read from the installed Puppet, into data/puppet7-validator-codes.txt;
# docs/validation.md maps each to the pfacts rule or the reason it has none.
set -euo pipefail
cd "$(dirname "$0")/.."
checker=$(ruby -e 'puts $LOAD_PATH.map { |dir| File.join(dir, "puppet/pops/validation/checker4_0.rb") }.find { |file| File.exist?(file) }')
{
  printf '# Issue codes raised by %s (Puppet %s); written by scripts/puppet-validator-codes.sh\n' "$(basename "$checker")" "$(puppet --version)"
  grep -o 'Issues::[A-Z_0-9]*' "$checker" | sed 's/Issues:://' | sort -u
} > data/puppet7-validator-codes.txt
