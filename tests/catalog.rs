//! `pfacts catalog` against the catalogs and compile errors Puppet 7
//! recorded in `corpus/*/expected/catalog.json`
//! (`scripts/compile-with-puppet.rb`, facts as in `corpus/facts.json`).
//!
//! - `catalogs_are_puppets`: the whole catalog in Puppet's format (resources
//!   with their tags, file, line and parameters, relationships among them;
//!   containment edges; classes; tags) is the one Puppet compiled
//!   (`scripts/catalog-with-puppet.rb`), or the compilation fails as
//!   Puppet's does, with its message at its file, line and column.
//! - `parameter_checks_are_puppets`: corpus/types, class, define and
//!   function parameters checked against their types (stdlib's aliases
//!   included) and missing ones, with Puppet's own words at its file, line
//!   and column; the node whose values pass compiles to Puppet's catalog.
//! - `overrides_and_define_defaults_are_puppets`: overrides from a class
//!   that does not inherit the declaring one, or of an attribute the
//!   declaring class set, fail as Puppet's do; a subclass's override and a
//!   resource default for a define's parameter give Puppet's parameters.
//! - `global_hiera_layer_is_puppets`: `--hiera-config` (Puppet's
//!   `hiera_config`) adds Hiera's global layer, before the environment's,
//!   values and `lookup_options` both; a level without a backend fails in
//!   Puppet's words.
//! - `a_modulepath_directory_that_does_not_exist_is_named`: on stderr, for
//!   `--modulepath` and `environment.conf` alike (`$basemodulepath` is the
//!   server's).
//! - `facts_in_every_form_give_the_same_catalog`: facts as JSON, and as
//!   `puppet facts` prints them in YAML and JSON.
//! - `a_missing_environment_or_facts_file_is_a_usage_error`: exit code 2
//!   and a message, not a compile error.
//! - `ruby_that_pfacts_does_not_evaluate_is_marked`: a template beyond the
//!   Ruby pfacts evaluates gives a value marked unevaluated, with the reason.
//! - `unknown_variable_fails_where_puppet_fails`: the same error, file, line
//!   and column as Puppet's under `--strict_variables`.
//! - `circular_inheritance_fails_with_its_cycle`: Puppet dies ("stack level
//!   too deep"); pfacts fails too, naming the cycle.
//! - `a_define_declaring_itself_ends_as_puppet_ends_it`: 1,000 passes of
//!   define evaluation, then Puppet's error, not a hang.
//! - `refusals_are_puppets`: each environment of corpus/refusals fails as
//!   Puppet 7 fails it, with its message and at its line: Hiera data that
//!   does not parse, two keys that alias each other, a template that
//!   renders itself ("stack level too deep": templates nest 16 deep at
//!   most), a relationship metaparameter naming a resource declared
//!   nowhere, `realize` of one, an unknown parameter of a built-in type.
//! - `nesting_too_deep_is_an_error_not_a_crash`: 100,000 nested arrays give
//!   a located error.
//! - `debian_modules_agree_with_puppet`: 28 Debian modules (corpus/debian)
//!   compiled by Puppet and by pfacts; every resource that differs, and every
//!   module whose error differs, is explained in `corpus/debian/DIFFERENCES.md`,
//!   and the agreement stated there does not fall.
//! - `evaluator_agrees_with_the_static_analysis`: each default the evaluator
//!   applies is one `default-inheritance` predicts, and each variable it
//!   reads is resolved to the same declaration by `resolved-variables`.

use assert_cmd::Command;
use serde_json::Value;

mod corpora;
mod evaluation_order;

/// The settings Puppet compiled the fixtures' catalogs with
/// (`scripts/compile-with-puppet.rb`, `scripts/catalog-with-puppet.rb`):
/// unknown variables fail.
const STRICT: [&str; 3] = ["--strict-variables", "--strict", "error"];

/// `pfacts catalog` of a corpus environment: success, stdout and stderr;
/// `None` (said) for a fixture that needs the corpora when they are absent.
fn pfacts_catalog(environment: &str, node: &str) -> Option<(bool, String, String)> {
    let mut command = Command::cargo_bin("pfacts").unwrap();
    command.args([
        "catalog",
        &format!("corpus/{environment}"),
        "--node",
        node,
        "--facts",
        "corpus/facts.json",
    ]);
    command.args(STRICT);
    // These fixtures call stdlib's functions, from the Debian corpus.
    if matches!(environment, "functions" | "assert_private" | "types") {
        let modules = corpora::path("corpus/debian-modules")?;
        command.arg("--modulepath").arg(&modules);
    }
    let output = command.output().unwrap();
    let stdout = corpora::as_recorded(&String::from_utf8(output.stdout).unwrap());
    let stderr = corpora::as_recorded(&String::from_utf8(output.stderr).unwrap());
    Some((output.status.success(), stdout, stderr))
}

/// JSON text keeps the order of keys (pfacts and serde_json keep it, as
/// Puppet does); comparing values would not see it.
fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap()
}

fn puppet(environment: &str) -> Value {
    let path = format!("corpus/{environment}/expected/catalog.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Puppet's location of a compile error, `(file: f, line: l, column: c)`,
/// as pfacts writes it: `f:l:c`; `f:l:` when Puppet gives no column (an
/// error in a `hiera.yaml`).
fn puppet_location(error: &str) -> Option<String> {
    let pattern = regex::Regex::new(r"\(file: ([^,]+), line: (\d+)(?:, column: (\d+))?\)").unwrap();
    let captures = pattern.captures(error)?;
    Some(match captures.get(3) {
        Some(column) => format!(
            "{}:{}:{}: error:",
            &captures[1],
            &captures[2],
            column.as_str()
        ),
        None => format!("{}:{}:", &captures[1], &captures[2]),
    })
}

#[test]
fn catalogs_are_puppets() {
    let compiled = [
        ("defaults", "node.example.com", "puppet-catalog.json"),
        ("scope", "node.example.com", "puppet-catalog.json"),
        ("layout", "node.example.com", "puppet-catalog.json"),
        ("names", "node.example.com", "puppet-catalog.json"),
        ("functions", "node.example.com", "puppet-catalog.json"),
        ("hiera", "node.example.com", "puppet-catalog.json"),
        ("hiera-locations", "node.example.com", "puppet-catalog.json"),
        ("order", "node.example.com", "puppet-catalog.json"),
        ("erb", "node.example.com", "puppet-catalog.json"),
        ("modulepath", "node.example.com", "puppet-catalog.json"),
        ("type-sets", "node.example.com", "puppet-catalog.json"),
        ("resource-form", "node.example.com", "puppet-catalog.json"),
        (
            "resource-form",
            "flat.example.com",
            "puppet-catalog-flat.json",
        ),
        (
            "resource-form",
            "chain.example.com",
            "puppet-catalog-chain.json",
        ),
        (
            "resource-form",
            "rich.example.com",
            "puppet-catalog-rich.json",
        ),
        (
            "hiera",
            "unknown-data.example.com",
            "puppet-catalog-unknown-data.json",
        ),
        (
            "hiera",
            "unknown-path.example.com",
            "puppet-catalog-unknown-path.json",
        ),
        ("epp", "node.example.com", "puppet-catalog.json"),
        (
            "epp",
            "missing-template.example.com",
            "puppet-catalog-missing-template.json",
        ),
        (
            "epp",
            "missing-parameter.example.com",
            "puppet-catalog-missing-parameter.json",
        ),
        ("assert_private", "node.example.com", "puppet-catalog.json"),
        (
            "declarations",
            "append-default.example.com",
            "append-default.json",
        ),
        (
            "assert_private",
            "include.example.com",
            "puppet-catalog-include.json",
        ),
    ];
    for (environment, node, expected) in compiled {
        let path = format!("corpus/{environment}/expected/{expected}");
        let theirs: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let Some((success, stdout, stderr)) = pfacts_catalog(environment, node) else {
            continue;
        };
        if let Some(error) = theirs["error"].as_str() {
            assert!(!success, "{environment}: Puppet fails with {error}");
            let before_location = error.split(" (file:").next().unwrap();
            let before_node = before_location.split(" on node ").next().unwrap();
            let message = before_node
                .rsplit(", ")
                .next()
                .unwrap()
                .trim_end_matches(&format!(" for {node}"))
                .trim_end()
                .trim_end_matches(';');
            assert!(
                stderr.contains(message),
                "{environment}: {stderr} vs {error}"
            );
            if let Some(location) = puppet_location(error) {
                let ours = format!("corpus/{environment}/{location}");
                assert!(stderr.contains(&ours), "{environment}: {stderr} vs {error}");
            }
            continue;
        }
        assert!(success, "{environment}: {stderr}");
        let mut ours: Value = serde_json::from_str(&stdout).unwrap();
        // Puppet's paths are relative to the environment; ours as given.
        for resource in ours["resources"].as_array_mut().unwrap() {
            if let Some(file) = resource["file"].as_str() {
                resource["file"] = Value::from(file.replace(&format!("corpus/{environment}/"), ""));
            }
        }
        // As text: in Puppet's order of keys and parameters too.
        assert_eq!(pretty(&ours), pretty(&theirs), "{environment}");
    }
}

#[test]
fn parameter_checks_are_puppets() {
    let nodes = [
        "node",
        "wrong-type",
        "wrong-element",
        "wrong-alias",
        "wrong-struct",
        "undef-given",
        "missing",
        "default-reads-missing",
        "define-type",
        "function-type",
    ];
    let located = regex::Regex::new(
        r"(?s)^Evaluation Error: Error while evaluating a [A-Za-z ]+, (.*) \(file: ([^,]+), line: (\d+)(?:, column: (\d+))?\) on node",
    )
    .unwrap();
    for node in nodes {
        let path = format!("corpus/types/expected/{node}.json");
        let theirs: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let Some((success, stdout, stderr)) =
            pfacts_catalog("types", &format!("{node}.example.com"))
        else {
            return;
        };
        let Some(error) = theirs["error"].as_str() else {
            assert!(success, "{node}: {stderr}");
            let mut ours: Value = serde_json::from_str(&stdout).unwrap();
            for resource in ours["resources"].as_array_mut().unwrap() {
                if let Some(file) = resource["file"].as_str() {
                    resource["file"] = Value::from(file.replace("corpus/types/", ""));
                }
            }
            assert_eq!(pretty(&ours), pretty(&theirs), "{node}");
            continue;
        };
        assert!(!success, "{node}: Puppet fails with {error}");
        let parts = located
            .captures(error)
            .expect("Puppet's error has a location");
        // Puppet gives no column for a define's instance: the line must match.
        let place = match parts.get(4) {
            Some(column) => format!(
                "corpus/types/{}:{}:{}: ",
                &parts[2],
                &parts[3],
                column.as_str()
            ),
            None => format!("corpus/types/{}:{}:", &parts[2], &parts[3]),
        };
        assert!(stderr.starts_with(&place), "{node}: {stderr} vs {error}");
        let message = &parts[1];
        assert!(
            stderr.contains(&format!("error: {message}\n")),
            "{node}: the same words as Puppet's:\n{stderr}\nvs\n{message}"
        );
    }
}

#[test]
fn global_hiera_layer_is_puppets() {
    for global in ["global", "global-broken"] {
        let expected = format!("corpus/hiera/expected/puppet-catalog-{global}.json");
        let theirs: Value =
            serde_json::from_str(&std::fs::read_to_string(expected).unwrap()).unwrap();
        let config = format!("corpus/hiera/{global}/hiera.yaml");
        let output = Command::cargo_bin("pfacts")
            .unwrap()
            .args(["catalog", "corpus/hiera", "--facts", "corpus/facts.json"])
            .args(STRICT)
            .args(["--hiera-config", &config])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        if let Some(error) = theirs["error"].as_str() {
            assert!(
                !output.status.success(),
                "{global}: Puppet fails with {error}"
            );
            let message = error.split(" (file:").next().unwrap();
            assert!(
                stderr.contains(&format!("{config}: error: {message}")),
                "{global}: {stderr} vs {error}"
            );
            continue;
        }
        assert!(output.status.success(), "{global}: {stderr}");
        let mut ours: Value = serde_json::from_slice(&output.stdout).unwrap();
        for resource in ours["resources"].as_array_mut().unwrap() {
            if let Some(file) = resource["file"].as_str() {
                resource["file"] = Value::from(file.replace("corpus/hiera/", ""));
            }
        }
        assert_eq!(pretty(&ours), pretty(&theirs), "{global}");
    }
}

#[test]
fn a_modulepath_directory_that_does_not_exist_is_named() {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args([
            "catalog",
            "corpus/modulepath",
            "--modulepath",
            "corpus/nowhere",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    for missing in [
        "corpus/nowhere",
        "corpus/modulepath/modules",
        "/etc/puppetlabs/code/private-modules",
    ] {
        assert!(
            stderr.contains(&format!(
                "{missing}: warning: modulepath directory does not exist"
            )),
            "{stderr}"
        );
    }
    assert!(!stderr.contains("basemodulepath"), "{stderr}");
}

#[test]
fn facts_in_every_form_give_the_same_catalog() {
    let compile = |facts: &str| {
        let output = Command::cargo_bin("pfacts")
            .unwrap()
            .args(["catalog", "corpus/hiera", "--facts", facts])
            .args(STRICT)
            .output()
            .unwrap();
        assert!(output.status.success(), "{facts}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let from_json = compile("corpus/facts.json");
    // What `puppet facts` prints, in YAML (with its Ruby tag) and in JSON.
    assert_eq!(compile("corpus/puppet-facts.yaml"), from_json);
    assert_eq!(compile("corpus/puppet-facts.json"), from_json);
}

#[test]
fn a_missing_environment_or_facts_file_is_a_usage_error() {
    for args in [
        vec!["catalog", "corpus/no-such-environment"],
        vec![
            "catalog",
            "corpus/hiera",
            "--facts",
            "corpus/no-such-facts.json",
        ],
        vec![
            "catalog",
            "corpus/hiera",
            "--facts",
            "corpus/erb/manifests/site.pp",
        ],
    ] {
        let output = Command::cargo_bin("pfacts")
            .unwrap()
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!output.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn ruby_that_pfacts_does_not_evaluate_is_marked() {
    let (success, stdout, stderr) = pfacts_catalog("erb", "ruby.example.com").unwrap();
    assert!(success, "{stderr}");
    let catalog: Value = serde_json::from_str(&stdout).unwrap();
    let message = catalog["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|resource| resource["title"] == "loop")
        .map(|resource| {
            resource["parameters"]["message"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .unwrap();
    assert_eq!(message, "<<inline_template('...') not evaluated: `while`>>");
}

#[test]
fn overrides_and_define_defaults_are_puppets() {
    let compile = |node: &str| pfacts_catalog("declarations", node).unwrap();
    let expected = |node: &str| -> Value {
        let path = format!("corpus/declarations/expected/{node}.json");
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    // Puppet's message, and its last location (the override's).
    for (node, message) in [
        (
            "foreign-override",
            "Only subclasses can override parameters",
        ),
        (
            "redefining-override",
            "Parameter 'mode' is already set on File[/etc/redefined]",
        ),
    ] {
        let error = expected(node)["error"].as_str().unwrap().to_string();
        assert!(error.contains(message), "{error}");
        let place = error.rsplit("(file: ").next().unwrap();
        let (file, line) = place.split_once(", line: ").unwrap();
        let line = line.split(|c: char| !c.is_ascii_digit()).next().unwrap();
        let (success, _, stderr) = compile(&format!("{node}.example.com"));
        assert!(!success);
        assert!(
            stderr.starts_with(&format!("corpus/declarations/{file}:{line}:"))
                && stderr.contains(message),
            "{node}: {stderr} vs {error}"
        );
    }
    // A subclass's override, and a resource default giving a define's
    // parameter: the parameters Puppet compiles.
    let (success, stdout, stderr) = compile("clean.example.com");
    assert!(success, "{stderr}");
    let ours: Value = serde_json::from_str(&stdout).unwrap();
    for resource in expected("clean")["resources"].as_array().unwrap() {
        if !matches!(resource["type"].as_str(), Some("File" | "Package")) {
            continue;
        }
        let ours = ours["resources"]
            .as_array()
            .unwrap()
            .iter()
            .find(|candidate| {
                candidate["type"] == resource["type"] && candidate["title"] == resource["title"]
            })
            .unwrap_or_else(|| panic!("{resource}"));
        for (name, value) in resource["parameters"].as_object().unwrap() {
            if name != "path" {
                assert_eq!(&ours["parameters"][name], value, "{resource}");
            }
        }
    }
}

#[test]
fn unknown_variable_fails_where_puppet_fails() {
    let (success, _, stderr) = pfacts_catalog("scope", "web01.example.com").unwrap();
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
    let (success, _, stderr) = pfacts_catalog("inheritance", "web.example.com").unwrap();
    assert!(!success);
    assert_eq!(puppet("inheritance")["error"], "stack level too deep");
    assert!(
        stderr.contains("error: circular inheritance: cycle::b inherits cycle::c inherits cycle::a inherits cycle::b"),
        "{stderr}"
    );
}

/// `pfacts catalog` of a scratch environment made of `files` (paths in
/// it, texts), bounded in time so that a hang fails the test.
fn compile_scratch(files: &[(&str, String)]) -> std::process::Output {
    let environment = tempfile::tempdir().unwrap();
    std::fs::create_dir(environment.path().join("manifests")).unwrap();
    for (path, text) in files {
        let path = environment.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    Command::cargo_bin("pfacts")
        .unwrap()
        .arg("catalog")
        .arg(environment.path())
        .args(STRICT)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap()
}

#[test]
fn nesting_too_deep_is_an_error_not_a_crash() {
    let depth = 100_000;
    let site = format!("$x = {}{}\n", "[".repeat(depth), "]".repeat(depth));
    let output = compile_scratch(&[("manifests/site.pp", site)]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("site.pp:1:") && stderr.contains("nested deeper than"),
        "{stderr}"
    );
}

#[test]
fn a_define_declaring_itself_ends_as_puppet_ends_it() {
    let site = "define again() { again { \"${title}x\": } }\nagain { 'a': }\n";
    let output = compile_scratch(&[("manifests/site.pp", site.to_string())]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    // Puppet's words for the same manifest.
    assert!(
        stderr.contains("Somehow looped more than 1000 times while evaluating host catalog"),
        "{stderr}"
    );
}

/// Puppet's message in `error` without where it happened (`(file: F,
/// line: L)`, `on node N`), and the line it gives, if any.
fn puppet_message(error: &str) -> (String, Option<String>) {
    let mut message = error.split(" on node ").next().unwrap().to_string();
    // Where in its evaluator Puppet was, which pfacts' rendering leaves
    // out: "Evaluation Error: Error while evaluating a Function Call, ".
    if let Some(rest) = message.strip_prefix("Evaluation Error: ") {
        message = match rest.strip_prefix("Error while evaluating a ") {
            Some(rest) => rest.split_once(", ").map_or(rest, |(_, words)| words),
            None => rest,
        }
        .to_string();
    }
    // Every place in the words is left out (Puppet writes some inside
    // them: `already defined (file: F, line: 2); cannot redefine`); the
    // line is the last one's, where the error is.
    let mut line = None;
    while let Some(start) = message.find(" (file: ") {
        let end = message[start..]
            .find(')')
            .map_or(message.len(), |end| start + end + 1);
        let place = &message[start..end];
        if let Some(number) = place.split("line: ").nth(1) {
            line = Some(number.chars().take_while(char::is_ascii_digit).collect());
        }
        message.replace_range(start..end, "");
    }
    (message, line)
}

#[test]
fn refusals_are_puppets() {
    // Each environment of corpus/refusals, as Puppet 7 refused it
    // (`scripts/catalog-with-puppet.rb --puppet7-defaults`).
    let cases = [
        "yaml-syntax",
        "alias-cycle",
        "template-self",
        "missing-require",
        "realize-missing",
        "unknown-parameter",
        "unknown-type",
        "type-reference-typo",
        "return-type",
        "parameter-order",
        "integer-conversion",
        "node-twice",
        "hiera3-backend",
        "recursive-type-value",
        "type-set-version",
        "type-set-member",
        "deferred-parameter",
        "unknown-ruby-parameter",
        "type-set-reference",
        "unresolved-type",
    ];
    for case in cases {
        let environment = format!("corpus/refusals/{case}");
        let recorded: Value = serde_json::from_str(
            &std::fs::read_to_string(format!("{environment}/expected/puppet-catalog.json"))
                .unwrap(),
        )
        .unwrap();
        let error = recorded["error"]
            .as_str()
            .expect("Puppet refuses each of them");
        let output = Command::cargo_bin("pfacts")
            .unwrap()
            .args([
                "catalog",
                &environment,
                "--node",
                "node.example.com",
                "--facts",
                "corpus/facts.json",
            ])
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{case}: {stderr}");
        // The error's first line, and the indented lines that go on with
        // it (a call no signature takes lists them all).
        let start = stderr
            .find(": error: ")
            .unwrap_or_else(|| panic!("{case}: no error in {stderr}"));
        let start = stderr[..start].rfind('\n').map_or(0, |newline| newline + 1);
        let mut lines = stderr[start..].lines();
        let mut ours = lines.next().unwrap().to_string();
        for more in lines.take_while(|line| line.starts_with(' ')) {
            ours.push('\n');
            ours.push_str(more);
        }
        let (place, message) = ours.split_once(": error: ").unwrap();
        let (message, _) = puppet_message(message);
        let (theirs, line) = puppet_message(error);
        let theirs = theirs.replace("(data/", &format!("({environment}/data/"));
        if case == "yaml-syntax" {
            // The file, in Puppet's words; then the YAML parser's own
            // (libyaml's in Ruby, yaml-rust2's here).
            let file = theirs.split("): ").next().unwrap();
            assert!(message.starts_with(file), "{case}: {message} vs {theirs}");
        } else {
            assert_eq!(message, theirs, "{case}");
        }
        if let Some(line) = line {
            assert!(
                place.ends_with(&format!(":{line}")) || place.contains(&format!(":{line}:")),
                "{case}: {place} vs line {line}"
            );
        }
    }
}

/// Whether `ours` fails as Puppet's `error` says: its message, and its file,
/// line and column when Puppet gives them.
fn fails_like_puppet(error: &str, stderr: &str, environment: &str) -> bool {
    let before_location = error.split(" (file:").next().unwrap();
    let before_node = before_location.split(" on node ").next().unwrap();
    let message = before_node.rsplit(", ").next().unwrap();
    let message = message.rsplit("Evaluation Error: ").next().unwrap();
    let located = match puppet_location(error) {
        Some(location) if location.starts_with("manifests/") => {
            stderr.contains(&format!("{environment}/{location}"))
        }
        Some(location) => stderr.contains(&location),
        None => true,
    };
    stderr.contains(message) && located
}

#[test]
fn debian_modules_agree_with_puppet() {
    let Some(debian_modules) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let differences = std::fs::read_to_string("corpus/debian/DIFFERENCES.md").unwrap();
    let listed = |entry: &str| {
        differences
            .lines()
            .any(|line| line.starts_with(&format!("- {entry}")))
    };
    let mut modules: Vec<String> = std::fs::read_dir("corpus/debian")
        .unwrap()
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().to_string())
        .collect();
    modules.sort();
    assert!(modules.len() >= 20, "{modules:?}");
    let (mut identical, mut total, mut same_errors, mut errors) = (0, 0, 0, 0);
    let mut unexplained = Vec::new();
    // The entries of DIFFERENCES.md that still name a difference.
    let mut explaining = Vec::new();
    for module in &modules {
        let environment = format!("corpus/debian/{module}");
        let expected = format!("{environment}/expected/puppet-catalog.json");
        let theirs: Value =
            serde_json::from_str(&std::fs::read_to_string(expected).unwrap()).unwrap();
        let output = Command::cargo_bin("pfacts")
            .unwrap()
            .args([
                "catalog",
                &environment,
                "--facts",
                "corpus/debian-facts.json",
            ])
            .args(STRICT)
            .arg("--modulepath")
            .arg(&debian_modules)
            .output()
            .unwrap();
        let stderr = corpora::as_recorded(&String::from_utf8(output.stderr).unwrap());
        let module_entry = format!("`{module}`:");
        if let Some(error) = theirs["error"].as_str() {
            errors += 1;
            assert!(
                !output.status.success(),
                "{module}: Puppet fails with {error}"
            );
            if fails_like_puppet(error, &stderr, &environment) {
                same_errors += 1;
            } else if listed(&module_entry) {
                explaining.push(module_entry);
            } else {
                unexplained.push(format!("{module}: {stderr} vs {error}"));
            }
            continue;
        }
        let resources = theirs["resources"].as_array().unwrap();
        total += resources.len();
        if !output.status.success() {
            if listed(&module_entry) {
                explaining.push(module_entry);
            } else {
                unexplained.push(format!("{module}: {stderr}"));
            }
            continue;
        }
        let stdout = String::from_utf8(output.stdout).unwrap();
        let mut ours: Value = serde_json::from_str(&corpora::as_recorded(&stdout)).unwrap();
        for resource in ours["resources"].as_array_mut().unwrap() {
            if let Some(file) = resource["file"].as_str() {
                resource["file"] = Value::from(file.replace(&format!("{environment}/"), ""));
            }
        }
        for resource in resources {
            let same = ours["resources"]
                .as_array()
                .unwrap()
                .iter()
                .any(|candidate| pretty(candidate) == pretty(resource));
            if same {
                identical += 1;
                continue;
            }
            let entry = format!(
                "`{module}` `{}[{}]`:",
                resource["type"].as_str().unwrap(),
                resource["title"].as_str().unwrap()
            );
            if listed(&entry) {
                explaining.push(entry);
            } else {
                unexplained.push(entry);
            }
        }
    }
    eprintln!(
        "identical resources: {identical} of {total}; same errors: {same_errors} of {errors}"
    );
    assert!(
        unexplained.is_empty(),
        "not in DIFFERENCES.md: {unexplained:#?}"
    );
    let stale: Vec<&str> = differences
        .lines()
        .filter(|line| line.starts_with("- "))
        .filter(|line| {
            !explaining
                .iter()
                .any(|entry| line.starts_with(&format!("- {entry}")))
        })
        .collect();
    assert!(stale.is_empty(), "no longer a difference: {stale:#?}");
    // The agreement DIFFERENCES.md states, as a floor.
    assert!(
        identical >= 226 && same_errors >= 10,
        "{identical}, {same_errors}"
    );
}

/// `--ruby`: the modules' Ruby functions (both APIs, a block, a call back
/// into Puppet) and an ERB template pfacts' own reader refuses, run by
/// Ruby, give Puppet's catalog; without it, each is a marked value, listed
/// on stderr with its place.
#[test]
fn ruby_gives_puppets_catalog() {
    let expected = std::fs::read_to_string("corpus/ruby/expected/puppet-catalog.json").unwrap();
    let theirs: Value = serde_json::from_str(&expected).unwrap();
    let run = |ruby: bool| {
        let mut command = Command::cargo_bin("pfacts").unwrap();
        command.args(["catalog", "corpus/ruby", "--facts", "corpus/facts.json"]);
        if ruby {
            command.arg("--ruby");
        }
        command.output().unwrap()
    };
    let without = run(false);
    let stderr = String::from_utf8(without.stderr).unwrap();
    assert!(
        stderr.contains("pfacts: 8 value(s) not evaluated"),
        "{stderr}"
    );
    assert!(
        stderr.contains("init.pp:11:23: legacy_sum(): a function written in Ruby"),
        "{stderr}"
    );
    // A function of a marked value, a template that writes one: marked
    // too, not text made from the mark.
    let catalog: Value = serde_json::from_slice(&without.stdout).unwrap();
    let message = |title: &str| {
        let resources = catalog["resources"].as_array().unwrap();
        let resource = resources.iter().find(|r| r["title"] == title).unwrap();
        resource["parameters"]["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(message("shouted").starts_with("<<rb::greet() not evaluated"));
    assert!(stderr.contains("upcase() was not evaluated"), "{stderr}");
    assert_eq!(
        message("rendered"),
        "<<inline_epp('...') not evaluated: it uses rb::greet(), which pfacts did not compute>>"
    );
    // `--ruby` without a `ruby` to run says so, and marks as without it.
    let mut command = Command::cargo_bin("pfacts").unwrap();
    let no_ruby = command
        .args([
            "catalog",
            "corpus/ruby",
            "--facts",
            "corpus/facts.json",
            "--ruby",
        ])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    let stderr_no_ruby = String::from_utf8(no_ruby.stderr).unwrap();
    assert!(
        stderr_no_ruby.contains("--ruby: cannot run `ruby`"),
        "{stderr_no_ruby}"
    );
    assert!(
        stderr_no_ruby.contains("pfacts: 8 value(s) not evaluated"),
        "{stderr_no_ruby}"
    );
    let has_ruby = Command::new("ruby").arg("--version").output().is_ok();
    if !has_ruby {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs the Ruby tests: install ruby"
        );
        eprintln!("skipped in ruby_gives_puppets_catalog: no `ruby` to run");
        return;
    }
    let with = run(true);
    let stderr = String::from_utf8(with.stderr).unwrap();
    assert!(with.status.success(), "{stderr}");
    assert!(!stderr.contains("not evaluated"), "{stderr}");
    let mut ours: Value = serde_json::from_slice(&with.stdout).unwrap();
    for resource in ours["resources"].as_array_mut().unwrap() {
        if let Some(file) = resource["file"].as_str() {
            resource["file"] = Value::from(file.replace("corpus/ruby/", ""));
        }
    }
    assert_eq!(pretty(&ours), pretty(&theirs));
}

/// The evaluation-order fixture, compiled with Puppet 7's defaults
/// (`strict_variables=false`, `strict=warning`): the same catalog, and the
/// same "Unknown variable" warnings at the same places, as Puppet's.
#[test]
fn evaluation_order_catalogs_are_puppets() {
    let pattern = regex::Regex::new(r"^(.*) \(([^:]+):(\d+)\)$").unwrap();
    let located = regex::Regex::new(r"^([^:]+:\d+):\d+(: warning: .*)$").unwrap();
    for node in evaluation_order::NODES {
        let path = format!("corpus/evaluation-order/expected/{node}.json");
        let mut theirs: Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let output = Command::cargo_bin("pfacts")
            .unwrap()
            .args([
                "catalog",
                "corpus/evaluation-order",
                "--node",
                &format!("{node}.example.com"),
                "--facts",
                "corpus/facts.json",
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(output.status.success(), "{node}: {stderr}");
        // Puppet's "message (file:line)", as pfacts writes warnings.
        let warnings = theirs
            .as_object_mut()
            .unwrap()
            .remove("warnings")
            .unwrap_or_default();
        let mut expected: Vec<String> = warnings
            .as_array()
            .into_iter()
            .flatten()
            .map(|warning| {
                let captures = pattern.captures(warning.as_str().unwrap()).unwrap();
                format!(
                    "corpus/evaluation-order/{}:{}: warning: {}",
                    &captures[2], &captures[3], &captures[1]
                )
            })
            .collect();
        let mut ours: Vec<String> = stderr
            .lines()
            .filter_map(|line| located.captures(line))
            .map(|captures| format!("{}{}", &captures[1], &captures[2]))
            .collect();
        expected.sort();
        ours.sort();
        assert_eq!(ours, expected, "{node}");
        let mut catalog: Value = serde_json::from_slice(&output.stdout).unwrap();
        for resource in catalog["resources"].as_array_mut().unwrap() {
            if let Some(file) = resource["file"].as_str() {
                resource["file"] = Value::from(file.replace("corpus/evaluation-order/", ""));
            }
        }
        assert_eq!(pretty(&catalog), pretty(&theirs), "{node}");
    }
}
