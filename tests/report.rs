//! `pfacts check` as a CI gate: output formats, configuration,
//! suppressions, baseline, rule documentation.
//!
//! - `sarif_reads_back_into_the_typed_structs`: stdout is one SARIF 2.1.0
//!   document; every rule has its descriptions, help and level; every
//!   result points at its rule and at the same place as the JSON output.
//! - `github_and_gitlab_formats` (snapshots): workflow commands and Code
//!   Quality issues for the private-access fixture.
//! - `a_closed_pipe_ends_the_run_quietly`: `pfacts rules | head` ends
//!   without a panic message.
//! - `text_has_no_colour_off_a_terminal`.
//! - `configuration_errors_name_file_line_and_key`: unknown key, bad value,
//!   unknown rule, broken TOML.
//! - `configuration_tunes_the_run`: rule off, severity changed, fail-on,
//!   ignored paths, modulepath, extra known names; `pfacts config` names
//!   the origin of each value.
//! - `each_suppression_error_is_reported`: the suppressions fixture's
//!   findings, one by one; `--show-suppressed` lists the silenced ones.
//! - `baseline_survives_inserted_lines_and_reindenting`: old findings stay
//!   known after edits, a new one fails the run, a fixed one is listed as
//!   gone.
//! - `rule_docs_are_generated`: `docs/rules/<rule>.md` is
//!   `pfacts rules --explain <rule>` for every rule, and nothing else.

use std::fs;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;
use serde_sarif::sarif::{ResultLevel, Sarif};

mod copies;
use copies::{copy_of, copy_tree};

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn pfacts_in(dir: &Path, args: &[&str]) -> Run {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .unwrap();
    Run {
        status: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn pfacts(args: &[&str]) -> Run {
    pfacts_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// `(rule, line, col)` of each finding of a JSON report.
fn findings(json: &str) -> Vec<(String, u64, u64)> {
    let values: Vec<Value> = serde_json::from_str(json).unwrap();
    values
        .iter()
        .map(|value| {
            (
                value["rule"].as_str().unwrap().to_string(),
                value["line"].as_u64().unwrap(),
                value["col"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn sarif_reads_back_into_the_typed_structs() {
    let run = pfacts(&["check", "corpus/private", "--format", "sarif"]);
    assert_eq!(run.status, 1);
    let sarif: Sarif = serde_json::from_str(&run.stdout).expect("stdout is one SARIF document");
    assert_eq!(sarif.version, "2.1.0");
    assert_eq!(sarif.runs.len(), 1);
    let sarif_run = &sarif.runs[0];
    let driver = &sarif_run.tool.driver;
    assert_eq!(driver.name, "pfacts");

    let rules = driver.rules.as_ref().expect("the rules are listed");
    let listed = pfacts(&["rules"]).stdout;
    let ids: Vec<&str> = listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert_eq!(
        rules
            .iter()
            .map(|rule| rule.id.as_str())
            .collect::<Vec<_>>(),
        ids,
        "one rule entry per rule, in `pfacts rules` order"
    );
    for rule in rules {
        let short = rule.short_description.as_ref().unwrap();
        let full = rule.full_description.as_ref().unwrap();
        let help = rule.help.as_ref().unwrap();
        assert!(
            !short.text.is_empty() && !full.text.is_empty(),
            "{}",
            rule.id
        );
        assert!(
            short.text.ends_with('.') && !short.text.contains('\n'),
            "one whole sentence: {}",
            short.text
        );
        assert!(help.text.starts_with("## What it does\n"), "{}", help.text);
        assert!(help.text.contains("## Why is this bad?"), "{}", rule.id);
        assert!(help.markdown.as_ref().unwrap().contains("## Example"));
        let level = rule.default_configuration.as_ref().unwrap().level.clone();
        assert!(
            ["error", "warning", "none"].contains(&level.as_ref().and_then(Value::as_str).unwrap()),
            "{}: {level:?}",
            rule.id
        );
    }
    let top_scope_fact = rules
        .iter()
        .find(|rule| rule.id == "top-scope-fact")
        .unwrap();
    assert_eq!(
        top_scope_fact
            .default_configuration
            .as_ref()
            .unwrap()
            .enabled,
        Some(false)
    );

    let json = pfacts(&["check", "corpus/private", "--format", "json"]).stdout;
    let expected: Vec<Value> = serde_json::from_str(&json).unwrap();
    let results = sarif_run.results.as_ref().unwrap();
    assert_eq!(results.len(), expected.len());
    for (result, expected) in results.iter().zip(&expected) {
        let rule_id = result.rule_id.as_deref().unwrap();
        assert_eq!(rule_id, expected["rule"]);
        let index = result.rule_index.unwrap() as usize;
        assert_eq!(rules[index].id, rule_id, "ruleIndex points at the rule");
        let level = match expected["severity"].as_str().unwrap() {
            "error" => ResultLevel::Error,
            _ => ResultLevel::Warning,
        };
        assert_eq!(result.level, Some(level));
        assert_eq!(result.message.text.as_deref(), expected["message"].as_str());
        let locations = result.locations.as_ref().unwrap();
        assert_eq!(locations.len(), 1);
        let physical = locations[0].physical_location.as_ref().unwrap();
        let artifact = physical.artifact_location.as_ref().unwrap();
        assert_eq!(artifact.uri_base_id.as_deref(), Some("%SRCROOT%"));
        let uri = artifact.uri.as_deref().unwrap();
        assert_eq!(
            uri,
            expected["file"].as_str().unwrap(),
            "relative to the root"
        );
        assert!(!uri.starts_with('/') && !uri.starts_with("./"));
        let region = physical.region.as_ref().unwrap();
        assert_eq!(region.start_line, expected["line"].as_i64());
        assert_eq!(region.start_column, expected["col"].as_i64());
        assert!(region.start_column.unwrap() >= 1);
        let related = result.related_locations.as_deref().unwrap_or_default();
        let expected_related = expected["related"].as_array().unwrap();
        assert_eq!(related.len(), expected_related.len());
        for (location, expected) in related.iter().zip(expected_related) {
            assert_eq!(
                location.message.as_ref().unwrap().text.as_deref(),
                expected["message"].as_str()
            );
            let region = location.physical_location.as_ref().unwrap().region.as_ref();
            assert_eq!(region.unwrap().start_line, expected["line"].as_i64());
        }
        assert!(result
            .partial_fingerprints
            .as_ref()
            .unwrap()
            .contains_key("pfacts/v1"));
    }
    let base = sarif_run.original_uri_base_ids.as_ref().unwrap();
    assert!(base["%SRCROOT%"]
        .uri
        .as_deref()
        .unwrap()
        .starts_with("file:///"));
}

#[test]
fn github_and_gitlab_formats() {
    let github = pfacts(&["check", "corpus/private", "--format", "github"]);
    assert_eq!(github.status, 1);
    insta::assert_snapshot!("github", github.stdout);
    let gitlab = pfacts(&["check", "corpus/private", "--format", "gitlab"]);
    assert_eq!(gitlab.status, 1);
    insta::assert_snapshot!("gitlab", gitlab.stdout);
    let issues: Vec<Value> = serde_json::from_str(&gitlab.stdout).unwrap();
    let mut fingerprints: Vec<&str> = issues
        .iter()
        .map(|issue| issue["fingerprint"].as_str().unwrap())
        .collect();
    fingerprints.sort();
    fingerprints.dedup();
    assert_eq!(fingerprints.len(), issues.len(), "fingerprints are unique");
}

#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = std::process::Command::new(assert_cmd::cargo::cargo_bin("pfacts"))
        .arg("rules")
        .stdout(writer)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.is_empty(), "no panic message: {stderr}");
}

#[test]
fn text_has_no_colour_off_a_terminal() {
    let run = pfacts(&["check", "corpus/private"]);
    assert!(run.stdout.contains("error[private-access]"));
    assert!(!run.stdout.contains('\u{1b}'), "no escape codes in a pipe");
}

#[test]
fn configuration_errors_name_file_line_and_key() {
    let cases = [
        (
            "fail-on = \"error\"\nrulez = {}\n",
            "pfacts.toml:2:1",
            "rulez",
        ),
        (
            "[rules]\nunknown-class = \"loud\"\n",
            "pfacts.toml:2:",
            "unknown-class",
        ),
        (
            "[rules]\nno-such-rule = \"off\"\n",
            "pfacts.toml:2:1",
            "no-such-rule",
        ),
        ("fail-on = \"never\"\n", "pfacts.toml:1:", "fail-on"),
        ("[known]\nfacts = \"role\"\n", "pfacts.toml:2:", "facts"),
        ("ignore = [\n", "pfacts.toml:", "error"),
    ];
    for (text, place, key) in cases {
        let dir = copy_of("example");
        fs::write(dir.path().join("pfacts.toml"), text).unwrap();
        let run = pfacts_in(dir.path(), &["check", "."]);
        assert_eq!(run.status, 2, "{text}: {}", run.stderr);
        assert!(run.stderr.contains(place), "{text}: {}", run.stderr);
        assert!(run.stderr.contains(key), "{text}: {}", run.stderr);
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn configuration_tunes_the_run() {
    let dir = copy_of("suppressions");
    let root = dir.path();
    let count = |run: &Run, rule: &str| {
        findings(&run.stdout)
            .iter()
            .filter(|(found, _, _)| found == rule)
            .count()
    };
    let before = pfacts_in(root, &["check", "--format", "json"]);
    assert_eq!(before.status, 1);
    assert_eq!(count(&before, "unknown-class"), 4);

    fs::write(
        root.join("pfacts.toml"),
        "[rules]\nbad-suppression = \"off\"\nunknown-class = \"warning\"\n",
    )
    .unwrap();
    let tuned = pfacts_in(root, &["check", "--format", "json"]);
    assert_eq!(count(&tuned, "bad-suppression"), 0);
    let values: Vec<Value> = serde_json::from_str(&tuned.stdout).unwrap();
    assert!(values
        .iter()
        .filter(|value| value["rule"] == "unknown-class")
        .all(|value| value["severity"] == "warning"));
    assert_eq!(tuned.status, 0, "warnings pass by default");
    let strict = pfacts_in(root, &["check", "--fail-on", "warning"]);
    assert_eq!(strict.status, 1);

    let config = pfacts_in(root, &["config"]);
    assert_eq!(config.status, 0);
    assert!(
        config
            .stdout
            .lines()
            .any(|line| line.starts_with("unknown-class = \"warning\"  # ")
                && line.ends_with("pfacts.toml:3")),
        "{}",
        config.stdout
    );
    assert!(config
        .stdout
        .contains("unknown-function = \"error\"  # default"));

    fs::create_dir_all(root.join("vendor")).unwrap();
    fs::write(root.join("vendor/x.pp"), "include vendored::missing\n").unwrap();
    fs::write(
        root.join("manifests/extra.pp"),
        "mycorp::secret('x')\nmycorp_service { 'a': }\nnotice($role)\n",
    )
    .unwrap();
    let unfiltered = pfacts_in(root, &["check", "--format", "json"]);
    assert_eq!(
        count(&unfiltered, "unknown-class"),
        5,
        "{}",
        unfiltered.stdout
    );
    assert_eq!(count(&unfiltered, "unknown-function"), 1);
    assert_eq!(count(&unfiltered, "unknown-resource-type"), 1);
    assert_eq!(
        count(&unfiltered, "unknown-fact"),
        1,
        "$role is no known fact"
    );
    fs::write(
        root.join("pfacts.toml"),
        "ignore = [\"vendor/\"]\nmodulepath = [\"site\"]\n[known]\nfacts = [\"role\"]\nfunctions = [\"mycorp::secret\"]\ntypes = [\"mycorp_service\"]\n",
    )
    .unwrap();
    let configured = pfacts_in(root, &["check", "--format", "json"]);
    assert_eq!(count(&configured, "unknown-class"), 4, "vendor/ is ignored");
    assert_eq!(count(&configured, "unknown-function"), 0);
    assert_eq!(count(&configured, "unknown-resource-type"), 0);
    assert_eq!(count(&configured, "unknown-fact"), 0);

    // A file right in a module's directory belongs to the module only
    // when the modulepath says that directory holds modules.
    fs::create_dir_all(root.join("site/mymod")).unwrap();
    fs::write(root.join("site/mymod/loose.pp"), "notice('x')\n").unwrap();
    let module_of_loose = |args: &[&str]| {
        let out = tempfile::tempdir().unwrap();
        let mut all = vec!["extract", ".", "-o", out.path().to_str().unwrap()];
        all.extend_from_slice(args);
        assert_eq!(pfacts_in(root, &all).status, 0);
        let files = fs::read_to_string(out.path().join("file.csv")).unwrap();
        files
            .lines()
            .find(|line| line.contains("loose.pp"))
            .unwrap()
            .split(',')
            .nth(2)
            .unwrap()
            .to_string()
    };
    assert_eq!(module_of_loose(&[]), "mymod");
    fs::write(root.join("pfacts.toml"), "").unwrap();
    assert_eq!(module_of_loose(&[]), "");
}

#[test]
fn modulepath_entries_pfacts_cannot_read_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let environment = dir.path().join("environment");
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/modulepath"),
        &environment,
    );
    // Installed beside the environment, outside what pfacts is given.
    fs::create_dir_all(dir.path().join("installed/ntp/manifests")).unwrap();
    fs::write(
        dir.path().join("installed/ntp/manifests/init.pp"),
        "class ntp { }\n",
    )
    .unwrap();
    fs::write(
        environment.join("environment.conf"),
        "modulepath = site:../installed:modules:$basemodulepath\n",
    )
    .unwrap();
    fs::write(
        environment.join("pfacts.toml"),
        "modulepath = [\"site\", \"vendor\"]\n",
    )
    .unwrap();
    let run = pfacts_in(&environment, &["check", ".", "--format", "json"]);
    let values: Vec<Value> = serde_json::from_str(&run.stdout).unwrap();
    let mut unread: Vec<(String, u64, u64, String)> = values
        .iter()
        .filter(|value| value["rule"] == "unread-modulepath")
        .map(|value| {
            (
                value["file"].as_str().unwrap().to_string(),
                value["line"].as_u64().unwrap(),
                value["col"].as_u64().unwrap(),
                value["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    unread.sort();
    let explains = "its modules might define the unknown classes `ntp`, `secrets`";
    assert_eq!(
        unread,
        [
            (
                "./environment.conf".to_string(),
                1,
                19,
                format!("modulepath entry `../installed` is outside the analyzed paths: pfacts reads none of its modules; {explains}")
            ),
            (
                "./environment.conf".to_string(),
                1,
                32,
                format!("modulepath entry `modules` does not exist here: pfacts reads none of its modules; {explains}")
            ),
            (
                "pfacts.toml".to_string(),
                1,
                1,
                format!("modulepath entry `vendor` does not exist here: pfacts reads none of its modules; {explains}")
            ),
        ],
        "{}",
        run.stdout
    );
    // Given the installed modules too, ntp is known and the entry read.
    let both = pfacts_in(
        &environment,
        &["check", ".", "../installed", "--format", "json"],
    );
    let values: Vec<Value> = serde_json::from_str(&both.stdout).unwrap();
    let messages: Vec<&str> = values
        .iter()
        .filter(|value| value["rule"] == "unread-modulepath")
        .map(|value| value["message"].as_str().unwrap())
        .collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages
        .iter()
        .all(|message| message.ends_with("unknown class `secrets`")));

    // A class that lives where pfacts cannot see, declared known: neither
    // it nor the reads of its variables are findings.
    fs::write(
        environment.join("pfacts.toml"),
        "modulepath = [\"site\"]\n[known]\nclasses = [\"secrets\"]\n",
    )
    .unwrap();
    let known = pfacts_in(
        &environment,
        &["check", ".", "../installed", "--format", "json"],
    );
    let values: Vec<Value> = serde_json::from_str(&known.stdout).unwrap();
    let about_secrets: Vec<&Value> = values
        .iter()
        .filter(|value| value["message"].as_str().unwrap().contains("secrets"))
        .collect();
    assert!(about_secrets.is_empty(), "{about_secrets:#?}");
    assert!(
        values
            .iter()
            .any(|value| value["message"] == "`$web_port` is not visible here"),
        "{}",
        known.stdout
    );
}

#[test]
fn each_suppression_error_is_reported() {
    let run = pfacts(&["check", "corpus/suppressions", "--format", "json"]);
    assert_eq!(run.status, 1);
    let expected = [
        ("unknown-class", 21, 9),       // silenced for another rule only
        ("unused-suppression", 21, 24), // ... which finds nothing there
        ("bad-suppression", 24, 23),    // no reason
        ("unknown-class", 25, 9),       // a misspelt rule silences nothing
        ("bad-suppression", 25, 25),    // the misspelt rule
        ("unused-suppression", 28, 17), // nothing to silence
        ("bad-suppression", 31, 1),     // an end without a start
        ("bad-suppression", 34, 1),     // a start never closed
        ("unknown-class", 35, 9),       // ... silences nothing
        ("unknown-class", 38, 11),      // not covered
        ("unused-suppression", 40, 3),  // no statement follows
    ];
    let expected: Vec<(String, u64, u64)> = expected
        .iter()
        .map(|(rule, line, col)| (rule.to_string(), *line, *col))
        .collect();
    assert_eq!(findings(&run.stdout), expected);

    let shown = pfacts(&[
        "check",
        "corpus/suppressions",
        "--format",
        "json",
        "--show-suppressed",
    ]);
    let values: Vec<Value> = serde_json::from_str(&shown.stdout).unwrap();
    let silenced: Vec<(u64, u64, &str)> = values
        .iter()
        .filter(|value| !value["suppressed"].is_null())
        .map(|value| {
            (
                value["line"].as_u64().unwrap(),
                value["suppressed"]["line"].as_u64().unwrap(),
                value["suppressed"]["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        silenced,
        [
            (5, 5, "vendored in another repository"),
            (10, 8, "legacy profile, removed with the old roles"),
            (11, 8, "legacy profile, removed with the old roles"),
            (16, 15, "old roles, kept until the migration ends"),
            (17, 15, "old roles, kept until the migration ends"),
            (24, 24, ""),
        ]
    );
}

#[test]
fn baseline_survives_inserted_lines_and_reindenting() {
    let dir = copy_of("private");
    let root = dir.path();
    let written = pfacts_in(root, &["check", "--write-baseline", "baseline.json"]);
    assert_eq!(written.status, 0, "recorded findings are accepted");
    assert!(written.stdout.is_empty(), "{}", written.stdout);
    assert!(written
        .stderr
        .contains("findings recorded in baseline.json"));
    let baseline: Value =
        serde_json::from_str(&fs::read_to_string(root.join("baseline.json")).unwrap()).unwrap();
    let entries = baseline["findings"].as_array().unwrap();
    assert_eq!(
        entries.len(),
        findings(&pfacts_in(root, &["check", "--format", "json"]).stdout).len()
    );
    let keys: Vec<[&str; 4]> = entries
        .iter()
        .map(|entry| {
            ["file", "rule", "message", "fingerprint"].map(|key| entry[key].as_str().unwrap())
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "sorted for review");

    let clean = pfacts_in(root, &["check", "--baseline", "baseline.json"]);
    assert_eq!(clean.status, 0, "{}", clean.stdout);
    assert!(clean.stdout.is_empty());

    // Lines above the findings, and the whole file re-indented.
    let init = root.join("modules/app/manifests/init.pp");
    let text = fs::read_to_string(&init).unwrap();
    let edited: String = text.lines().map(|line| format!("    {line}\n")).collect();
    fs::write(&init, format!("# a new header\n\n# more\n{edited}")).unwrap();
    let site = root.join("manifests/site.pp");
    let site_text = fs::read_to_string(&site).unwrap();
    fs::write(&site, format!("\n\n\n{site_text}")).unwrap();
    let moved = pfacts_in(
        root,
        &["check", "--baseline", "baseline.json", "--format", "json"],
    );
    assert_eq!(moved.status, 0, "{}{}", moved.stdout, moved.stderr);
    assert_eq!(findings(&moved.stdout), []);

    // A new finding fails the run, alone; a fixed one is listed as gone.
    let fixed_site = fs::read_to_string(&site)
        .unwrap()
        .replace("include vault::internal", "include nowhere::defined");
    fs::write(&site, fixed_site).unwrap();
    let new = pfacts_in(
        root,
        &["check", "--baseline", "baseline.json", "--format", "json"],
    );
    assert_eq!(new.status, 1);
    let reported = findings(&new.stdout);
    assert_eq!(reported.len(), 1, "{}", new.stdout);
    assert_eq!(reported[0].0, "unknown-class");
    assert!(
        new.stderr.contains("1 baseline entries no longer occur"),
        "{}",
        new.stderr
    );
    assert!(new.stderr.contains("vault::internal"), "{}", new.stderr);
}

#[test]
fn rule_docs_are_generated() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
    let listed = pfacts(&["rules"]).stdout;
    let ids: Vec<&str> = listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    for id in &ids {
        let explained = pfacts(&["rules", "--explain", id]);
        assert_eq!(explained.status, 0);
        assert!(explained.stdout.starts_with(&format!("# {id}\n")));
        let written = fs::read_to_string(docs.join(format!("{id}.md")))
            .unwrap_or_else(|_| panic!("docs/rules/{id}.md is missing: run scripts/rule-docs.sh"));
        assert_eq!(
            written, explained.stdout,
            "docs/rules/{id}.md is stale: run scripts/rule-docs.sh"
        );
    }
    let files = fs::read_dir(&docs).unwrap().count();
    assert_eq!(
        files,
        ids.len(),
        "docs/rules/ holds a page per rule and nothing else"
    );
    assert_eq!(pfacts(&["rules", "--explain", "no-such-rule"]).status, 2);
}
