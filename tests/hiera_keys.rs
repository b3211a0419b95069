//! The Hiera key rules on corpus/hiera-keys, which Puppet 7 compiled
//! (`expected/puppet-catalog.json`, with its warnings): a misspelled or
//! unknown parameter (`unbound-hiera-key`, in YAML and JSON data), a class the module does not
//! have (`unknown-hiera-class`), another module's key in a module's data
//! (`foreign-module-data`) and a value its parameter's type refuses
//! (`hiera-type-mismatch`) are found; Puppet's catalog shows that the first
//! three bound nothing (the defaults stand, Puppet warns of the foreign
//! key), and Puppet refuses the node the last one reaches;
//! the keys that bind, the key a manifest looks up by name, the key data
//! asks for by alias, the key a manifest writes as a string and looks up
//! through a variable, `lookup_options`, a module not in the tree and a
//! module without `hiera.yaml` are no finding.

use assert_cmd::Command;
use serde_json::Value;

const HIERA_RULES: [&str; 4] = [
    "unbound-hiera-key",
    "unknown-hiera-class",
    "hiera-type-mismatch",
    "foreign-module-data",
];

/// What Puppet made of a node: `expected/<name>.json` of the fixture.
fn recorded(name: &str) -> Value {
    let path = format!("corpus/hiera-keys/expected/{name}.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn titles(catalog: &Value) -> Vec<String> {
    let mut titles: Vec<String> = catalog["resources"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|resource| resource["title"].as_str().map(str::to_string))
        .collect();
    titles.sort();
    titles
}

/// The findings of `pfacts check` on `environment`, as JSON.
fn findings_of(environment: &str) -> Vec<Value> {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args(["check", "--format", "json", "--exit-zero", environment])
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn keys_that_bind_nothing_are_found_as_puppet_ignores_them() {
    let findings = findings_of("corpus/hiera-keys");
    let found: Vec<(&str, &str, &str, u64)> = findings
        .iter()
        .filter(|finding| HIERA_RULES.contains(&finding["rule"].as_str().unwrap()))
        .map(|finding| {
            let key = finding["message"]
                .as_str()
                .unwrap()
                .split('`')
                .nth(1)
                .unwrap();
            (
                finding["rule"].as_str().unwrap(),
                finding["file"].as_str().unwrap(),
                key,
                finding["line"].as_u64().unwrap(),
            )
        })
        .collect();
    let data = "corpus/hiera-keys/data/common.yaml";
    assert_eq!(
        found,
        [
            ("unbound-hiera-key", data, "profile::web::prot", 3),
            ("unbound-hiera-key", data, "profile::web::user", 10),
            ("unknown-hiera-class", data, "profile::webserver::port", 12),
            (
                "hiera-type-mismatch",
                "corpus/hiera-keys/data/nodes/aliased-wrong.example.com.yaml",
                "profile::aliased::port",
                3
            ),
            (
                "hiera-type-mismatch",
                "corpus/hiera-keys/data/nodes/aliased-wrong.example.com.yaml",
                "profile::aliased::ports",
                4
            ),
            (
                "unbound-hiera-key",
                "corpus/hiera-keys/data/nodes/json-typo.example.com.json",
                "profile::typed::cuont",
                2
            ),
            (
                "hiera-type-mismatch",
                "corpus/hiera-keys/data/nodes/json-wrong.example.com.json",
                "profile::typed::count",
                3
            ),
            (
                "hiera-type-mismatch",
                "corpus/hiera-keys/data/nodes/lists-wrong.example.com.yaml",
                "profile::lists::names",
                3
            ),
            (
                "hiera-type-mismatch",
                "corpus/hiera-keys/data/nodes/lists-wrong.example.com.yaml",
                "profile::lists::limits",
                4
            ),
            (
                "hiera-type-mismatch",
                "corpus/hiera-keys/data/nodes/typed.example.com.yaml",
                "profile::typed::count",
                3
            ),
            (
                "foreign-module-data",
                "corpus/hiera-keys/modules/tools/data/common.yaml",
                "profile::web::port",
                5
            ),
        ]
    );
    // Puppet bound `docroot`, looked `banner` up, took `packages` through
    // the alias, `tools::level` from the module and `tools::vault::secret`
    // through a variable (no class `tools::vault`, no finding), and left `port` at its
    // default: `prot`, the foreign `profile::web::port` of module tools
    // and that of module plain (no hiera.yaml) bound nothing.
    let puppet: Value = recorded("puppet-catalog");
    let puppet_titles = titles(&puppet);
    for title in [
        "port 80 docroot /srv/www banner hello packages [curl, vim]",
        "tools level 3 secret s3cr3t",
    ] {
        assert!(
            puppet_titles.iter().any(|t| t == title),
            "{puppet_titles:?}"
        );
    }
    assert_eq!(
        puppet["warnings"],
        serde_json::json!(["Module 'tools': Value returned from data_hash function 'yaml_data', when using location 'modules/tools/data/common.yaml', must use keys qualified with the name of the module"])
    );
    // Puppet refuses the node whose data `count` refuses, in the words of
    // the finding; the values the other parameters accept are no finding.
    let typed: Value = recorded("puppet-catalog-typed");
    // So does it the node whose JSON data gives `count` a string; the
    // misspelled `cuont` of JSON data binds nothing (`count` keeps 1).
    let json_wrong: Value = recorded("puppet-catalog-json-wrong");
    for refused in [&typed["error"], &json_wrong["error"]] {
        let refused = refused.as_str().unwrap();
        let mismatch = findings
            .iter()
            .find(|finding| {
                finding["rule"] == "hiera-type-mismatch"
                    && finding["file"]
                        .as_str()
                        .unwrap()
                        .ends_with("typed.example.com.yaml")
            })
            .unwrap()["message"]
            .as_str()
            .unwrap();
        let words = mismatch.split_once('(').unwrap().1.trim_end_matches(')');
        assert!(
            refused.contains(words),
            "Puppet: {refused}; pfacts: {words}"
        );
    }
    // Puppet refuses a node whose data a parameter's type refuses, in the
    // words of each of the two findings on the node's data file.
    let refused_in_findings_words = |node: &str| {
        let recording: Value = recorded(&format!("puppet-catalog-{node}"));
        let refused = recording["error"].as_str().unwrap().to_string();
        let messages: Vec<&str> = findings
            .iter()
            .filter(|finding| {
                finding["rule"] == "hiera-type-mismatch"
                    && finding["file"]
                        .as_str()
                        .unwrap()
                        .ends_with(&format!("{node}.example.com.yaml"))
            })
            .map(|finding| finding["message"].as_str().unwrap())
            .collect();
        assert_eq!(messages.len(), 2, "{node}");
        for message in messages {
            let words = message.split_once("]: ").unwrap().1.trim_end_matches(')');
            assert!(
                refused.contains(words),
                "Puppet: {refused}; pfacts: {words}"
            );
        }
    };
    // Collections: an array and a hash holding a value of another type.
    refused_in_findings_words("lists-wrong");
    // Through the module's aliases (one naming the other).
    refused_in_findings_words("aliased-wrong");
    let aliased_right: Value = recorded("puppet-catalog-aliased-right");
    assert!(titles(&aliased_right).contains(&"aliased 8080 [22, 443]".to_string()));
    let lists_right: Value = recorded("puppet-catalog-lists-right");
    assert!(titles(&lists_right).contains(&"lists [a, b] {cpu => 2}".to_string()));
    let json_typo: Value = recorded("puppet-catalog-json-typo");
    assert!(titles(&json_typo).contains(&"typed 1 [x]  0".to_string()));
    // pfacts compiles the same resources.
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args([
            "catalog",
            "corpus/hiera-keys",
            "--facts",
            "corpus/facts.json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let pfacts: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(titles(&pfacts), puppet_titles);
}

/// hiera-eyaml's data files are Hiera data too: on corpus/hiera-locations,
/// whose eyaml level Puppet reads (`expected/puppet-catalog.json` binds
/// `profile::plain_in_eyaml` from it), a key of `data/secrets.eyaml` that
/// names no parameter of `profile` is found, the one that binds is not,
/// and an encrypted value is judged against no type.
#[test]
fn eyaml_data_is_judged_as_hiera_data() {
    let findings = findings_of("corpus/hiera-locations");
    let in_eyaml: Vec<(&str, &str)> = findings
        .iter()
        .filter(|finding| {
            finding["file"]
                .as_str()
                .is_some_and(|path| path.ends_with("data/secrets.eyaml"))
        })
        .map(|finding| {
            (
                finding["rule"].as_str().unwrap(),
                finding["message"].as_str().unwrap(),
            )
        })
        .collect();
    let unbound: Vec<&str> = in_eyaml
        .iter()
        .filter(|(rule, _)| *rule == "unbound-hiera-key")
        .map(|(_, message)| *message)
        .collect();
    assert_eq!(unbound.len(), 2, "{in_eyaml:?}");
    assert!(
        unbound.iter().any(|m| m.starts_with("`profile::password`")),
        "{unbound:?}"
    );
    assert!(
        unbound.iter().any(|m| m.starts_with("`profile::mixed`")),
        "{unbound:?}"
    );
    assert!(
        in_eyaml
            .iter()
            .all(|(rule, _)| *rule == "unbound-hiera-key"),
        "{in_eyaml:?}"
    );
    let puppet: Value = serde_json::from_str(
        &std::fs::read_to_string("corpus/hiera-locations/expected/puppet-catalog.json").unwrap(),
    )
    .unwrap();
    assert!(puppet.to_string().contains("; plain; "), "Puppet binds it");
}

#[test]
fn data_is_read_where_the_layers_configuration_says() {
    // The module's `hiera.yaml` names `settings` its data directory: Puppet
    // binds `web::port` from settings/common.yaml and never reads
    // data/common.yaml (`expected/puppet-catalog.json`).
    let dir = "corpus/hiera-datadir";
    let path = format!("{dir}/expected/puppet-catalog.json");
    let puppet: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(
        titles(&puppet).contains(&"port 8080".to_string()),
        "{puppet}"
    );
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args(["catalog", dir, "--node", "node.example.com"])
        .args(["--facts", "corpus/facts.json"])
        .output()
        .unwrap();
    let ours: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(titles(&ours), titles(&puppet));
    // So the misspelt key of settings/ is found, and data/'s keys, which
    // bind nothing either, are none of Hiera's.
    let found: Vec<(String, u64)> = findings_of(dir)
        .iter()
        .filter(|finding| HIERA_RULES.contains(&finding["rule"].as_str().unwrap()))
        .map(|finding| {
            (
                finding["file"].as_str().unwrap().to_string(),
                finding["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [(format!("{dir}/modules/web/settings/common.yaml"), 3)]
    );
}
