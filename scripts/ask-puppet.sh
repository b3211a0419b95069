#!/usr/bin/env bash
# Regenerates everything the tests take from Puppet 7 (Debian's
# puppet-agent): built-in names, Facter's facts, the Debian corpus counts,
# and the fixtures' catalogs and compile errors. CI runs it and fails when
# the committed files differ from what Puppet says.
set -euo pipefail
cd "$(dirname "$0")/.."
# The third-party corpora (README, "Corpora").
corpora=${PFACTS_CORPORA:-../shared}
scripts/puppet-builtins.sh
ruby scripts/puppet-type-parameters.rb 2>/dev/null > data/puppet7-type-parameters.tsv
ruby scripts/puppet-type-parameters.rb "$corpora"/corpus/control-repos/puppet7-vendor-modules 2>/dev/null \
  > data/puppet7-vendor-type-parameters.tsv
ruby scripts/puppet-settings.rb 2>/dev/null > data/puppet7-settings.tsv
ruby scripts/puppet-type-namevars.rb "$corpora"/corpus/control-repos/puppet7-vendor-modules 2>/dev/null \
  > data/puppet7-type-namevars.tsv
scripts/puppet-validator-codes.sh
scripts/compile-conformance-snippets.sh
ruby scripts/validate-with-puppet.rb corpus/validation 2>/dev/null > corpus/validation/expected/verdicts.tsv
ruby scripts/validate-with-puppet.rb "$corpora"/corpus/debian-modules '**/*.epp' 2>/dev/null > data/debian-epp-verdicts.tsv
scripts/facter-facts.sh
ruby scripts/facter-legacy-facts.rb 2>/dev/null
ruby scripts/count-with-puppet.rb "$corpora"/corpus/debian-modules > data/debian-modules.puppet-counts.tsv
# A last column `debian-modules` puts the Debian corpus (its stdlib's real
# assert_private()) before the environment's own modules.
while read -r environment node output modules; do
  modulepath=${modules:+$corpora/corpus/$modules}
  ruby scripts/compile-with-puppet.rb "corpus/$environment" "$node" "$modulepath" 2>/dev/null > "corpus/$environment/expected/$output"
done <<'NODES'
defaults node.example.com catalog.json
scope web01.example.com catalog.json
inheritance web.example.com catalog.json
names class.example.com class.json
names type.example.com type.json
names function.example.com function.json
names guard.example.com guard.json
assert_private node.example.com define.json debian-modules
assert_private include.example.com class.json debian-modules
declarations unknown-parameter-type.example.com unknown-parameter-type.json
declarations unknown-parameter-class.example.com unknown-parameter-class.json
declarations unknown-parameter-define.example.com unknown-parameter-define.json
declarations unknown-parameter-ruby.example.com unknown-parameter-ruby.json
declarations missing-parameter.example.com missing-parameter.json
declarations missing-optional-parameter.example.com missing-optional-parameter.json
declarations foreign-override.example.com foreign-override.json
declarations redefining-override.example.com redefining-override.json
declarations missing-class-parameter.example.com missing-class-parameter.json
declarations duplicate-resource-body.example.com duplicate-resource-body.json
declarations duplicate-resource-classes.example.com duplicate-resource-classes.json
declarations duplicate-resource-define.example.com duplicate-resource-define.json
declarations duplicate-declaration.example.com duplicate-declaration.json
declarations clean.example.com clean.json
declarations duplicate-attribute.example.com duplicate-attribute.json
declarations duplicate-title.example.com duplicate-title.json
declarations class-defaults.example.com class-defaults.json
declarations duplicate-resource-default.example.com duplicate-resource-default.json
declarations reserved-variable.example.com reserved-variable.json
declarations reassigned-variable.example.com reassigned-variable.json
declarations required-after-optional.example.com required-after-optional.json
declarations definition-location.example.com definition-location.json
declarations top-construct.example.com top-construct.json
declarations append-default.example.com append-default.json
NODES
# The corpus's facts as `puppet facts` prints them (YAML and JSON), for
# `pfacts catalog --facts`; times fixed so that the files do not change.
for format in yaml json; do
  ruby -rpuppet -rjson -e '
    facts = Puppet::Node::Facts.new("node.example.com", JSON.parse(File.read("corpus/facts.json")))
    facts.timestamp = Time.at(0).utc
    facts.expiration = Time.at(0).utc
    puts(ARGV[0] == "yaml" ? facts.to_yaml : JSON.pretty_generate(facts.to_data_hash))
  ' "$format" > "corpus/puppet-facts.$format"
done
# Catalogs in Puppet's own format, for `pfacts catalog`, with the one facts
# file of the corpus.
for environment in defaults scope layout names hiera hiera-locations epp order erb modulepath resource-form ruby \
    type-sets; do
  ruby scripts/catalog-with-puppet.rb "corpus/$environment" node.example.com corpus/facts.json 2>/dev/null \
    > "corpus/$environment/expected/puppet-catalog.json"
done
ruby scripts/catalog-with-puppet.rb corpus/resource-form flat.example.com corpus/facts.json 2>/dev/null \
  > corpus/resource-form/expected/puppet-catalog-flat.json
# What Puppet refuses (tests/catalog.rs, refusals_are_puppets): each
# environment with Puppet 7's defaults.
for case in yaml-syntax alias-cycle template-self missing-require realize-missing unknown-parameter \
    unknown-type type-reference-typo return-type parameter-order integer-conversion node-twice hiera3-backend \
    recursive-type-value type-set-version type-set-member deferred-parameter \
    unknown-ruby-parameter type-set-reference unresolved-type; do
  ruby scripts/catalog-with-puppet.rb --puppet7-defaults "corpus/refusals/$case" node.example.com corpus/facts.json \
    2>/dev/null > "corpus/refusals/$case/expected/puppet-catalog.json"
done
# When qualified variables can be read, and the automatic variables: each
# node on its own, with Puppet 7's defaults, whose warnings name each
# unknown variable at its line.
for node in params body writer-first reader-first node-scope automatic nested sometimes-top defaults template; do
  ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/evaluation-order "$node.example.com" corpus/facts.json \
    2>/dev/null > "corpus/evaluation-order/expected/$node.json"
done
ruby scripts/catalog-with-puppet.rb corpus/resource-form chain.example.com corpus/facts.json 2>/dev/null \
  > corpus/resource-form/expected/puppet-catalog-chain.json
ruby scripts/catalog-with-puppet.rb corpus/resource-form numbers.example.com corpus/facts.json 2>/dev/null \
  > corpus/resource-form/expected/puppet-catalog-numbers.json
# Values that are not plain data, in Puppet's rich data form.
ruby scripts/catalog-with-puppet.rb corpus/resource-form rich.example.com corpus/facts.json 2>/dev/null \
  > corpus/resource-form/expected/puppet-catalog-rich.json
# With a global layer (Puppet's hiera_config), and with a broken one.
for global in global global-broken; do
  HIERA_CONFIG="corpus/hiera/$global/hiera.yaml" ruby scripts/catalog-with-puppet.rb corpus/hiera \
    node.example.com corpus/facts.json 2>/dev/null > "corpus/hiera/expected/puppet-catalog-$global.json"
done
# `puppet lookup` and its --explain, for tests/lookup.rs.
scripts/lookup-with-puppet.sh corpus/hiera node.example.com corpus/hiera/lookup-facts.yaml \
  corpus/hiera/lookup-requests.txt corpus/hiera/expected/lookup
scripts/lookup-with-puppet.sh corpus/hiera node.example.com corpus/hiera/lookup-facts.yaml \
  corpus/hiera/lookup-requests-global.txt corpus/hiera/expected/lookup-global corpus/hiera/global/hiera.yaml
# Globs, mapped paths, a module's default_hierarchy and eyaml (which needs
# Debian's hiera-eyaml package).
for recorded in lookup lookup-encrypted lookup-knockout; do
  scripts/lookup-with-puppet.sh corpus/hiera-locations node.example.com \
    corpus/hiera-locations/lookup-facts.yaml \
    "corpus/hiera-locations/${recorded/lookup/lookup-requests}.txt" \
    "corpus/hiera-locations/expected/$recorded"
done
for node in unknown-data unknown-path; do
  ruby scripts/catalog-with-puppet.rb corpus/hiera "$node.example.com" corpus/facts.json 2>/dev/null \
    > "corpus/hiera/expected/puppet-catalog-$node.json"
done
for node in missing-template missing-parameter; do
  ruby scripts/catalog-with-puppet.rb corpus/epp "$node.example.com" corpus/facts.json 2>/dev/null \
    > "corpus/epp/expected/puppet-catalog-$node.json"
done
for node in node wrong-type wrong-element wrong-alias wrong-struct undef-given missing \
  default-reads-missing define-type function-type; do
  ruby scripts/catalog-with-puppet.rb corpus/types "$node.example.com" corpus/facts.json "$corpora"/corpus/debian-modules \
    2>/dev/null > "corpus/types/expected/$node.json"
done
ruby scripts/catalog-with-puppet.rb corpus/functions node.example.com corpus/facts.json "$corpora"/corpus/debian-modules \
  2>/dev/null > corpus/functions/expected/puppet-catalog.json
ruby scripts/catalog-with-puppet.rb corpus/assert_private node.example.com corpus/facts.json "$corpora"/corpus/debian-modules \
  2>/dev/null > corpus/assert_private/expected/puppet-catalog.json
ruby scripts/catalog-with-puppet.rb corpus/assert_private include.example.com corpus/facts.json "$corpora"/corpus/debian-modules \
  2>/dev/null > corpus/assert_private/expected/puppet-catalog-include.json
# The move to Puppet 8 (tests/puppet8.rs): each node compiled as Puppet 7
# does by default, and as Puppet 8 does (strict, no legacy facts).
for node in top plain hash function erb epp hiera level keys coercion notnumeric notnumericvar notnumericstring override clean; do
  for puppet in 7 8; do
    ruby scripts/catalog-with-puppet.rb "--puppet$puppet-defaults" corpus/puppet8 "$node.example.com" \
      corpus/puppet8/facts.json "$corpora"/corpus/debian-modules 2>/dev/null \
      > "corpus/puppet8/expected/$node-puppet$puppet.json"
  done
done
# What Puppet 7 only warns about in Hiera configurations, data and module
# metadata, and Puppet 8's strict=error refuses (tests/puppet8.rs): each
# environment under both versions' defaults.
for environment in hiera3 data-shape metadata metadata-function metadata-type; do
  for puppet in 7 8; do
    ruby scripts/catalog-with-puppet.rb "--puppet$puppet-defaults" "corpus/strict-config/$environment" \
      node.example.com corpus/facts.json 2>/dev/null > "corpus/strict-config/$environment/expected/puppet$puppet.json"
  done
done
# Calls of functions stdlib 9 removed (tests/puppet8.rs): compiled with the
# Debian corpus's stdlib 8 and with the forge corpus's stdlib 9.
for node in validate has-key; do
  ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/stdlib9 "$node.example.com" corpus/facts.json \
    "$corpora"/corpus/debian-modules 2>/dev/null > "corpus/stdlib9/expected/$node-stdlib8.json"
  ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/stdlib9 "$node.example.com" corpus/facts.json \
    "$corpora"/corpus/forge-modules/modules 2>/dev/null > "corpus/stdlib9/expected/$node-stdlib9.json"
done
# Calls of the functions stdlib 9 deprecated (tests/puppet8.rs): their
# warnings under Puppet 7's defaults, and validate_legacy's failure under
# Puppet 8's strict=error.
for node in serialized checked; do
  ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/stdlib9 "$node.example.com" corpus/facts.json \
    "$corpora"/corpus/forge-modules/modules 2>/dev/null > "corpus/stdlib9/expected/$node-stdlib9.json"
done
ruby scripts/catalog-with-puppet.rb --puppet8-defaults corpus/stdlib9 checked.example.com corpus/facts.json \
  "$corpora"/corpus/forge-modules/modules 2>/dev/null > corpus/stdlib9/expected/checked-stdlib9-puppet8.json
ruby scripts/stdlib9-removed-functions.rb "$corpora"/corpus/debian-modules/stdlib \
  "$corpora"/corpus/forge-modules/modules/stdlib 2>/dev/null
# Hiera keys that bind nothing (tests/hiera_keys.rs).
ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/hiera-keys node.example.com corpus/facts.json 2>/dev/null \
  > corpus/hiera-keys/expected/puppet-catalog.json
ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/hiera-keys typed.example.com corpus/facts.json 2>/dev/null \
  > corpus/hiera-keys/expected/puppet-catalog-typed.json
for node in json-typo json-wrong lists-wrong lists-right aliased-wrong aliased-right; do
  ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/hiera-keys "$node.example.com" corpus/facts.json \
    2>/dev/null > "corpus/hiera-keys/expected/puppet-catalog-$node.json"
done
# A module whose hiera.yaml names another data directory (tests/hiera_keys.rs).
ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/hiera-datadir node.example.com corpus/facts.json 2>/dev/null \
  > corpus/hiera-datadir/expected/puppet-catalog.json
# The Debian modules (corpus/debian/README.md).
for environment in corpus/debian/*/; do
  ruby scripts/catalog-with-puppet.rb "$environment" node.example.com corpus/debian-facts.json "$corpora"/corpus/debian-modules \
    2>/dev/null > "${environment}expected/puppet-catalog.json"
  # As Puppet 8 compiles them by default (tests/puppet8.rs).
  ruby scripts/catalog-with-puppet.rb --puppet8-defaults "$environment" node.example.com corpus/debian-facts.json \
    "$corpora"/corpus/debian-modules 2>/dev/null > "${environment}expected/puppet8-catalog.json"
done
# The README's example environment, with Puppet 7's defaults: what its
# findings say, Puppet says (tests/check.rs, demo_findings_are_real).
for node in web01 db01 other; do
  ruby scripts/catalog-with-puppet.rb --puppet7-defaults corpus/demo "$node.example.com" corpus/facts.json 2>/dev/null \
    > "corpus/demo/expected/puppet-$node.json"
done
# The functions, call by call (tests/functions.rs).
ruby scripts/function-cases.rb "$corpora" 2>/dev/null
# The forge modules' examples and README usage, with Puppet 7's defaults
# (tests/forge.rs).
ruby scripts/forge-catalogs.rb "$corpora" corpus/forge 2>/dev/null
