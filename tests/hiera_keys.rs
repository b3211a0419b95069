//! `unbound-hiera-key` on corpus/hiera-keys, which Puppet 7 compiled
//! (`expected/puppet-catalog.json`): the misspelled and the unknown
//! parameter keys are found, and Puppet's catalog shows that they bound
//! nothing (the defaults stand), while the keys that do bind, the key a
//! manifest looks up by name and `lookup_options` are no finding.

use assert_cmd::Command;
use serde_json::Value;

#[test]
fn keys_that_bind_nothing_are_found_as_puppet_ignores_them() {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args([
            "check",
            "--format",
            "json",
            "--exit-zero",
            "corpus/hiera-keys",
        ])
        .output()
        .unwrap();
    let findings: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap();
    let found: Vec<(String, u64)> = findings
        .iter()
        .filter(|finding| finding["rule"] == "unbound-hiera-key")
        .map(|finding| {
            let key = finding["message"]
                .as_str()
                .unwrap()
                .split('`')
                .nth(1)
                .unwrap();
            (key.to_string(), finding["line"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(
        found,
        [
            ("profile::web::prot".to_string(), 3),
            ("profile::web::user".to_string(), 10)
        ]
    );
    // Puppet bound `docroot`, looked `banner` up, and left `port` at its
    // default: `prot` bound nothing.
    let puppet: Value = serde_json::from_str(
        &std::fs::read_to_string("corpus/hiera-keys/expected/puppet-catalog.json").unwrap(),
    )
    .unwrap();
    let titles: Vec<&str> = puppet["resources"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|resource| resource["title"].as_str())
        .collect();
    assert!(
        titles.contains(&"port 80 docroot /srv/www banner hello"),
        "{titles:?}"
    );
}
