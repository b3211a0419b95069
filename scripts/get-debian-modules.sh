#!/usr/bin/env bash
# Brings the Debian module corpus: the 92 Puppet modules that Debian
# packages, at the versions of debian-modules.VERSIONS.tsv (module,
# package, version), each unpacked from its package into DEST/<module>
# (what the package installs in /usr/share/puppet/modules.available/).
# Needs apt's package lists (apt-get update), not root: packages are
# downloaded and unpacked, never installed. Then writes Puppet's verdict
# per manifest beside them, when Puppet is installed.
#
#   scripts/get-debian-modules.sh VERSIONS.tsv DEST
#   scripts/get-debian-modules.sh ../shared/corpus/debian-modules.VERSIONS.tsv /tmp/debian-modules
set -euo pipefail
versions=$(realpath "$1")
dest=$(realpath -m "$2")
here=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$dest"
cd "$scratch"
while IFS=$'\t' read -r module package_list version; do
  [ -n "$module" ] || continue
  rm -rf "${dest:?}/$module"
  mkdir -p "$dest/$module"
  # A module that two Debian packages install into one directory lists
  # both; the version is one of theirs, the other comes as apt offers it.
  IFS=', ' read -r -a packages <<< "$package_list"
  for package in "${packages[@]}"; do
    wanted=$package
    if apt-cache madison "$package" | awk -F' [|] ' '{print $2}' | grep -qx "$version"; then
      wanted="$package=$version"
    fi
    apt-get download -qq "$wanted" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2 || true
    unpacked="$scratch/$package"
    dpkg-deb -x "${package}_"*.deb "$unpacked"
    # The module, in modules.available/<author>-<name>, as Puppet reads
    # it: code, data and metadata, and every file of templates/, files/
    # and facts.d/ (a template need not end in .erb); not its tests or
    # tooling.
    (cd "$unpacked"/usr/share/puppet/modules.available/*/ &&
      find . -type f \( -name '*.pp' -o -name '*.rb' -o -name '*.erb' -o -name '*.epp' \
        -o -name '*.yaml' -o -name 'metadata.json' -o -path './templates/*' \
        -o -path './files/*' -o -path './facts.d/*' \) \
        -not -path './spec/*' -not -path './locales/*' \
        -exec cp --parents -t "$dest/$module" {} +)
    rm -rf "$unpacked" "${package}_"*.deb
  done
done < "$versions"
if command -v puppet >/dev/null 2>&1; then
  # Puppet's verdict per manifest: file<TAB>ok|error<TAB>code, the form of
  # debian-modules.truth.tsv.
  ruby "$here/scripts/validate-with-puppet.rb" "$dest" '**/*.pp' 2>/dev/null |
    awk -F'\t' 'NR > 1 { code = ($3 == "-") ? "" : $3; print $1 "\t" $2 "\t" code }' \
    > "$dest.truth.tsv"
fi
echo "$(wc -l < "$versions") modules in $dest"
