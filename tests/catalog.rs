//! `pfacts catalog` against the catalogs and compile errors Puppet 7
//! recorded in `corpus/*/expected/catalog.json`
//! (`scripts/compile-with-puppet.rb`, facts as in `corpus/facts.json`).
//!
//! - `defaults_catalog_is_puppets`: every resource, its parameters and its
//!   relationships, as Puppet compiled them.
//! - `unknown_variable_fails_where_puppet_fails`: the same error, file, line
//!   and column as Puppet's under `--strict_variables`.
//! - `circular_inheritance_fails_with_its_cycle`: Puppet dies ("stack level
//!   too deep"); pfacts fails too, naming the cycle.
//! - `nesting_too_deep_is_an_error_not_a_crash`: 100,000 nested arrays give
//!   a located error.
//! - `evaluator_agrees_with_the_static_analysis`: each default the evaluator
//!   applies is one `default-inheritance` predicts, and each variable it
//!   reads is resolved to the same declaration by `resolved-variables`.

use std::collections::{BTreeMap, BTreeSet};

use assert_cmd::Command;
use serde_json::Value;

fn pfacts_catalog(environment: &str, node: &str) -> (bool, String, String) {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args([
            "catalog",
            &format!("corpus/{environment}"),
            "--node",
            node,
            "--facts",
            "corpus/facts.json",
        ])
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn puppet(environment: &str) -> Value {
    let path = format!("corpus/{environment}/expected/catalog.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const RELATIONSHIPS: &[&str] = &["before", "require", "notify", "subscribe"];

/// `File[/x]` from a reference as either catalog writes it: a string, or
/// Puppet's `{type, title}`.
fn reference(value: &Value) -> Vec<String> {
    match value {
        Value::String(text) => vec![text.clone()],
        Value::Array(items) => items.iter().flat_map(reference).collect(),
        Value::Object(object) => vec![format!(
            "{}[{}]",
            object["type"].as_str().unwrap(),
            object["title"].as_str().unwrap()
        )],
        _ => Vec::new(),
    }
}

struct Normalized {
    /// (type, title) → parameters, without relationships and without a
    /// namevar that repeats the title (Puppet's `to_hash` adds it).
    resources: BTreeMap<(String, String), BTreeMap<String, Value>>,
    exported: BTreeSet<(String, String)>,
    /// (source, target), from edges and relationship metaparameters.
    edges: BTreeSet<(String, String)>,
}

fn normalize(catalog: &Value) -> Normalized {
    let mut normalized = Normalized {
        resources: BTreeMap::new(),
        exported: BTreeSet::new(),
        edges: BTreeSet::new(),
    };
    for resource in catalog["resources"].as_array().unwrap() {
        let type_name = resource["type"].as_str().unwrap().to_string();
        let title = resource["title"].as_str().unwrap().to_string();
        let this = format!("{type_name}[{title}]");
        let mut parameters = BTreeMap::new();
        for (name, value) in resource["parameters"].as_object().unwrap() {
            if RELATIONSHIPS.contains(&name.as_str()) {
                for other in reference(value) {
                    let edge = if name == "before" || name == "notify" {
                        (this.clone(), other)
                    } else {
                        (other, this.clone())
                    };
                    normalized.edges.insert(edge);
                }
                continue;
            }
            if matches!(name.as_str(), "path" | "name" | "command")
                && value.as_str() == Some(&title)
            {
                continue;
            }
            parameters.insert(name.clone(), value.clone());
        }
        if resource["exported"] == Value::Bool(true) {
            normalized
                .exported
                .insert((type_name.clone(), title.clone()));
        }
        normalized.resources.insert((type_name, title), parameters);
    }
    for edge in catalog["edges"].as_array().into_iter().flatten() {
        normalized.edges.insert((
            edge["source"].as_str().unwrap().to_string(),
            edge["target"].as_str().unwrap().to_string(),
        ));
    }
    normalized
}

#[test]
fn defaults_catalog_is_puppets() {
    let (success, stdout, stderr) = pfacts_catalog("defaults", "node.example.com");
    assert!(success, "{stderr}");
    let ours = normalize(&serde_json::from_str(&stdout).unwrap());
    let theirs = normalize(&puppet("defaults"));
    assert_eq!(
        ours.resources.keys().collect::<Vec<_>>(),
        theirs.resources.keys().collect::<Vec<_>>()
    );
    for (key, parameters) in &theirs.resources {
        assert_eq!(&ours.resources[key], parameters, "{key:?}");
    }
    assert_eq!(ours.exported, theirs.exported);
    assert_eq!(ours.edges, theirs.edges);
}

#[test]
fn unknown_variable_fails_where_puppet_fails() {
    let (success, _, stderr) = pfacts_catalog("scope", "web01.example.com");
    assert!(!success);
    let error = puppet("scope")["error"].as_str().unwrap().to_string();
    assert!(error.contains("Unknown variable: 'port'"), "{error}");
    assert!(
        error.contains("file: modules/profile/manifests/site.pp, line: 3, column: 17"),
        "{error}"
    );
    assert!(
        stderr.contains(
            "corpus/scope/modules/profile/manifests/site.pp:3:17: error: Unknown variable: 'port'."
        ),
        "{stderr}"
    );
}

#[test]
fn circular_inheritance_fails_with_its_cycle() {
    let (success, _, stderr) = pfacts_catalog("inheritance", "web.example.com");
    assert!(!success);
    assert_eq!(puppet("inheritance")["error"], "stack level too deep");
    assert!(
        stderr.contains("error: circular inheritance: cycle::b inherits cycle::c inherits cycle::a inherits cycle::b"),
        "{stderr}"
    );
}

#[test]
fn nesting_too_deep_is_an_error_not_a_crash() {
    let environment = tempfile::tempdir().unwrap();
    std::fs::create_dir(environment.path().join("manifests")).unwrap();
    let depth = 100_000;
    std::fs::write(
        environment.path().join("manifests/site.pp"),
        format!("$x = {}{}\n", "[".repeat(depth), "]".repeat(depth)),
    )
    .unwrap();
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .arg("catalog")
        .arg(environment.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("site.pp:1:") && stderr.contains("nested deeper than"),
        "{stderr}"
    );
}

/// Every environment of `corpus/` that compiles, with its node.
const COMPILING: &[(&str, &str)] = &[
    ("defaults", "node.example.com"),
    ("scope", "node.example.com"),
    ("example", "node.example.com"),
    ("names", "node.example.com"),
    ("layout", "node.example.com"),
];

/// Whether a resource of `default-inheritance` (whose title is the source
/// text when it is computed, `File["/etc/${name}.conf"]`) is `evaluated`.
fn same_resource(predicted: &Value, evaluated: &str) -> bool {
    let predicted = predicted.as_str().unwrap();
    if predicted == evaluated {
        return true;
    }
    let Some((type_name, title)) = predicted.split_once('[') else {
        return false;
    };
    let title = title.trim_end_matches(']').trim_matches('"');
    let interpolation = regex::Regex::new(r"\\\$\\\{[^}]*\\\}|\\\$[a-z_:]+").unwrap();
    let escaped = regex::escape(title);
    let pattern = interpolation.replace_all(&escaped, ".*");
    regex::Regex::new(&format!(r"^{}\[{pattern}\]$", regex::escape(type_name)))
        .unwrap()
        .is_match(evaluated)
}

#[test]
fn evaluator_agrees_with_the_static_analysis() {
    let facts_json: Value =
        serde_json::from_str(&std::fs::read_to_string("corpus/facts.json").unwrap()).unwrap();
    let mut checked = (0, 0);
    for (environment, node) in COMPILING {
        let dir = std::path::PathBuf::from(format!("corpus/{environment}"));
        let (modulepath, manifest) = pfacts::facts::layout::environment_paths(&dir);
        let code = pfacts::catalog::Environment::load(&manifest, &modulepath).unwrap();
        let facts = pfacts::catalog::value::Value::from_json(&facts_json);
        let (_, trace) = pfacts::catalog::Compiler::new(&code, facts)
            .compile_traced(node)
            .unwrap_or_else(|e| panic!("{environment}: {e:?}"));
        let extraction = pfacts::facts::extract_paths(&[dir]);
        let context = pfacts::lints::Context::new(&extraction);
        let predicted = pfacts::query::run("default-inheritance", &context).unwrap();
        for (resource, attribute, file, line) in &trace.defaults {
            let file = file.to_string_lossy();
            assert!(
                predicted
                    .rows
                    .iter()
                    .any(|row| same_resource(&row[0], resource)
                        && row[1] == attribute.as_str()
                        && row[3] == file.as_ref()
                        && row[4] == *line),
                "{environment}: {resource}.{attribute} from {file}:{line} is not predicted"
            );
            checked.0 += 1;
        }
        let resolved = pfacts::query::run("resolved-variables", &context).unwrap();
        for (file, line, col, name, decl_file, decl_line) in &trace.variables {
            let (file, decl_file) = (file.to_string_lossy(), decl_file.to_string_lossy());
            assert!(
                resolved.rows.iter().any(|row| row[0] == file.as_ref()
                    && row[1] == *line
                    && row[2] == *col
                    && row[5] == decl_file.as_ref()
                    && row[6] == *decl_line),
                "{environment}: ${name} at {file}:{line}:{col}, declared at {decl_file}:{decl_line}, is not resolved so"
            );
            checked.1 += 1;
        }
    }
    // The fixtures apply defaults and read variables: the check is not empty.
    assert!(checked.0 >= 10 && checked.1 >= 10, "{checked:?}");
}
