//! `pfacts check`, `pfacts rules` and `pfacts query` on the corpus
//! environments and on the Debian modules.
//!
//! - `corpus_environments_check` (one snapshot per environment): every
//!   diagnostic, reviewed by hand; look-alikes (a module using its own
//!   private class, ordering against an `@api private` class) stay silent.
//! - `check_exit_status_follows_findings`: 0 clean, 1 with errors.
//! - `json_diagnostics_have_the_documented_fields`.
//! - `every_rule_is_documented`: `pfacts rules` lists each rule, and each
//!   rule's doc has its three sections.
//! - `queries_print_the_documented_fields`: `private-violations` and
//!   `circular-inheritance` in JSON; an unknown query is a usage error.
//! - `debian_findings` (snapshot): every finding on the Debian modules,
//!   each reviewed (see the note on the rules issue).

use assert_cmd::Command;
use serde_json::Value;

mod common;
mod corpora;

use common::ENVIRONMENTS;

fn pfacts(args: &[&str]) -> (i32, String) {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

#[test]
fn corpus_environments_check() {
    for name in ENVIRONMENTS {
        let (_, stdout) = pfacts(&["check", &format!("corpus/{name}")]);
        insta::assert_snapshot!(format!("check_{name}"), stdout);
    }
}

#[test]
fn check_exit_status_follows_findings() {
    assert_eq!(pfacts(&["check", "corpus/example"]).0, 0);
    assert_eq!(pfacts(&["check", "corpus/private"]).0, 1);
    assert_eq!(
        pfacts(&["check", "corpus/syntax"]).0,
        1,
        "syntax errors are errors"
    );
    assert_eq!(pfacts(&["check", "corpus/nowhere"]).0, 2);
}

#[test]
fn json_diagnostics_have_the_documented_fields() {
    let (status, stdout) = pfacts(&["check", "corpus/inheritance", "--format", "json"]);
    assert_eq!(status, 1);
    let diagnostics: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let cycle = diagnostics
        .iter()
        .find(|diagnostic| {
            diagnostic["rule"] == "circular-inheritance"
                && diagnostic["file"].as_str().unwrap().ends_with("a.pp")
        })
        .expect("the cycle a -> b -> c is reported");
    assert_eq!(cycle["severity"], "error");
    assert_eq!(
        (cycle["line"].as_u64(), cycle["col"].as_u64()),
        (Some(1), Some(7))
    );
    let related: Vec<&str> = cycle["related"]
        .as_array()
        .unwrap()
        .iter()
        .map(|related| related["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        related,
        [
            "corpus/inheritance/modules/cycle/manifests/b.pp",
            "corpus/inheritance/modules/cycle/manifests/c.pp"
        ]
    );
    for diagnostic in &diagnostics {
        for field in [
            "rule", "severity", "file", "line", "col", "message", "related",
        ] {
            assert!(
                diagnostic.get(field).is_some(),
                "{field} missing in {diagnostic}"
            );
        }
    }
}

#[test]
fn every_rule_is_documented() {
    let (status, stdout) = pfacts(&["rules"]);
    assert_eq!(status, 0);
    for rule in pfacts::lints::rules() {
        assert!(
            stdout.lines().any(|line| line.starts_with(rule.id)),
            "{} not listed",
            rule.id
        );
        for section in [
            "## What it does",
            "## Why is this bad?",
            "## Example",
            "```puppet",
        ] {
            assert!(rule.doc.contains(section), "{} lacks {section}", rule.id);
        }
    }
}

#[test]
fn queries_print_the_documented_fields() {
    let (status, stdout) = pfacts(&[
        "query",
        "private-violations",
        "corpus/private",
        "--format",
        "json",
    ]);
    assert_eq!(status, 0);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let include = rows
        .iter()
        .find(|row| row["kind"] == "include")
        .expect("site.pp includes vault::internal");
    assert_eq!(include["entity"], "vault::internal");
    assert_eq!(include["file"], "corpus/private/manifests/site.pp");
    assert_eq!(
        (include["line"].as_u64(), include["col"].as_u64()),
        (Some(5), Some(11))
    );
    assert_eq!(include["from_module"], "");
    assert_eq!(include["entity_module"], "vault");
    assert_eq!(include["how"], "keyword");

    let (_, stdout) = pfacts(&[
        "query",
        "circular-inheritance",
        "corpus/inheritance",
        "--format",
        "json",
    ]);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let cycles: Vec<&Value> = rows.iter().map(|row| &row["cycle"]).collect();
    assert_eq!(cycles.len(), 2, "{stdout}");
    assert!(cycles.contains(&&serde_json::json!(["cycle::a", "cycle::b", "cycle::c"])));
    assert!(cycles.contains(&&serde_json::json!(["cycle::self"])));

    let (_, stdout) = pfacts(&[
        "query",
        "resolved-variables",
        "corpus/scope",
        "--format",
        "json",
    ]);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let in_node = rows
        .iter()
        .find(|row| row["name"] == "in_node")
        .expect("profile::web, declared in a node, sees node scope");
    assert_eq!(in_node["declared_in"], "node web01.example.com");
    assert_eq!(
        (in_node["decl_file"].as_str(), in_node["decl_line"].as_u64()),
        (Some("corpus/scope/manifests/site.pp"), Some(5))
    );
    let inherited = rows
        .iter()
        .find(|row| {
            row["name"] == "greeting"
                && row["file"] == "corpus/scope/modules/profile/manifests/web.pp"
        })
        .unwrap();
    assert_eq!(
        inherited["declared_in"], "class profile",
        "profile::web inherits profile"
    );

    let (_, stdout) = pfacts(&[
        "query",
        "unresolved-variables",
        "corpus/scope",
        "--format",
        "json",
    ]);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let names: Vec<&str> = rows
        .iter()
        .map(|row| row["name"].as_str().unwrap())
        .collect();
    // `$port` of profile::web is a local the define's body cannot see;
    // `$::fqdn` is a fact.
    assert_eq!(names, ["::fqdn", "port"]);

    assert_eq!(pfacts(&["query", "no-such-query", "corpus/example"]).0, 2);
}

#[test]
fn debian_findings() {
    let Some(root) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let extraction = pfacts::facts::extract_paths(std::slice::from_ref(&root));
    let findings: Vec<String> = pfacts::lints::check(&extraction)
        .iter()
        .map(|diagnostic| {
            let path = diagnostic
                .path
                .strip_prefix(&root)
                .unwrap()
                .display()
                .to_string();
            let location = diagnostic.location.unwrap();
            format!(
                "{path}:{}: {}[{}]: {}",
                location.line, diagnostic.severity, diagnostic.rule, diagnostic.message
            )
        })
        .collect();
    insta::assert_snapshot!(findings.join("\n"));
}
