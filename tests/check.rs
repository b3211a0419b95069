//! `pfacts check`, `pfacts rules` and `pfacts query` on the corpus
//! environments and on the Debian modules.
//!
//! - `corpus_environments_check` (one snapshot per environment): every
//!   diagnostic, reviewed by hand; look-alikes (a module using its own
//!   private class, ordering against an `@api private` class) stay silent.
//! - `check_exit_status_follows_findings`: 0 clean, 1 with errors, 0 with
//!   errors under `--exit-zero`, 2 on an I/O error either way.
//! - `json_diagnostics_have_the_documented_fields`.
//! - `every_rule_is_documented`: `pfacts rules` lists each rule, and each
//!   rule's doc has its three sections.
//! - `queries_print_the_documented_fields`: `private-violations` and
//!   `circular-inheritance` in JSON; an unknown query is a usage error.
//! - `debian_findings` (snapshot): every finding on the Debian modules,
//!   each reviewed (see the note on the rules issue).
//! - `control_repositories_raise_only_real_errors`: on the two control
//!   repositories of the corpora, every error finding is in
//!   `data/control-repos/<name>.findings.tsv` with the reason it is real.
//! - `class_declaration_is_not_a_define_instance`: a resource-like
//!   declaration of class `thing` is no instance of a define `thing`.
//! - `each_use_of_a_private_class_is_one_finding`: a class private in two
//!   ways and used at two places gives two findings, each naming both.
//! - `manifests_of_a_configured_manifest_directory_share_top_scope`: an
//!   environment whose `manifest` is `site/` evaluates all its files in one
//!   top scope (pfacts took a file outside a `manifests/` directory for a
//!   top scope of its own).
//! - `demo_findings_are_real`: the README's example, corpus/demo: every
//!   finding is in its expectations file with the reason it is real, and
//!   where the reason is Puppet's, Puppet's recorded compilation says so.

use std::path::Path;

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

/// What `pfacts check --format json` reports on `path`.
fn check_json(path: &Path) -> Vec<Value> {
    let (_, stdout) = pfacts(&[
        "check",
        "--format",
        "json",
        "--exit-zero",
        path.to_str().unwrap(),
    ]);
    serde_json::from_str(&stdout).unwrap()
}

/// The findings of `rule` that `pfacts check` reports on `path`, as JSON.
fn rule_findings(path: &Path, rule: &str) -> Vec<Value> {
    check_json(path)
        .into_iter()
        .filter(|finding| finding["rule"] == rule)
        .collect()
}

/// Writes `files` (a path below `root`, its text) into `root`, with the
/// directories they lie in.
fn write_tree(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// `pfacts check --format json .` run in `dir`, so that it reads the
/// `pfacts.toml` there.
fn check_json_in(dir: &Path) -> Vec<Value> {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .current_dir(dir)
        .args(["check", "--format", "json", "."])
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout).unwrap()
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
    // Findings reported, the run not failed; an I/O error still is.
    let (status, stdout) = pfacts(&["check", "--exit-zero", "corpus/private"]);
    assert_eq!(status, 0);
    assert!(stdout.contains("error[private-access]"), "{stdout}");
    assert_eq!(pfacts(&["check", "--exit-zero", "corpus/nowhere"]).0, 2);
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
        for section in ["## What it does", "## Why is this bad?", "## Example"] {
            assert!(rule.doc.contains(section), "{} lacks {section}", rule.id);
        }
        // Code of the language the rule reads: Puppet, a module's Ruby,
        // Hiera's YAML or a module's JSON metadata.
        assert!(
            ["```puppet", "```ruby", "```yaml", "```json"]
                .iter()
                .any(|fence| rule.doc.contains(fence)),
            "{} lacks an example",
            rule.id
        );
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
    assert_eq!(include["severity"], "error");
    // Every finding of private-access and private-reference is a row, each
    // with its severity.
    let row = |line: u64, kind: &str| {
        rows.iter()
            .find(|row| {
                row["file"] == "corpus/private/modules/app/manifests/init.pp"
                    && row["line"].as_u64() == Some(line)
                    && row["kind"] == kind
            })
            .unwrap_or_else(|| panic!("no {kind} row at line {line}: {stdout}"))
    };
    // A relationship: the `private` keyword forbids it, `@api private` and
    // `assert_private()` only warn.
    assert_eq!(row(5, "relationship")["severity"], "error");
    assert_eq!(row(7, "relationship")["how"], "api_tag");
    assert_eq!(row(7, "relationship")["severity"], "warning");
    assert_eq!(row(9, "relationship")["how"], "assert_private");
    assert_eq!(row(9, "relationship")["severity"], "warning");
    // Reads of a private class: a parameter, a variable, and a catalog
    // lookup (an attribute, so a parameter), all warnings.
    assert_eq!(row(11, "parameter")["entity"], "vault::documented::level");
    assert_eq!(row(11, "parameter")["severity"], "warning");
    assert_eq!(row(12, "variable")["entity"], "vault::internal::setting");
    assert_eq!(row(12, "variable")["severity"], "warning");
    let lookup = rows
        .iter()
        .find(|row| row["line"].as_u64() == Some(13) && row["col"].as_u64() == Some(41))
        .expect("Class['vault::internal']['setting'] is a row");
    assert_eq!(
        (&lookup["kind"], &lookup["severity"]),
        (
            &serde_json::json!("parameter"),
            &serde_json::json!("warning")
        )
    );
    // And the same findings `check` reports: one row per way an entity is
    // private, so at least as many rows as findings.
    let (_, findings) = pfacts(&["check", "corpus/private", "--format", "json"]);
    let findings: Vec<Value> = serde_json::from_str(&findings).unwrap();
    let private = findings
        .iter()
        .filter(|finding| {
            finding["rule"] == "private-access" || finding["rule"] == "private-reference"
        })
        .count();
    assert!(
        rows.len() >= private,
        "{} rows, {private} findings",
        rows.len()
    );
    for finding in findings.iter().filter(|finding| {
        finding["rule"] == "private-access" || finding["rule"] == "private-reference"
    }) {
        assert!(
            rows.iter().any(|row| row["line"] == finding["line"]
                && row["col"] == finding["col"]
                && row["file"] == finding["file"]
                && row["severity"] == finding["severity"]),
            "{finding} has no row of its severity"
        );
    }

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

    // Qualified reads judged by when their class is evaluated.
    let (_, stdout) = pfacts(&[
        "query",
        "unresolved-variables",
        "corpus/evaluation-order",
        "--format",
        "json",
    ]);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let reasons: Vec<(&str, &str)> = rows
        .iter()
        .map(|row| {
            (
                row["name"].as_str().unwrap(),
                row["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        [
            ("app::settings::dir", "class-declared-after"),
            ("app::orphan::value", "class-declared-nowhere"),
            // Templates (the template node's warnings).
            ("missing", "not-visible"),
            ("own", "not-visible"),
            ("given", "not-visible"),
            ("local", "not-visible"),
            ("local", "not-visible"),
            ("nowhere", "not-visible"),
            ("role", "first-declared-at-top"),
            ("late_top", "assigned-after-declaration"),
            ("tail_top", "assigned-after-declaration"),
            ("role", "first-declared-at-top"),
            ("web::params::port", "class-declared-after"),
        ]
    );
    let (_, stdout) = pfacts(&[
        "query",
        "resolved-variables",
        "corpus/evaluation-order",
        "--format",
        "json",
    ]);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let order_dependent: Vec<&str> = rows
        .iter()
        .filter(|row| row["order"] == "order-dependent")
        .map(|row| row["name"].as_str().unwrap())
        .collect();
    // `$role` of vis::sometimes and of its template: a row for each node
    // that assigns it.
    assert_eq!(
        order_dependent,
        ["lib::conf::value", "role", "role", "role", "role"]
    );
    let title = rows
        .iter()
        .find(|row| {
            row["name"] == "title"
                && row["file"] == "corpus/evaluation-order/modules/app/manifests/instance.pp"
        })
        .expect("`$title` resolves");
    assert_eq!(title["declared_in"], "define app::instance");

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

/// The findings of `pfacts check DIR` of the given severities, each as
/// `severity<TAB>rule<TAB>file:line<TAB>message` with the file relative
/// to `dir`, sorted.
fn findings_of(dir: &Path, severities: &[&str]) -> Vec<String> {
    let diagnostics = check_json(dir);
    let prefix = format!("{}/", dir.display());
    let mut findings: Vec<String> = diagnostics
        .iter()
        .filter(|finding| severities.contains(&finding["severity"].as_str().unwrap()))
        .map(|finding| {
            format!(
                "{}\t{}\t{}:{}\t{}",
                finding["severity"].as_str().unwrap(),
                finding["rule"].as_str().unwrap(),
                finding["file"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches(&prefix),
                finding["line"],
                finding["message"].as_str().unwrap(),
            )
        })
        .collect();
    findings.sort();
    findings
}

/// An expectations file: lines `severity<TAB>rule<TAB>file:line<TAB>message
/// <TAB>why` (`#` starts a comment), as `(finding, why)`.
fn expectations(path: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (finding, why) = line.rsplit_once('\t').unwrap();
            (finding.to_string(), why.to_string())
        })
        .collect()
}

/// Every finding against what the expectations file records: none new,
/// none gone, and a reason for each.
fn assert_findings_are_expected(findings: &[String], expected: &[(String, String)]) {
    let recorded: Vec<&String> = expected.iter().map(|(finding, _)| finding).collect();
    let new: Vec<&String> = findings
        .iter()
        .filter(|finding| !recorded.contains(finding))
        .collect();
    let gone: Vec<&&String> = recorded
        .iter()
        .filter(|finding| !findings.contains(finding))
        .collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "findings not judged:\n{new:#?}\njudged, but no longer found:\n{gone:#?}"
    );
    for (finding, why) in expected {
        assert!(why.len() > 20, "no reason given for {finding}");
    }
}

#[test]
fn demo_findings_are_real() {
    let demo = Path::new("corpus/demo");
    let findings = findings_of(demo, &["error", "warning"]);
    let expected = expectations(&demo.join("expected/findings.tsv"));
    assert_findings_are_expected(&findings, &expected);

    // Where the reason is Puppet's, Puppet said so: a compile error at the
    // place, a warning at the place, or the leaked value in its catalog.
    let puppet: Vec<Value> = ["web01", "db01", "other"]
        .iter()
        .map(|node| {
            let path = demo.join(format!("expected/puppet-{node}.json"));
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
        })
        .collect();
    let said = |what: &dyn Fn(&Value) -> bool| puppet.iter().any(what);
    let name = regex::Regex::new(r"^`\$?([^`]+)`|class `([^`]+)`").unwrap();
    let resource = regex::Regex::new(r"of (\w+)\[([^\]]+)\]").unwrap();
    for (finding, why) in expected
        .iter()
        .filter(|(_, why)| why.starts_with("Puppet:"))
    {
        let [_, rule, place, message] = finding.splitn(4, '\t').collect::<Vec<_>>()[..] else {
            panic!("{finding}");
        };
        let (file, line) = place.split_once(':').unwrap();
        let captures = name.captures(message).unwrap();
        let named = captures.get(1).or(captures.get(2)).unwrap().as_str();
        let confirmed = match rule {
            "unknown-class" => said(&|catalog| {
                catalog["error"].as_str().is_some_and(|error| {
                    error.contains(&format!("Could not find class ::{named} "))
                        && error.contains(&format!("(file: {file}, line: {line},"))
                })
            }),
            "unknown-variable" => said(&|catalog| {
                catalog["warnings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|warning| {
                        warning
                            == &Value::from(format!("Unknown variable: '{named}'. ({file}:{line})"))
                    })
            }),
            "default-leak" => {
                let parts = resource.captures(message).unwrap();
                said(&|catalog| {
                    catalog["resources"].as_array().is_some_and(|resources| {
                        resources.iter().any(|resource| {
                            resource["type"].as_str().unwrap().to_lowercase() == parts[1]
                                && resource["title"] == parts[2]
                                && resource["file"] == file
                                && resource["parameters"].get(named).is_some()
                        })
                    })
                })
            }
            _ => panic!("{rule}: say how Puppet confirms it"),
        };
        assert!(confirmed, "Puppet does not say {finding}: {why}");
    }
}

#[test]
fn control_repositories_raise_only_real_errors() {
    for repository in ["jenkins-infra", "ocf"] {
        let Some(dir) = corpora::path(&format!("corpus/control-repos/{repository}")) else {
            return;
        };
        let findings = findings_of(&dir, &["error"]);
        let expected = expectations(Path::new(&format!(
            "data/control-repos/{repository}.findings.tsv"
        )));
        assert_findings_are_expected(&findings, &expected);
    }
}

/// Every error on the Debian corpus is one that
/// `data/debian-modules.findings.tsv` explains: a new error, or one gone,
/// is a change to judge.
#[test]
fn debian_errors_are_real() {
    let Some(dir) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let findings = findings_of(&dir, &["error"]);
    let expected = expectations(Path::new("data/debian-modules.findings.tsv"));
    assert_findings_are_expected(&findings, &expected);
}

/// Classes and defines have names of their own: `class { 'thing': }`
/// declared twice where one scope evaluates both is Puppet's duplicate
/// `Class[Thing]`, not two instances of the define `thing` clashing over
/// its `Notify[fixed]` (which pfacts said until its declarations program
/// took a declaration's type from the resource).
#[test]
fn class_declaration_is_not_a_define_instance() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("manifests")).unwrap();
    std::fs::write(
        dir.path().join("manifests/site.pp"),
        "define thing { notify { 'fixed': } }
class thing { }
class other { class { 'thing': } }
node default {
  class { 'thing': }
  include other
}
",
    )
    .unwrap();
    let findings = rule_findings(dir.path(), "duplicate-resource");
    let messages: Vec<&str> = findings
        .iter()
        .map(|finding| finding["message"].as_str().unwrap())
        .collect();
    assert!(
        messages
            .iter()
            .any(|message| message.contains("Class[Thing]")),
        "the duplicate class declaration is found: {messages:?}"
    );
    assert!(
        !messages.iter().any(|message| message.contains("instance")),
        "no define instance is involved: {messages:?}"
    );
}

/// `MyType['world']` parameterizes a type alias (here an object type with
/// a type parameter), it names no resource: Puppet 7.23 compiles it
/// (conformance/evaluator 1273, `ok`), while a reference to an unknown
/// type is still `unknown-resource-type`.
#[test]
fn an_alias_with_parameters_is_no_resource_reference() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("manifests")).unwrap();
    std::fs::write(
        dir.path().join("manifests/site.pp"),
        "type MyType = Object[type_parameters => { p1 => String }, attributes => { p1 => String }]
$x = MyType['world']
$y = Nosuch['world']
",
    )
    .unwrap();
    let lines: Vec<u64> = rule_findings(dir.path(), "unknown-resource-type")
        .iter()
        .map(|finding| finding["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [3], "only the unknown type is found");
}

/// `manifest = site` in `environment.conf`: Puppet evaluates every file of
/// `site/` in one top scope, so a resource that two of them declare is
/// declared twice. Puppet 7.23 (`puppet apply --environmentpath DIR
/// --environment prod -e ''`): "Duplicate declaration: Notify[same] is
/// already declared at (file: .../site/a.pp, line: 1); cannot redeclare
/// (file: .../site/b.pp, line: 1)".
#[test]
fn manifests_of_a_configured_manifest_directory_share_top_scope() {
    let dir = tempfile::tempdir().unwrap();
    let environment = dir.path().join("prod");
    std::fs::create_dir_all(environment.join("site")).unwrap();
    std::fs::create_dir_all(environment.join("modules")).unwrap();
    std::fs::write(environment.join("environment.conf"), "manifest = site\n").unwrap();
    for file in ["a.pp", "b.pp"] {
        std::fs::write(environment.join("site").join(file), "notify { 'same': }\n").unwrap();
    }
    let findings = rule_findings(&environment, "duplicate-resource");
    let duplicates: Vec<(&str, u64)> = findings
        .iter()
        .map(|finding| {
            (
                finding["file"].as_str().unwrap(),
                finding["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(duplicates.len(), 1, "one duplicate: {duplicates:?}");
    assert!(
        duplicates[0].0.ends_with("site/b.pp"),
        "reported at the second declaration, as Puppet does: {duplicates:?}"
    );
}

/// The environment's own functions and types (`functions/environment/
/// greet.pp` holding `environment::greet`, `types/envtype.pp` holding
/// `Envtype`) are where Puppet's environment loader reads them: `puppet
/// apply --environmentpath` of this tree compiles and notices `hi x` and
/// `Envtype = Integer` (Puppet 7.23). pfacts read them as files of a
/// module named after the environment's directory.
#[test]
fn the_environments_own_functions_and_types_are_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let environment = dir.path().join("production");
    write_tree(
        &environment,
        &[
            (
                "manifests/site.pp",
                "notice(environment::greet('x'))\nnotice(Envtype)\n",
            ),
            (
                "functions/environment/greet.pp",
                "function environment::greet(String $n) >> String { \"hi ${n}\" }\n",
            ),
            ("types/envtype.pp", "type Envtype = Integer\n"),
            (
                "modules/m/functions/misplaced.pp",
                "function m::elsewhere() { 1 }\n",
            ),
        ],
    );
    let findings = rule_findings(&environment, "definition-location");
    let files: Vec<&str> = findings
        .iter()
        .map(|finding| finding["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files.len(),
        1,
        "only the misplaced module function: {files:?}"
    );
    assert!(
        files[0].ends_with("modules/m/functions/misplaced.pp"),
        "{files:?}"
    );
    assert!(rule_findings(&environment, "unknown-function").is_empty());
}

/// A chain of 30,000 classes, each declaring the next (written last to
/// first), from a node whose variable the last one reads: judged whole,
/// without exhausting the stack, and the read sees node scope.
#[test]
fn a_long_chain_of_declarations_is_judged() {
    let dir = tempfile::tempdir().unwrap();
    let manifests = dir.path().join("manifests");
    std::fs::create_dir_all(&manifests).unwrap();
    let depth = 30_000;
    let mut site = String::new();
    for index in (0..depth).rev() {
        site.push_str(&format!("class c{index} {{ include c{} }}\n", index + 1));
    }
    site.push_str(&format!(
        "class c{depth} {{ notify {{ \"${{role}}\": }} }}\n"
    ));
    site.push_str("node default {\n  $role = 'deep'\n  include c0\n}\n");
    std::fs::write(manifests.join("site.pp"), site).unwrap();
    let (status, stdout) = pfacts(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(status, 0, "{stdout}");
    let (_, stdout) = pfacts(&[
        "query",
        "resolved-variables",
        dir.path().to_str().unwrap(),
        "--format",
        "json",
    ]);
    let rows: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    assert!(
        rows.iter()
            .any(|row| row["name"] == "role" && row["declared_in"] == "node default"),
        "{stdout}"
    );
}

/// "A private class may only be directly used from the module where it is
/// declared" ("Names, Scope and Access Control", Access Control): each use
/// from elsewhere is one finding, naming every way the class is private
/// (pfacts gave a finding per way and use, each naming one, when the uses
/// sorted between the ways).
#[test]
fn each_use_of_a_private_class_is_one_finding() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("manifests")).unwrap();
    std::fs::create_dir_all(root.join("modules/vault/manifests")).unwrap();
    std::fs::create_dir_all(root.join("modules/app/manifests")).unwrap();
    std::fs::write(
        root.join("modules/vault/manifests/internal.pp"),
        "# @api private\nprivate class vault::internal { }\n",
    )
    .unwrap();
    std::fs::write(
        root.join("modules/app/manifests/init.pp"),
        "class app {\n  include vault::internal\n  include vault::internal\n}\n",
    )
    .unwrap();
    std::fs::write(root.join("manifests/site.pp"), "include app\n").unwrap();
    let findings = rule_findings(root, "private-access");
    let messages: Vec<&str> = findings
        .iter()
        .map(|finding| finding["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages.len(), 2, "one finding per use: {messages:?}");
    for message in &messages {
        assert!(
            message.contains("the `private` keyword, `@api private`"),
            "each names both ways: {messages:?}"
        );
    }
}

#[test]
fn hiera_files_that_do_not_parse_are_syntax_errors() {
    // Puppet 7 refuses the lookup that reads corpus/refusals/yaml-syntax's
    // data ("Unable to parse", its recorded compilation).
    let findings = rule_findings(Path::new("corpus/refusals/yaml-syntax"), "syntax-error");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert!(findings[0]["file"]
        .as_str()
        .unwrap()
        .ends_with("data/common.yaml"));
    assert_eq!(findings[0]["line"], 2);
    // JSON data is read as JSON; a key given twice in YAML is Psych's
    // last value, not an error (forge's yum module has such data, which
    // Puppet reads).
    let environment = tempfile::tempdir().unwrap();
    let data = environment.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("broken.json"), "{\"a::x\": [1, }\n").unwrap();
    std::fs::write(data.join("twice.yaml"), "a::x: 1\na::x: 2\n").unwrap();
    std::fs::write(data.join("fine.json"), "{\"a::x\":\t[1, 2]}\n").unwrap();
    let findings = rule_findings(environment.path(), "syntax-error");
    let files: Vec<&str> = findings
        .iter()
        .map(|finding| finding["file"].as_str().unwrap())
        .collect();
    assert_eq!(files.len(), 1, "{findings:?}");
    assert!(files[0].ends_with("broken.json"), "{findings:?}");
    assert!(
        findings[0]["message"]
            .as_str()
            .unwrap()
            .contains("this JSON does not parse"),
        "{findings:?}"
    );
}

#[test]
fn data_keys_that_look_each_other_up_are_a_cycle() {
    // Puppet 7 refuses corpus/refusals/alias-cycle ("Recursive lookup
    // detected in [a::x, a::y]", its recorded compilation).
    let findings = rule_findings(Path::new("corpus/refusals/alias-cycle"), "lookup-cycle");
    let lines: Vec<&Value> = findings.iter().map(|finding| &finding["line"]).collect();
    assert_eq!(lines, [1, 2], "{findings:?}");
    // A chain that ends, and a key that looks itself up only through
    // another file, are no cycle here.
    let environment = tempfile::tempdir().unwrap();
    let data = environment.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(
        data.join("common.yaml"),
        "a::x: \"%{lookup('a::y')}\"\na::y: \"%{alias('a::z')}\"\na::z: done\n",
    )
    .unwrap();
    std::fs::write(data.join("other.yaml"), "a::z: \"%{hiera('a::x')}\"\n").unwrap();
    assert_eq!(
        rule_findings(environment.path(), "lookup-cycle"),
        Vec::<Value>::new()
    );
}

#[test]
fn resources_required_by_name_and_declared_nowhere() {
    // Puppet 7 refuses both (their recorded compilations): a require of a
    // file no code declares, a realize of a user no code declares.
    let required = rule_findings(
        Path::new("corpus/refusals/missing-require"),
        "undeclared-resource",
    );
    assert_eq!(required.len(), 1, "{required:?}");
    assert!(
        required[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("`File[/etc/missing]` is declared nowhere"),
        "{required:?}"
    );
    let realized = rule_findings(
        Path::new("corpus/refusals/realize-missing"),
        "undeclared-resource",
    );
    assert_eq!(realized.len(), 1, "{realized:?}");
    assert_eq!(realized[0]["line"], 4, "{realized:?}");
    // Names another declaration may give: a computed title, a namevar or
    // an alias, a function declaring the type, one declaring any type; a
    // file's trailing slash; Stage[main].
    let environment = tempfile::tempdir().unwrap();
    let manifests = environment.path().join("manifests");
    std::fs::create_dir(&manifests).unwrap();
    let site = "\
file { '/etc/a': }
notify { 'n1': require => File['/etc/a/'] }
user { $name: }
notify { 'n2': require => User['somebody'] }
service { 'web': name => 'nginx' }
notify { 'n3': before => Service['nginx'] }
ensure_packages(['curl'])
Package['curl'] -> Notify['n1']
exec { 'run': alias => 'runner', command => '/bin/true' }
Exec['runner'] -> Notify['n1']
notify { 'n4': stage => 'main', require => Stage['main'] }
";
    std::fs::write(manifests.join("site.pp"), site).unwrap();
    assert_eq!(
        rule_findings(environment.path(), "undeclared-resource"),
        Vec::<Value>::new()
    );
    // A resource type computed anywhere keeps every type open.
    std::fs::write(
        manifests.join("site.pp"),
        "notify { 'n': require => File['/nowhere'] }\ncreate_resources($kind, {})\n",
    )
    .unwrap();
    assert_eq!(
        rule_findings(environment.path(), "undeclared-resource"),
        Vec::<Value>::new()
    );
    std::fs::write(
        manifests.join("site.pp"),
        "notify { 'n': require => File['/nowhere'] }\n",
    )
    .unwrap();
    assert_eq!(
        rule_findings(environment.path(), "undeclared-resource").len(),
        1
    );
}

#[test]
fn templates_that_render_themselves() {
    // Puppet 7 refuses corpus/refusals/template-self ("stack level too
    // deep", its recorded compilation): one finding, where it renders.
    let findings = rule_findings(
        Path::new("corpus/refusals/template-self"),
        "template-recursion",
    );
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["line"], 1, "{findings:?}");
    // Through other templates, each render of the cycle is a finding; a
    // template rendering another that ends is none.
    let environment = tempfile::tempdir().unwrap();
    let templates = environment.path().join("modules/m/templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::create_dir(environment.path().join("manifests")).unwrap();
    std::fs::write(
        environment.path().join("manifests/site.pp"),
        "notify { 'x': message => template('m/a.erb') }\n",
    )
    .unwrap();
    std::fs::write(
        templates.join("a.erb"),
        "<%= scope.function_template(['m/b.erb']) %>\n",
    )
    .unwrap();
    std::fs::write(templates.join("b.epp"), "<%= template('m/a.erb') %>\n").unwrap();
    std::fs::write(
        templates.join("b.erb"),
        "<%= scope.function_template(['m/c.erb']) %>\n",
    )
    .unwrap();
    std::fs::write(
        templates.join("c.erb"),
        "<%= scope.call_function('epp', ['m/b.epp']) %>\n",
    )
    .unwrap();
    // a.erb -> b.erb -> c.erb -> b.epp -> a.erb: each render of the cycle.
    let findings = rule_findings(environment.path(), "template-recursion");
    assert_eq!(findings.len(), 4, "{findings:?}");
    std::fs::write(templates.join("c.erb"), "done\n").unwrap();
    assert_eq!(
        rule_findings(environment.path(), "template-recursion"),
        Vec::<Value>::new()
    );
}

/// A module's `tests/` and `examples/` manifests are applied alone
/// (`puppet apply tests/init.pp`), never as the site's top scope: Puppet
/// 7.23 compiles this site with no `mode` on `File[/etc/n]`
/// (`scripts/catalog-with-puppet.rb`), so the example's default reaches
/// no resource of module `n` that the site declares. An example's defaults
/// reach what the example itself declares.
#[test]
fn examples_are_not_the_site() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    let example = "File { mode => '0600' }\ninclude m\n";
    write_tree(
        root,
        &[
            ("manifests/site.pp", "include n\ninclude m\n"),
            (
                "modules/m/manifests/init.pp",
                "class m { file { '/etc/m': ensure => file } }\n",
            ),
            (
                "modules/n/manifests/init.pp",
                "class n { file { '/etc/n': ensure => file } }\n",
            ),
            ("modules/m/tests/init.pp", example),
            ("modules/m/examples/init.pp", example),
        ],
    );
    assert_eq!(rule_findings(root, "default-leak"), Vec::<Value>::new());
    // The example's own variables are its top scope's.
    std::fs::write(
        root.join("modules/m/examples/init.pp"),
        "$setting = 1\nnotify { 'x': message => $setting }\n",
    )
    .unwrap();
    assert_eq!(rule_findings(root, "unknown-variable"), Vec::<Value>::new());
    // An example that declares `n` itself passes its default on to it.
    std::fs::write(root.join("manifests/site.pp"), "include m\n").unwrap();
    std::fs::write(
        root.join("modules/m/tests/init.pp"),
        "File { mode => '0600' }\ninclude n\n",
    )
    .unwrap();
    let findings = rule_findings(root, "default-leak");
    assert_eq!(findings.len(), 1, "{findings:?}");
    let message = findings[0]["message"].as_str().unwrap();
    assert!(message.contains("file[/etc/n]"), "{message}");
}

/// Each example is a program of its own: `puppet apply` of
/// `m1/examples/init.pp` and of `m2/examples/init.pp`, each with
/// `node default`, both compile under Puppet 7.23. Two `node default` in
/// one environment's manifests do not ("Node 'default' is already defined
/// (file: manifests/a.pp, line: 1); cannot redefine (file: manifests/b.pp,
/// line: 1)", `scripts/catalog-with-puppet.rb`), nor in one example.
#[test]
fn examples_define_nodes_of_their_own() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    write_tree(
        root,
        &[
            (
                "modules/m1/examples/init.pp",
                "node default { notify { 'm1': } }
",
            ),
            (
                "modules/m2/examples/init.pp",
                "node default { notify { 'm2': } }
",
            ),
            (
                "manifests/a.pp",
                "node default { notify { 'a': } }
",
            ),
        ],
    );
    assert_eq!(
        rule_findings(root, "duplicate-declaration"),
        Vec::<Value>::new()
    );
    write_tree(
        root,
        &[
            (
                "manifests/b.pp",
                "node default { notify { 'b': } }
",
            ),
            (
                "modules/m2/examples/twice.pp",
                "node default { }\nnode default { }\n",
            ),
        ],
    );
    let mut found: Vec<(String, u64)> = rule_findings(root, "duplicate-declaration")
        .iter()
        .map(|finding| {
            let file = Path::new(finding["file"].as_str().unwrap());
            let relative = file.strip_prefix(root).unwrap_or(file);
            let relative = relative.to_string_lossy().replace('\\', "/");
            (relative, finding["line"].as_u64().unwrap())
        })
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            ("manifests/b.pp".to_string(), 1),
            ("modules/m2/examples/twice.pp".to_string(), 2)
        ]
    );
}

/// A fact read by a name that no node has is `undef` under Puppet 7,
/// without a word: `unknown-fact` names each such read, in manifests
/// (`$::x` anywhere, `$x` in top-level code), templates and Hiera, with
/// the nearest known fact. Facts of Facter,
/// of the modules (`lib/facter/`, `facts.d/`), of the configuration and
/// variables the code or a template sets are known.
#[test]
fn facts_read_by_a_name_no_node_has() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    let files = [
        (
            "manifests/site.pp",
            "include m\n$mine = 1\nnotice($kernell, $mine, $kernel)\n",
        ),
        (
            "modules/m/manifests/init.pp",
            "class m ($port = 80) {
  if $::osfamly == 'Debian' { }
  $a = $facts['osfamly']
  $b = $facts.dig('kernell')
  $c = dig($facts, 'os', 'family')
  $d = getvar('facts.procesors')
  $e = [$facts['custom_one'], $facts['external_txt'], $facts['external_yaml'], $::processor0]
  $f = [$facts['site_fact'], $::clientcert, $::puppetversion, $facts['osfamily']]
  file { '/a': content => template('m/a.erb') }
  file { '/b': content => epp('m/b.epp') }
}
",
        ),
        (
            "modules/m/templates/a.erb",
            "<%= @osfamly %> <%= @port %> <%= scope['::kernell'] %> <% @own = 1 %><%= @own %>\n",
        ),
        (
            "modules/m/templates/b.epp",
            "<%= $::osfamly %> <%= $facts['kernel'] %>\n",
        ),
        ("data/common.yaml", "m::port: \"%{facts.osfamly}\"\n"),
        (
            "modules/m/lib/facter/custom.rb",
            "Facter.add(:custom_one) do\n  setcode { 1 }\nend\n",
        ),
        ("modules/m/facts.d/a.txt", "external_txt=1\n"),
        ("modules/m/facts.d/b.yaml", "---\nexternal_yaml: 1\n"),
        ("pfacts.toml", "[known]\nfacts = [\"site_fact\"]\n"),
    ];
    write_tree(root, &files);
    let mut found: Vec<String> = check_json_in(root)
        .iter()
        .filter(|finding| finding["rule"] == "unknown-fact")
        .map(|finding| {
            format!(
                "{}:{} {}",
                finding["file"].as_str().unwrap().trim_start_matches("./"),
                finding["line"],
                finding["message"].as_str().unwrap()
            )
        })
        .collect();
    found.sort();
    let variable = "a variable that no code sets, and a fact that no node has";
    assert_eq!(
        found,
        [
            "data/common.yaml:1 `%{facts.osfamly}` reads a fact that no node has; did you mean `osfamily`?".to_string(),
            format!("manifests/site.pp:3 `$kernell` reads {variable}; did you mean `kernel`?"),
            "modules/m/manifests/init.pp:2 `$::osfamly` reads a fact that no node has; did you mean `osfamily`?".to_string(),
            "modules/m/manifests/init.pp:3 `$facts['osfamly']` reads a fact that no node has; did you mean `osfamily`?".to_string(),
            "modules/m/manifests/init.pp:4 `dig($facts, 'kernell')` reads a fact that no node has; did you mean `kernel`?".to_string(),
            "modules/m/manifests/init.pp:6 `getvar('facts.procesors')` reads a fact that no node has; did you mean `processors`?".to_string(),
            format!("modules/m/templates/a.erb:1 `@osfamly` reads {variable}; did you mean `osfamily`?"),
            format!("modules/m/templates/a.erb:1 `scope['kernell']` reads {variable}; did you mean `kernel`?"),
            // An EPP template's code reads as a manifest's does.
            "modules/m/templates/b.epp:1 `$::osfamly` reads a fact that no node has; did you mean `osfamily`?".to_string(),
        ]
    );
}

/// Files of modules named by literals: Puppet 7.23 refuses `template()`,
/// `epp()` and `file()` of a file the module lacks ("Could not find
/// template 'm/missing.erb'", "Could not find any files from
/// m/missing.conf, m/gone"), and compiles the look-alikes (a `source`
/// array or `file()` with one name that exists, `template()` of a file
/// without the `.erb` extension), with their content
/// (`scripts/catalog-with-puppet.rb`). A missing `source` compiles, and
/// the agent fails to fetch it. `$module_name` is the module's name
/// (Puppet: "Could not find template 'm/missing.erb'" for line 13); a
/// `source` or `file()` with an alternative pfacts cannot judge (computed,
/// or a path on the server) is not judged: Puppet compiles lines 14-16.
#[test]
fn files_a_module_lacks() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    let files = [
        ("manifests/site.pp", "include m\n"),
        (
            "modules/m/manifests/init.pp",
            "class m {
  file { '/etc/a': content => template('m/missing.erb') }
  file { '/etc/b': content => epp('m/missing.epp') }
  file { '/etc/c': source => 'puppet:///modules/m/missing.conf' }
  file { '/etc/d': source => ['puppet:///modules/m/missing.conf', 'puppet:///modules/m/present.conf'] }
  file { '/etc/e': content => file('m/missing.conf', 'm/present.conf') }
  file { '/etc/f': content => file('m/missing.conf', 'm/gone') }
  file { '/etc/g': content => template('m/present.erb', 'm/plain.conf') }
  file { '/etc/h': content => template('other/x.erb') }
  file { '/etc/i': source => 'puppet:///modules/m/dir/', recurse => true }
  file { '/etc/j': content => epp('m/.hidden.epp') }
  $conf = 'present.conf'
  file { '/etc/k': content => template(\"${module_name}/missing.erb\") }
  file { '/etc/l': content => template(\"${module_name}/present.erb\") }
  file { '/etc/m': source => [\"puppet:///modules/m/${conf}\", 'puppet:///modules/m/missing.conf'] }
  file { '/etc/n': content => file('/etc/passwd', 'm/missing.conf') }
}
",
        ),
        ("modules/m/files/present.conf", "x\n"),
        ("modules/m/files/dir/inside", "x\n"),
        ("modules/m/templates/present.erb", "x\n"),
        ("modules/m/templates/plain.conf", "x\n"),
        ("modules/m/templates/.hidden.epp", "x\n"),
        ("modules/other/manifests/init.pp", "class other { }\n"),
    ];
    write_tree(root, &files);
    let mut findings = rule_findings(root, "missing-module-file");
    findings.extend(rule_findings(root, "missing-file-source"));
    findings.sort_by_key(|finding| finding["line"].as_u64());
    let found: Vec<(u64, &str)> = findings
        .iter()
        .map(|finding| {
            let message = finding["message"].as_str().unwrap();
            (
                finding["line"].as_u64().unwrap(),
                message.split(" (searched").next().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (2, "Puppet fails the compilation: Could not find template 'm/missing.erb'"),
            (3, "Puppet fails the compilation: Could not find template 'm/missing.epp'"),
            (4, "the agent's run fails: no source of `puppet:///modules/m/missing.conf` exists"),
            (7, "Puppet fails the compilation: Could not find any files from m/missing.conf, m/gone"),
            (13, "Puppet fails the compilation: Could not find template 'm/missing.erb'"),
        ]
    );
    assert!(
        findings[0]["message"]
            .as_str()
            .unwrap()
            .ends_with("(searched `m/templates/`)"),
        "{findings:?}"
    );
}

/// A type declared through a function is checked as a declaration's:
/// Puppet 7.23 refuses `create_resources('nope::thing', ...)` ("Unknown
/// resource type: 'nope::thing'", at the call) and compiles it under
/// `if defined('nope::thing')` (`scripts/catalog-with-puppet.rb`).
#[test]
fn types_declared_through_functions() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    std::fs::create_dir_all(root.join("manifests")).unwrap();
    std::fs::write(
        root.join("manifests/site.pp"),
        "create_resources('nope::thing', {'a' => {}})
if defined('nope::other') { create_resources('nope::other', {'a' => {}}) }
create_resources('file', {'/tmp/a' => {}})
create_resources('class', {'nope_class' => {}})
",
    )
    .unwrap();
    let findings = rule_findings(root, "unknown-resource-type");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["line"], 1);
    assert!(findings[0]["message"]
        .as_str()
        .unwrap()
        .contains("`nope::thing`"));
}

/// The literal parameters given to functions that declare resources are
/// checked as a declaration's attributes. Puppet 7.23 refuses each call of
/// the first nine lines, alone in a node with stdlib on the modulepath
/// ("no parameter named 'contnet' ... on File[/tmp/a]", "Class[Foo]: has
/// no parameter named 'contnet'", "no parameter named 'title'"), and
/// compiles the last six together: defaults where no resource is declared,
/// metaparameters, `name` (every type's alias of its namevar), a class's
/// own parameter (`scripts/catalog-with-puppet.rb`).
#[test]
fn parameters_given_through_functions() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    write_tree(
        root,
        &[(
            "manifests/site.pp",
            "class foo($a = 1) {}
create_resources('file', {'/tmp/a' => {'contnet' => 'x'}})
ensure_resource('file', '/tmp/b', {'contnet' => 'x'})
ensure_resources('file', {'/tmp/c' => {'contnet' => 'x'}})
ensure_packages(['vim'], {'contnet' => 'x'})
ensure_packages({'vim2' => {'contnet' => 'x'}})
create_resources('file', {'/tmp/d' => {}}, {'contnet' => 'x'})
create_resources('class', {'foo' => {'contnet' => 'x'}})
create_resources('@@file', {'/tmp/g' => {'contnet' => 'x'}})
create_resources('file', {'/tmp/h' => {'title' => 'x'}})
create_resources('file', {}, {'contnet' => 'x'})
create_resources('file', {'/tmp/e' => {'mode' => '0644', 'require' => [], name => '/tmp/f'}}, {'owner' => 'root'})
create_resources('class', {'foo' => {'a' => 2}})
ensure_packages([], {'contnet' => 'x'})
ensure_resource('package', ['a', 'b'], {'ensure' => 'present', 'tag' => 't'})
file { '/tmp/x': name => '/tmp/y' }
",
        )],
    );
    let found: Vec<(u64, String)> = rule_findings(root, "unknown-parameter")
        .iter()
        .map(|finding| {
            let message = finding["message"].as_str().unwrap().to_string();
            (finding["line"].as_u64().unwrap(), message)
        })
        .collect();
    let file = |line, attr: &str| {
        (
            line,
            format!("`File` resources have no parameter named `{attr}`"),
        )
    };
    let package = |line| {
        (
            line,
            "`Package` resources have no parameter named `contnet`".to_string(),
        )
    };
    assert_eq!(
        found,
        [
            file(2, "contnet"),
            file(3, "contnet"),
            file(4, "contnet"),
            package(5),
            package(6),
            file(7, "contnet"),
            (
                8,
                "`Class[Foo]` has no parameter named `contnet`".to_string()
            ),
            file(9, "contnet"),
            file(10, "title"),
        ]
    );
}

/// A site's own function that includes classes (`role(mediawiki::appserver)`
/// whose Ruby includes `role::mediawiki::appserver`) is `include` once
/// `pfacts.toml` says so: the classes it names are reached (a default after
/// it comes late for their resources), and one that no manifest defines is
/// unknown. Without the setting, the call declares nothing.
#[test]
fn functions_that_declare_classes() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    write_tree(
        root,
        &[
            (
                "manifests/site.pp",
                "role(mediawiki::appserver)\nrole('nosuch')\nFile { mode => '0600' }\n",
            ),
            (
                "modules/role/manifests/mediawiki/appserver.pp",
                "class role::mediawiki::appserver { file { '/etc/x': } }\n",
            ),
        ],
    );
    let run = |root: &Path| -> Vec<String> {
        check_json_in(root)
            .iter()
            .map(|finding| format!("{} {}", finding["rule"].as_str().unwrap(), finding["line"]))
            .collect()
    };
    // `role` is defined nowhere pfacts reads: known by the configuration.
    std::fs::write(
        root.join("pfacts.toml"),
        "[known]\nfunctions = [\"role\"]\n",
    )
    .unwrap();
    assert_eq!(run(root), Vec::<String>::new());
    std::fs::write(
        root.join("pfacts.toml"),
        "[known]\nfunctions = [\"role\"]\n\n[functions.role]\nincludes = \"role::{}\"\n",
    )
    .unwrap();
    assert_eq!(run(root), ["unknown-class 2", "late-default 3"]);
}

/// `defined()` guards, each form as Puppet 7.23 judges it
/// (`scripts/catalog-with-puppet.rb`): it compiles every guarded use of a
/// missing name below, and refuses `Nosuch['t']` itself ("Resource type
/// not found: Nosuch", where the reference is evaluated, the guard's own
/// test included) and the branch that runs when the name is missing.
#[test]
fn guards_as_puppet_reads_them() {
    let environment = tempfile::tempdir().unwrap();
    let root = environment.path();
    std::fs::create_dir_all(root.join("manifests")).unwrap();
    let site = root.join("manifests/site.pp");
    let cases = [
        ("if defined(Resource['nosuch']) { nosuch { 'x': } }", ""),
        (
            "if defined(Resource['nosuch', 't']) { nosuch { 'x': } }",
            "",
        ),
        ("unless !defined('nosuch') { include nosuch }", ""),
        ("if !defined('nosuch') { } else { include nosuch }", ""),
        (
            "if $facts['os'] and defined('nosuch') { include nosuch }",
            "",
        ),
        ("if defined(Class['nosuch']) { include nosuch }", ""),
        ("if defined('nosuch') { notice(Nosuch['t']) }", ""),
        (
            "unless defined('nosuch') { include nosuch }",
            "unknown-class",
        ),
        (
            "if defined(Nosuch['t']) { notice('x') }",
            "unknown-resource-type",
        ),
        (
            "notify { 'n': require => Nosuch['t'] }",
            "unknown-resource-type",
        ),
    ];
    for (code, expected) in cases {
        std::fs::write(&site, format!("{code}\n")).unwrap();
        let errors: Vec<String> = check_json(root)
            .iter()
            .filter(|finding| {
                finding["severity"] == "error" && finding["rule"] != "undeclared-resource"
            })
            .map(|finding| finding["rule"].as_str().unwrap().to_string())
            .collect();
        let expected: Vec<&str> = [expected]
            .into_iter()
            .filter(|rule| !rule.is_empty())
            .collect();
        assert_eq!(errors, expected, "{code}");
    }
}
