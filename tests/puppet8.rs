//! The move to Puppet 8 (`pfacts check --puppet 8`), on corpus/puppet8:
//! each node reads legacy facts one way (or, `keys`, writes a hash key
//! twice; `clean`, only look-alikes), and Puppet 7 compiled each twice, with its own defaults and with
//! Puppet 8's (`--strict_variables --strict=error`, no legacy facts:
//! `scripts/catalog-with-puppet.rb --puppet8-defaults`).
//!
//! - `legacy_facts_are_found_where_written`: every read of a legacy fact,
//!   in manifests, ERB and EPP templates and Hiera's files, and nothing
//!   else (the expectations are written by hand in this file).
//! - `duplicate_keys_warn_and_fail_under_puppet_8`: a warning by default,
//!   as Puppet 7 gives it; an error at Puppet's place with `--puppet 8`.
//! - `puppet_8_changes_what_the_findings_name`: a node whose code has a
//!   finding compiles differently under Puppet 8 (an error, or another
//!   catalog), Puppet 8's error stands at a finding, and the node without
//!   findings compiles alike.
//! - `catalogs_are_puppets_under_both_defaults`: `pfacts catalog` gives
//!   each node Puppet 7's catalog, and with `--puppet 8` Puppet 8's (or
//!   its error, at its place); `--diff-puppet 8` differs exactly where
//!   Puppet's two compilations do.
//! - `configuration_puppet_8_refuses_is_found_and_compiled_as_puppet_does`:
//!   on corpus/strict-config, a Hiera 3 configuration at an environment's
//!   root, module data that is a list and a module's unparsable
//!   `metadata.json` (its classes, and its Ruby functions, are gone under
//!   Puppet 8): each a warning by default and an error with
//!   `--puppet 8`, at its place; `pfacts catalog` warns as Puppet 7 did
//!   and fails (or leaves the module out) as Puppet 8 did.
//! - `string_arithmetic_is_found_where_puppet_coerces_it`: the literal
//!   strings Puppet coerced or refused in arithmetic, at its places.
//! - `string_arithmetic_findings_agree_with_puppets_own_tests`: on the
//!   evaluator conformance suite, each finding of those rules is a place
//!   where Puppet 7 warned of a coercion or refused a string.
//! - `strict_evaluation_warns_under_7_and_fails_under_8`: arithmetic on
//!   strings and an override of an evaluated define instance: `pfacts
//!   catalog` gives Puppet 7's warnings, and fails where Puppet 8 did.
//! - `only_puppet_8_turns_the_rule_on`: by default, with `--puppet 7`,
//!   with `--puppet 8` and with `puppet = 8` in `pfacts.toml`; an unknown
//!   version is a usage error.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

mod copies;
mod corpora;

const FIXTURE: &str = "corpus/puppet8";

fn pfacts(args: &[&str]) -> (i32, String, String) {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The `legacy-fact` findings of `check` with `args`, as (file below the
/// fixture, line, column, message).
fn legacy_findings(args: &[&str]) -> Vec<(String, u64, u64, String)> {
    findings(args, &["legacy-fact"], "error")
}

/// The findings of `rules` with `severity` that `check` with `args`
/// reports, as (file below the fixture, line, column, message).
fn findings(args: &[&str], rules: &[&str], severity: &str) -> Vec<(String, u64, u64, String)> {
    let mut all = vec!["check", "--format", "json", "--exit-zero"];
    all.extend(args);
    let (_, stdout, stderr) = pfacts(&all);
    let findings: Vec<Value> = serde_json::from_str(&stdout).unwrap_or_else(|_| panic!("{stderr}"));
    findings
        .iter()
        .filter(|finding| {
            rules.contains(&finding["rule"].as_str().unwrap()) && finding["severity"] == severity
        })
        .map(|finding| {
            let file = finding["file"].as_str().unwrap();
            (
                file.trim_start_matches(&format!("{FIXTURE}/")).to_string(),
                finding["line"].as_u64().unwrap(),
                finding["col"].as_u64().unwrap(),
                finding["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn legacy_facts_are_found_where_written() {
    let found = legacy_findings(&["--puppet", "8", FIXTURE]);
    // (file, line, column, what is read, its replacement).
    let expected: &[(&str, u64, u64, &str, &str)] = &[
        (
            "data/common.yaml",
            3,
            30,
            "operatingsystemmajrelease",
            "%{facts.os.release.major}",
        ),
        (
            "data/common.yaml",
            4,
            29,
            "processorcount",
            "%{facts.processors.count}",
        ),
        ("hiera.yaml", 8, 15, "osfamily", "%{facts.os.family}"),
        (
            "modules/legacy/manifests/function.pp",
            3,
            26,
            "memorysize_mb",
            "$facts['memory']['system']['total_bytes']",
        ),
        (
            "modules/legacy/manifests/hash.pp",
            2,
            6,
            "osfamily",
            "$facts['os']['family']",
        ),
        (
            "modules/legacy/manifests/hash.pp",
            6,
            24,
            "processorcount",
            "$facts['processors']['count']",
        ),
        (
            "modules/legacy/manifests/hash.pp",
            6,
            57,
            "ipaddress_eth0",
            "$facts['networking']['interfaces']['eth0']['ip']",
        ),
        (
            "modules/legacy/manifests/plain.pp",
            3,
            26,
            "operatingsystem",
            "$facts['os']['name']",
        ),
        (
            "modules/legacy/manifests/top.pp",
            3,
            26,
            "osfamily",
            "$facts['os']['family']",
        ),
        (
            "modules/legacy/templates/legacy.epp",
            1,
            12,
            "osfamily",
            "$facts['os']['family']",
        ),
        (
            "modules/legacy/templates/legacy.epp",
            2,
            10,
            "operatingsystem",
            "$facts['os']['name']",
        ),
        (
            "modules/legacy/templates/legacy.erb",
            1,
            12,
            "osfamily",
            "@facts['os']['family']",
        ),
        (
            "modules/legacy/templates/legacy.erb",
            2,
            12,
            "operatingsystem",
            "@facts['os']['name']",
        ),
        (
            "modules/legacy/templates/legacy.erb",
            3,
            9,
            "operatingsystemmajrelease",
            "@facts['os']['release']['major']",
        ),
        (
            "modules/legacy/templates/legacy.erb",
            4,
            10,
            "processorcount",
            "@facts['processors']['count']",
        ),
        (
            "modules/legacy/templates/legacy.erb",
            5,
            10,
            "hostname",
            "@facts['networking']['hostname']",
        ),
    ];
    assert_eq!(
        found.len(),
        expected.len(),
        "{:#?}",
        found
            .iter()
            .map(|(file, line, col, _)| (file, line, col))
            .collect::<Vec<_>>()
    );
    for ((file, line, col, message), (want_file, want_line, want_col, name, replacement)) in
        found.iter().zip(expected)
    {
        assert_eq!(
            (file.as_str(), *line, *col),
            (*want_file, *want_line, *want_col)
        );
        assert!(
            message.contains(&format!("legacy fact `{name}`"))
                && message.contains(&format!("use `{replacement}`")),
            "{file}:{line}: {message}"
        );
    }
    // Facter gives memorysize_mb in MiB, memory.system.total_bytes in bytes.
    assert!(found[3]
        .3
        .contains("in bytes, where the legacy fact is in MiB"));
}

/// Puppet's recorded compilation of `node` under Puppet `version`'s
/// defaults: its catalog or error, without the warnings (which only
/// Puppet 7's defaults record).
fn compiled(node: &str, version: u8) -> Value {
    let path = Path::new(FIXTURE).join(format!("expected/{node}-puppet{version}.json"));
    let mut compiled: Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    compiled.as_object_mut().unwrap().remove("warnings");
    compiled
}

#[test]
fn duplicate_keys_warn_and_fail_under_puppet_8() {
    let key = |severity| findings(&[FIXTURE], &["duplicate-key"], severity);
    let at = |found: Vec<(String, u64, u64, String)>| -> Vec<(String, u64, u64)> {
        found
            .into_iter()
            .map(|(file, line, col, _)| (file, line, col))
            .collect()
    };
    let place = vec![("modules/strict/manifests/keys.pp".to_string(), 7, 13)];
    assert_eq!(at(key("warning")), place);
    assert!(key("error").is_empty());
    let strict = findings(&["--puppet", "8", FIXTURE], &["duplicate-key"], "error");
    assert_eq!(
        strict[0].3,
        "The key 'http' is declared more than once (DUPLICATE_KEY)"
    );
    assert_eq!(at(strict), place);
    // Puppet 7 warned and kept the last value, Puppet 8 refused at that place.
    let (puppet7, puppet8) = (compiled("keys", 7), compiled("keys", 8));
    assert!(puppet7.to_string().contains("http 8080"), "{puppet7}");
    let error = puppet8["error"].as_str().unwrap();
    assert!(error.contains("The key 'http' is declared more than once (file: modules/strict/manifests/keys.pp, line: 7, column: 13)"), "{error}");
}

#[test]
fn puppet_8_changes_what_the_findings_name() {
    let found = findings(
        &["--puppet", "8", FIXTURE],
        &["legacy-fact", "duplicate-key"],
        "error",
    );
    // Each node, and the files of its code: its class, the templates and
    // Hiera files it reads.
    let nodes: &[(&str, &[&str])] = &[
        ("top", &["modules/legacy/manifests/top.pp"]),
        ("plain", &["modules/legacy/manifests/plain.pp"]),
        ("hash", &["modules/legacy/manifests/hash.pp"]),
        ("function", &["modules/legacy/manifests/function.pp"]),
        (
            "erb",
            &[
                "modules/legacy/manifests/erb.pp",
                "modules/legacy/templates/legacy.erb",
            ],
        ),
        (
            "epp",
            &[
                "modules/legacy/manifests/epp.pp",
                "modules/legacy/templates/legacy.epp",
            ],
        ),
        (
            "hiera",
            &[
                "modules/legacy/manifests/hiera.pp",
                "data/common.yaml",
                "hiera.yaml",
            ],
        ),
        (
            "level",
            &[
                "modules/legacy/manifests/level.pp",
                "data/os/Debian.yaml",
                "hiera.yaml",
            ],
        ),
        (
            "clean",
            &[
                "modules/modern/manifests/init.pp",
                "modules/modern/templates/local.erb",
            ],
        ),
    ];
    let location = regex::Regex::new(r"\(file: ([^,]+), line: (\d+), column: (\d+)\)").unwrap();
    for (node, files) in nodes {
        let has_findings = found
            .iter()
            .any(|(file, ..)| files.contains(&file.as_str()));
        let (puppet7, puppet8) = (compiled(node, 7), compiled(node, 8));
        assert!(puppet7.get("error").is_none(), "{node}: {puppet7}");
        assert_eq!(
            has_findings,
            puppet7 != puppet8,
            "{node}: findings {has_findings}, Puppet 8 differs {}",
            puppet7 != puppet8
        );
        // Where Puppet 8 stops in the node's own files, a finding stands.
        let Some(error) = puppet8["error"].as_str() else {
            continue;
        };
        let Some(at) = location.captures(error) else {
            continue;
        };
        if files.contains(&&at[1]) && !at[1].ends_with("erb.pp") {
            let (line, col): (u64, u64) = (at[2].parse().unwrap(), at[3].parse().unwrap());
            assert!(
                found
                    .iter()
                    .any(|(file, l, c, _)| file == &at[1] && *l == line && *c == col),
                "{node}: Puppet 8 stops at {}:{line}:{col}, where pfacts finds nothing: {error}",
                &at[1]
            );
        }
    }
}

#[test]
fn only_puppet_8_turns_the_rule_on() {
    assert!(legacy_findings(&[FIXTURE]).is_empty());
    assert!(legacy_findings(&["--puppet", "7", FIXTURE]).is_empty());
    assert_eq!(legacy_findings(&["--puppet", "8", FIXTURE]).len(), 16);

    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("pfacts.toml");
    std::fs::write(&config, "puppet = 8\n").unwrap();
    let configured = legacy_findings(&["--config", config.to_str().unwrap(), FIXTURE]);
    assert_eq!(configured.len(), 16);
    // The command line wins over the file.
    let overridden = legacy_findings(&[
        "--config",
        config.to_str().unwrap(),
        "--puppet",
        "7",
        FIXTURE,
    ]);
    assert!(overridden.is_empty(), "--puppet 7 overrides the file");

    let (status, _, stderr) = pfacts(&["check", "--puppet", "9", FIXTURE]);
    assert_eq!(status, 2);
    assert!(stderr.contains("7 or 8"), "{stderr}");
    std::fs::write(&config, "puppet = 6\n").unwrap();
    let (status, _, stderr) = pfacts(&["check", "--config", config.to_str().unwrap(), FIXTURE]);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("pfacts.toml:1:") && stderr.contains("7 or 8"),
        "{stderr}"
    );
}

/// What Ruby removed between Puppet 7's agent (Ruby 2.7) and Puppet 8's
/// (Ruby 3.2), in module `ruby3`'s fact, provider, function and utility:
/// Ruby 3.2's release notes list `Dir.exists?`, `File.exists?`,
/// `Kernel#taint`, `#untaint`, `#tainted?` under "Removed methods" and
/// `Fixnum`, `Bignum` under "Removed constants"; `URI.escape` is gone since
/// Ruby 3.0 (`ruby -ruri -e 'URI.escape("a")'` on Debian's Ruby 3.1:
/// "undefined method `escape' for URI:Module (NoMethodError)"). The same
/// names in comments, strings and a heredoc, `File.exist?`, the symbol
/// `:Fixnum` and `URI.encode_www_form` are no finding; a function's 3.2
/// removals are warnings (Puppet Server 8 runs functions on Ruby 3.1).
#[test]
fn ruby_that_ruby_3_removed_is_found() {
    let module = "modules/ruby3/lib";
    let found = |severity| -> Vec<(String, u64, u64, String)> {
        findings(&["--puppet", "8", FIXTURE], &["ruby-removed"], severity)
            .into_iter()
            .map(|(file, line, col, message)| {
                let api = message.split('`').nth(1).unwrap().to_string();
                (file.replace(&format!("{module}/"), ""), line, col, api)
            })
            .collect()
    };
    let entry = |file: &str, line, col, api: &str| (file.to_string(), line, col, api.to_string());
    assert_eq!(
        found("error"),
        [
            entry("facter/has_ovs.rb", 4, 5, "Dir.exists?"),
            entry("puppet/functions/ruby3/kind.rb", 5, 10, "URI.escape"),
            entry("puppet/provider/ruby3_file/posix.rb", 8, 5, "File.exists?"),
            entry("puppet/provider/ruby3_file/posix.rb", 17, 11, "taint"),
            entry("puppet/provider/ruby3_file/posix.rb", 17, 20, "tainted?"),
            entry("puppet_x/ruby3/util.rb", 4, 16, "Bignum"),
        ]
    );
    assert_eq!(
        found("warning"),
        [entry("puppet/functions/ruby3/kind.rb", 4, 10, "Fixnum")]
    );
    // A rule of the move: off for Puppet 7.
    assert!(findings(&[FIXTURE], &["ruby-removed"], "error").is_empty());
    // Turned on under Puppet 7, it reads the Ruby that defines no name
    // too (which a check without it skips).
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("pfacts.toml");
    std::fs::write(&config, "[rules]\nruby-removed = \"warning\"\n").unwrap();
    let configured = findings(
        &["--config", config.to_str().unwrap(), FIXTURE],
        &["ruby-removed"],
        "warning",
    );
    let files: std::collections::BTreeSet<&str> =
        configured.iter().map(|(file, ..)| file.as_str()).collect();
    assert_eq!(
        files.into_iter().collect::<Vec<_>>(),
        [
            "modules/ruby3/lib/facter/has_ovs.rb",
            "modules/ruby3/lib/puppet/functions/ruby3/kind.rb",
            "modules/ruby3/lib/puppet/provider/ruby3_file/posix.rb",
            "modules/ruby3/lib/puppet_x/ruby3/util.rb",
        ]
    );
    // The Ruby at hand (3.x) agrees on what 3.0 removed.
    if let Ok(output) = std::process::Command::new("ruby")
        .args(["-ruri", "-e", "URI.escape('a b')"])
        .output()
    {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("NoMethodError"), "{stderr}");
    }
}

/// The fixture's nodes.
const NODES: &[&str] = &[
    "top",
    "plain",
    "hash",
    "function",
    "erb",
    "epp",
    "hiera",
    "level",
    "keys",
    "coercion",
    "notnumeric",
    "notnumericvar",
    "notnumericstring",
    "override",
    "clean",
];

/// `pfacts catalog` of `node` with `args`, as Puppet's recordings write
/// it: success, stdout (resources' files relative to the fixture), stderr.
fn catalog(node: &str, modules: &Path, args: &[&str]) -> (i32, String, String) {
    let node = format!("{node}.example.com");
    let mut all = vec![
        "catalog",
        FIXTURE,
        "--node",
        &node,
        "--facts",
        "corpus/puppet8/facts.json",
        "--modulepath",
        modules.to_str().unwrap(),
    ];
    all.extend(args);
    let (status, stdout, stderr) = pfacts(&all);
    let stdout = corpora::as_recorded(&stdout).replace(&format!("{FIXTURE}/"), "");
    (status, stdout, corpora::as_recorded(&stderr))
}

#[test]
fn catalogs_are_puppets_under_both_defaults() {
    // `fact()` is stdlib's, from the Debian corpus, as Puppet compiled it.
    let Some(modules) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let location = regex::Regex::new(r"\(file: ([^,]+), line: (\d+), column: (\d+)\)").unwrap();
    for node in NODES {
        for (version, args) in [(7, &[][..]), (8, &["--puppet", "8"][..])] {
            let puppet = compiled(node, version);
            let (status, stdout, stderr) = catalog(node, &modules, args);
            if let Some(error) = puppet["error"].as_str() {
                assert_eq!(
                    status, 1,
                    "{node} under Puppet {version}: Puppet fails: {error}"
                );
                // Without a column, Puppet's places are lines of the
                // message: the node's own test reads them.
                if let Some(at) = location.captures(error) {
                    let place = format!("{FIXTURE}/{}:{}:{}: error:", &at[1], &at[2], &at[3]);
                    assert!(
                        stderr.contains(&place),
                        "{node} under Puppet {version}: Puppet fails at {place} {error}; pfacts: {stderr}"
                    );
                }
                continue;
            }
            assert_eq!(status, 0, "{node} under Puppet {version}: {stderr}");
            let ours: Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(ours, puppet, "{node} under Puppet {version}");
        }
        // The diff is empty exactly where Puppet compiled alike; there is
        // none where Puppet 7 fails: the failure is the output.
        let (status, stdout, stderr) = catalog(node, &modules, &["--diff-puppet", "8"]);
        if compiled(node, 7).get("error").is_some() {
            assert_eq!((status, stdout.as_str()), (1, ""), "{node}: {stderr}");
            assert!(stderr.contains(": error: "), "{node}: {stderr}");
            continue;
        }
        let alike = compiled(node, 7) == compiled(node, 8);
        assert_eq!(status == 0, alike, "{node}: {stdout}");
        assert_eq!(stdout.is_empty(), alike, "{node}: {stdout}");
    }
}

/// `numeric-coercion` finds the literal strings Puppet 7 coerced (with a
/// warning) in arithmetic, a warning by default and an error with
/// `--puppet 8`; `not-numeric` the one Puppet refused under both, at
/// Puppet's place; neither finds the look-alikes (array concatenation,
/// comparison).
#[test]
fn string_arithmetic_is_found_where_puppet_coerces_it() {
    let place = |found: Vec<(String, u64, u64, String)>| -> Vec<(String, u64, u64)> {
        found
            .into_iter()
            .map(|(file, line, col, _)| (file, line, col))
            .collect()
    };
    let coercion = "modules/strict/manifests/coercion.pp";
    // Lines 5 and 9 read a variable assigned a string; the look-alikes of
    // lines 16 and 17 hold numbers.
    let expected: Vec<(String, u64, u64)> = [(5, 11), (6, 14), (7, 16), (9, 34)]
        .into_iter()
        .map(|(line, col)| (coercion.to_string(), line, col))
        .collect();
    let found = |args: &[&str], severity| place(findings(args, &["numeric-coercion"], severity));
    assert_eq!(found(&[FIXTURE], "warning"), expected);
    assert!(found(&[FIXTURE], "error").is_empty());
    assert_eq!(found(&["--puppet", "8", FIXTURE], "error"), expected);
    let recorded = Path::new(FIXTURE).join("expected/coercion-puppet7.json");
    let puppet7: Value = serde_json::from_str(&std::fs::read_to_string(recorded).unwrap()).unwrap();
    let warnings = puppet7["warnings"].to_string();
    for (file, line, _) in &expected {
        assert!(warnings.contains(&format!("{file}:{line})")), "{warnings}");
    }
    let refused = [
        (
            "notnumeric",
            "modules/strict/manifests/not_numeric.pp",
            5,
            16,
        ),
        (
            "notnumericstring",
            "modules/strict/manifests/not_numeric_computed.pp",
            7,
            16,
        ),
        (
            "notnumericvar",
            "modules/strict/manifests/not_numeric_variable.pp",
            6,
            16,
        ),
    ];
    let expected: Vec<(String, u64, u64)> = refused
        .iter()
        .map(|&(_, file, line, col)| (file.to_string(), line, col))
        .collect();
    for args in [&[FIXTURE][..], &["--puppet", "8", FIXTURE]] {
        let found = place(findings(args, &["not-numeric"], "error"));
        assert_eq!(found, expected, "{args:?}");
    }
    for (node, file, line, col) in refused {
        for version in [7, 8] {
            let error = compiled(node, version)["error"].to_string();
            assert!(
                error.contains(&format!("(file: {file}, line: {line}, column: {col})")),
                "{error}"
            );
        }
    }
}

/// On Puppet's own evaluator tests (the conformance suite, which Puppet
/// 7.23 compiled and recorded), every `numeric-coercion` finding is on a
/// line where Puppet warned that it coerced a string, and every
/// `not-numeric` finding on the line where Puppet refused a string as no
/// number; most of Puppet's are found (the others index an array with a
/// string, or read an unknown variable in an interpolation). A snippet Puppet could not
/// parse is left out: `check` reports its syntax error.
#[test]
fn string_arithmetic_findings_agree_with_puppets_own_tests() {
    let Some(suite) = corpora::path("conformance/evaluator") else {
        return;
    };
    let table = |name: &str| -> HashMap<String, Vec<String>> {
        std::fs::read_to_string(suite.join(name))
            .unwrap()
            .lines()
            .skip(1)
            .map(|line| {
                let columns: Vec<String> = line.split('\t').map(String::from).collect();
                (columns[0].clone(), columns)
            })
            .collect()
    };
    // verdicts: file, verdict, line, col, message; details: warnings last.
    let (verdicts, details) = (table("verdicts.tsv"), table("details.tsv"));
    let (status, stdout, stderr) = pfacts(&[
        "check",
        "--exit-zero",
        "--format",
        "json",
        suite.join("snippets").to_str().unwrap(),
    ]);
    assert_eq!(status, 0, "{stderr}");
    let findings: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let snippet = regex::Regex::new(r"(snippets/\d+)[./]").unwrap();
    let mut agreeing = HashMap::new();
    for finding in &findings {
        let rule = finding["rule"].as_str().unwrap();
        if !["numeric-coercion", "not-numeric"].contains(&rule) {
            continue;
        }
        let file = finding["file"].as_str().unwrap();
        let key = format!("{}.pp", &snippet.captures(file).unwrap()[1]);
        let verdict = &verdicts[&key];
        if verdict[4].contains("Could not parse") {
            continue;
        }
        let line = finding["line"].as_u64().unwrap().to_string();
        let warned = details[&key].last().unwrap();
        let puppet_agrees = match rule {
            "numeric-coercion" => {
                (warned.contains("automatically coerced")
                    && warned.contains(&format!("line: {line})")))
                    || (verdict[4].contains("automatically coerced") && verdict[2] == line)
            }
            _ => verdict[4].contains("cannot be converted to Numeric") && verdict[2] == line,
        };
        assert!(
            puppet_agrees,
            "{rule} at {file}:{line}: Puppet: {verdict:?} {warned}"
        );
        agreeing
            .entry(rule)
            .or_insert_with(HashSet::new)
            .insert(key);
    }
    let puppets = |said: &dyn Fn(&str) -> bool| -> HashSet<String> {
        verdicts.keys().filter(|key| said(key)).cloned().collect()
    };
    let coerced = puppets(&|key| {
        details[key]
            .last()
            .unwrap()
            .contains("automatically coerced")
            || verdicts[key][4].contains("automatically coerced")
    });
    let refused = puppets(&|key| verdicts[key][4].contains("cannot be converted to Numeric"));
    let found = |rule, of: &HashSet<String>| {
        agreeing
            .get(rule)
            .map_or(0, |set: &HashSet<String>| set.intersection(of).count())
    };
    // Measured when the rules were written: 28 of 29 and 11 of 14.
    assert!(
        found("numeric-coercion", &coerced) >= 28,
        "{} of {}",
        found("numeric-coercion", &coerced),
        coerced.len()
    );
    assert!(
        found("not-numeric", &refused) >= 11,
        "{} of {}",
        found("not-numeric", &refused),
        refused.len()
    );
}

/// What Puppet 7 only warns about when it evaluates code, and Puppet 8
/// refuses: arithmetic on strings (NUMERIC_COERCION, a unary minus
/// included) and an override of a define instance whose body has run.
/// `pfacts catalog` warns as Puppet 7 did, each warning at its line, and
/// with `--puppet 8` fails at the first, as Puppet 8 did.
#[test]
fn strict_evaluation_warns_under_7_and_fails_under_8() {
    let Some(modules) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let warning = regex::Regex::new(r"^corpus/puppet8/([^:]+):(\d+):\d+: warning: (.*)$").unwrap();
    // Puppet writes the override's place into its message instead,
    // `(file: f, line: l)`, where pfacts gives it as for the others.
    let own_place = regex::Regex::new(r" \(file: ([^,]+), line: (\d+)\)$").unwrap();
    for (node, place) in [
        ("coercion", "modules/strict/manifests/coercion.pp:5:11"),
        ("override", "modules/strict/manifests/web/tls.pp:6:3"),
    ] {
        let path = Path::new(FIXTURE).join(format!("expected/{node}-puppet7.json"));
        let puppet7: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let (status, _, stderr) = catalog(node, &modules, &[]);
        assert_eq!(status, 0, "{node}: {stderr}");
        // Puppet writes `message (file:line)`.
        let ours: Vec<String> = stderr
            .lines()
            .filter_map(|line| warning.captures(line))
            .map(|at| format!("{} ({}:{})", &at[3], &at[1], &at[2]))
            .collect();
        assert!(!ours.is_empty(), "{node}: {stderr}");
        let puppets: Vec<String> = puppet7["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|warning| {
                own_place
                    .replace(warning.as_str().unwrap(), " ($1:$2)")
                    .into_owned()
            })
            .collect();
        assert_eq!(ours, puppets, "{node}");
        let (status, _, stderr) = catalog(node, &modules, &["--puppet", "8"]);
        assert_eq!(status, 1, "{node}: {stderr}");
        let first = stderr
            .lines()
            .find(|line| line.contains(": error: "))
            .unwrap();
        assert!(
            first.starts_with(&format!("{FIXTURE}/{place}: error: ")),
            "{node}: {first}"
        );
        let error = compiled(node, 8)["error"].as_str().unwrap().to_string();
        let (file, line) = place.rsplit_once(':').unwrap().0.split_once(':').unwrap();
        assert!(
            error.contains(&format!("(file: {file}, line: {line}")),
            "{error}"
        );
        let message = first.split(": error: ").nth(1).unwrap();
        assert!(
            error.contains(message),
            "{node}: Puppet: {error}; pfacts: {message}"
        );
    }
}

/// Puppet's location of a compile error, `(file: f, line: l, column: c)`,
/// as pfacts writes it (`f:l:c: error:`, the corpora's paths as Puppet's
/// recordings write them).
fn puppet_place(error: &str, environment: &str) -> Option<String> {
    let pattern = regex::Regex::new(r"\(file: ([^,]+), line: (\d+), column: (\d+)\)").unwrap();
    let at = pattern.captures(error)?;
    let file = if at[1].starts_with("../") {
        at[1].to_string()
    } else {
        format!("{environment}/{}", &at[1])
    };
    Some(format!("{file}:{}:{}: error:", &at[2], &at[3]))
}

#[test]
fn debian_environments_under_puppet_8_are_puppets() {
    let Some(modules) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let mut environments: Vec<String> = std::fs::read_dir("corpus/debian")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| path.display().to_string())
        .collect();
    environments.sort();
    assert!(environments.len() >= 20, "{environments:?}");
    let (mut refused, mut compiled_alike) = (0, 0);
    for environment in &environments {
        let path = format!("{environment}/expected/puppet8-catalog.json");
        let puppet: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let (status, stdout, stderr) = pfacts(&[
            "catalog",
            environment,
            "--facts",
            "corpus/debian-facts.json",
            "--modulepath",
            modules.to_str().unwrap(),
            "--puppet",
            "8",
        ]);
        let stderr = corpora::as_recorded(&stderr);
        match puppet["error"].as_str() {
            Some(error) => {
                assert_eq!(
                    status, 1,
                    "{environment}: Puppet 8 fails: {error}; pfacts: {stderr}"
                );
                let place = puppet_place(error, environment).unwrap();
                assert!(
                    stderr.contains(&place),
                    "{environment}: Puppet 8 fails at {place}: {error}; pfacts: {stderr}"
                );
                refused += 1;
            }
            None => {
                assert_eq!(
                    status, 0,
                    "{environment}: Puppet 8 compiles it; pfacts: {stderr}"
                );
                let ours: Value = serde_json::from_str(&stdout).unwrap();
                let count = |catalog: &Value| catalog["resources"].as_array().unwrap().len();
                assert_eq!(count(&ours), count(&puppet), "{environment}");
                compiled_alike += 1;
            }
        }
    }
    // Puppet 8 refuses most of these Puppet 7 environments; each where
    // and as Puppet says.
    assert_eq!((refused, compiled_alike), (22, 6));
}

#[test]
fn removed_stdlib_functions_are_unknown_to_stdlib_9() {
    let found = findings(
        &["--puppet", "8", "corpus/stdlib9"],
        &["removed-function"],
        "error",
    );
    let places: Vec<(String, u64, u64)> = found
        .iter()
        .map(|(file, line, col, _)| {
            (
                file.trim_start_matches("corpus/stdlib9/").to_string(),
                *line,
                *col,
            )
        })
        .collect();
    assert_eq!(
        places,
        [
            ("modules/app/manifests/init.pp".to_string(), 4, 3),
            ("modules/app/manifests/settings.pp".to_string(), 4, 6),
        ]
    );
    assert!(
        found[1].3.contains("`has_key()`") && found[1].3.contains("stdlib 8 said"),
        "{}",
        found[1].3
    );
    assert!(findings(&["corpus/stdlib9"], &["removed-function"], "error").is_empty());
    // Puppet compiles each node with stdlib 8 and stops at the finding with
    // stdlib 9; so does `pfacts catalog`.
    let location = regex::Regex::new(r"\(file: ([^,]+), line: (\d+), column: (\d+)\)").unwrap();
    let stdlib9 = corpora::path("corpus/forge-modules/modules");
    for ((file, line, col), node) in places.iter().zip(["validate", "has-key"]) {
        let recorded = |stdlib: u8| -> Value {
            let path = format!("corpus/stdlib9/expected/{node}-stdlib{stdlib}.json");
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
        };
        assert!(recorded(8).get("error").is_none(), "{node}");
        let error = recorded(9)["error"].as_str().unwrap().to_string();
        let at = location.captures(&error).unwrap();
        assert_eq!(
            (
                &at[1],
                at[2].parse::<u64>().unwrap(),
                at[3].parse::<u64>().unwrap()
            ),
            (file.as_str(), *line, *col)
        );
        let Some(modules) = &stdlib9 else {
            continue;
        };
        let (status, _, stderr) = pfacts(&[
            "catalog",
            "corpus/stdlib9",
            "--node",
            &format!("{node}.example.com"),
            "--modulepath",
            modules.to_str().unwrap(),
        ]);
        assert_eq!(status, 1, "{node}: {stderr}");
        assert!(
            stderr.contains(&format!(
                "corpus/stdlib9/{file}:{line}:{col}: error: Unknown function"
            )),
            "{node}: {stderr}"
        );
    }
}

/// What Puppet says of stdlib 9's deprecated shims, with stdlib 9.7
/// (`expected/*-stdlib9*.json`): under Puppet 7's defaults `to_json` warns
/// "This function is deprecated, please use stdlib::to_json instead." and
/// `validate_legacy` warns too; under Puppet 8's (strict=error)
/// `validate_legacy` fails the compilation. `stdlib::to_json` is no
/// finding; `type_of`, which stdlib 9.7 deprecated too, is one.
#[test]
fn deprecated_stdlib_functions_warn_or_fail_as_stdlib_9_does() {
    let args = ["--puppet", "8", "corpus/stdlib9"];
    let at = |found: Vec<(String, u64, u64, String)>| -> Vec<(String, u64, String)> {
        found
            .into_iter()
            .map(|(file, line, _, message)| {
                let file = file.trim_start_matches("corpus/stdlib9/modules/app/manifests/");
                (file.to_string(), line, message)
            })
            .collect()
    };
    let warnings = at(findings(&args, &["deprecated-function"], "warning"));
    let errors = at(findings(&args, &["deprecated-function"], "error"));
    let places = |found: &[(String, u64, String)]| -> Vec<(String, u64)> {
        found
            .iter()
            .map(|(file, line, _)| (file.clone(), *line))
            .collect()
    };
    assert_eq!(
        places(&warnings),
        [("init.pp".to_string(), 5), ("serialized.pp".to_string(), 6)]
    );
    assert_eq!(places(&errors), [("checked.pp".to_string(), 5)]);
    assert!(findings(&["corpus/stdlib9"], &["deprecated-function"], "warning").is_empty());
    let recorded = |file: &str| -> Value {
        let path = format!("corpus/stdlib9/expected/{file}.json");
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    // Each finding quotes the warning Puppet gave, at that line.
    for (node, finding) in [("serialized", &warnings[1]), ("checked", &errors[0])] {
        let warning = recorded(&format!("{node}-stdlib9"))["warnings"][0]
            .as_str()
            .unwrap()
            .to_string();
        let quoted = finding
            .2
            .rsplit_once("says: \"")
            .unwrap()
            .1
            .trim_end_matches('"');
        assert!(
            warning.starts_with(quoted),
            "Puppet: {warning}; pfacts: {quoted}"
        );
        let place = format!("\"modules/app/manifests/{}\", {}]", finding.0, finding.1);
        assert!(warning.contains(&place), "{warning}");
    }
    let refused = recorded("checked-stdlib9-puppet8")["error"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        refused.contains("deprecation. validate_legacy.") && refused.contains("line: 5"),
        "{refused}"
    );
}

/// The nodes whose only change under Puppet 8 is a legacy fact that
/// `--fix` rewrites (`function` reads `memorysize_mb`, in other units, and
/// `keys` has a duplicate key: neither is rewritten).
const FIXED_NODES: &[&str] = &["top", "plain", "hash", "erb", "epp", "hiera", "level"];

/// Whether Puppet 7 is here to compile with (in CI it must be).
fn puppet_is_here() -> bool {
    let here = std::process::Command::new("ruby")
        .args(["-rpuppet", "-e", "exit 0"])
        .output()
        .is_ok_and(|output| output.status.success());
    assert!(
        here || std::env::var_os("CI").is_none(),
        "CI is set, but Puppet 7 (ruby -rpuppet) is not here"
    );
    here
}

#[test]
fn fix_rewrites_legacy_facts_and_puppet_compiles_the_same_catalogs() {
    let Some(modules) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let copy = copies::copy_of("puppet8");
    let fixed = copy.path().to_str().unwrap();
    let (status, _, stderr) = pfacts(&["check", "--puppet", "8", "--fix", fixed]);
    assert_eq!(status, 1, "{stderr}");
    assert!(
        stderr.contains("pfacts: fixed 15 findings in 7 files"),
        "{stderr}"
    );
    // What is left: the read in other units, not rewritten.
    let (_, stdout, _) = pfacts(&["check", "--puppet", "8", "--format", "json", fixed]);
    let left: Vec<Value> = serde_json::from_str(&stdout).unwrap();
    let left: Vec<&str> = left
        .iter()
        .filter(|finding| finding["rule"] == "legacy-fact")
        .map(|finding| finding["message"].as_str().unwrap())
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(left[0].starts_with("`fact('memorysize_mb')`"), "{left:?}");
    // Every manifest still parses.
    let (status, _, stderr) = pfacts(&["parse", fixed]);
    assert_eq!(status, 0, "{stderr}");
    // Puppet 7 compiles what Puppet 7 compiled before the fix; Puppet 8
    // now compiles the same catalog too: the silent changes are gone.
    let modules = modules.to_str().unwrap();
    let facts = "corpus/puppet8/facts.json";
    let puppet = puppet_is_here();
    for node in FIXED_NODES {
        let before = compiled(node, 7);
        let name = format!("{node}.example.com");
        for version in ["7", "8"] {
            let mut args = vec!["catalog", fixed, "--node", &name, "--facts", facts];
            args.extend(["--modulepath", modules]);
            if version == "8" {
                args.extend(["--puppet", "8"]);
            }
            let (status, stdout, stderr) = pfacts(&args);
            assert_eq!(status, 0, "{node} under {version}: {stderr}");
            let stdout = corpora::as_recorded(&stdout).replace(&format!("{fixed}/"), "");
            let ours: Value = serde_json::from_str(&stdout).unwrap();
            assert_eq!(
                ours, before,
                "pfacts, {node} under Puppet {version}'s defaults"
            );
            if !puppet {
                continue;
            }
            let defaults = format!("--puppet{version}-defaults");
            let output = std::process::Command::new("ruby")
                .args([
                    "scripts/catalog-with-puppet.rb",
                    &defaults,
                    fixed,
                    &name,
                    facts,
                    modules,
                ])
                .output()
                .unwrap();
            let mut theirs: Value = serde_json::from_slice(&output.stdout).unwrap();
            theirs.as_object_mut().unwrap().remove("warnings");
            assert_eq!(
                theirs, before,
                "Puppet, {node} under Puppet {version}'s defaults"
            );
        }
    }
}

#[test]
fn configuration_puppet_8_refuses_is_found_and_compiled_as_puppet_does() {
    // Each environment, its rule and place, and the words of Puppet 7's
    // warning and Puppet 8's error (`scripts/ask-puppet.sh` recorded both).
    let cases = [
        (
            "hiera3",
            "ignored-hiera-config",
            "hiera.yaml",
            1,
            "hiera.yaml version 3 found at the environment root was ignored",
            "hiera.yaml version 3 cannot be used in an environment",
        ),
        (
            "data-shape",
            "hiera-data-not-hash",
            "modules/web/data/common.yaml",
            3,
            "modules/web/data/common.yaml: file does not contain a valid yaml hash",
            "modules/web/data/common.yaml: file does not contain a valid yaml hash",
        ),
        (
            "metadata",
            "faulty-metadata",
            "modules/db/metadata.json",
            5,
            "db has an invalid and unparsable metadata.json file",
            "Could not find class ::db for node.example.com",
        ),
        (
            "metadata-function",
            "faulty-metadata",
            "modules/db/metadata.json",
            5,
            "db has an invalid and unparsable metadata.json file",
            "Unknown function: 'greet'",
        ),
    ];
    for (environment, rule, file, line, warned, refused) in cases {
        let dir = format!("corpus/strict-config/{environment}");
        let recorded = |puppet: u8| -> Value {
            let path = format!("{dir}/expected/puppet{puppet}.json");
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
        };
        let (puppet7, puppet8) = (recorded(7), recorded(8));
        assert!(puppet7["error"].is_null(), "{environment}: {puppet7}");
        assert!(
            puppet7["warnings"].to_string().contains(warned),
            "{environment}: {puppet7}"
        );
        assert!(
            puppet8["error"].as_str().unwrap().contains(refused),
            "{environment}: {puppet8}"
        );
        // `check`: a warning by default, an error under Puppet 8, at the
        // file's place, in Puppet 7's words.
        let place = (format!("{dir}/{file}"), line, 1);
        for (args, severity) in [(vec![], "warning"), (vec!["--puppet", "8"], "error")] {
            let mut args: Vec<&str> = args;
            args.push(&dir);
            let found = findings(&args, &[rule], severity);
            assert_eq!(found.len(), 1, "{environment} {severity}: {found:?}");
            let (found_file, found_line, found_col, message) = &found[0];
            assert_eq!(
                (found_file.clone(), *found_line, *found_col),
                place,
                "{environment}"
            );
            let words = warned
                .rsplit(": ")
                .next()
                .unwrap()
                .trim_start_matches("db ");
            assert!(message.contains(words), "{environment}: {message}");
        }
        // `catalog`: Puppet 7's catalog and warning; Puppet 8's error. The
        // module's Ruby function runs (`--ruby`) where Puppet 7 loads it.
        let compile = |args: &[&str]| {
            let mut all = vec![
                "catalog",
                "--ruby",
                &dir,
                "--node",
                "node.example.com",
                "--facts",
                "corpus/facts.json",
            ];
            all.extend(args);
            pfacts(&all)
        };
        let (status, stdout, stderr) = compile(&[]);
        assert_eq!(status, 0, "{environment}: {stderr}");
        let mut expected = puppet7.clone();
        expected.as_object_mut().unwrap().remove("warnings");
        let ours: Value = serde_json::from_str(&stdout.replace(&format!("{dir}/"), "")).unwrap();
        assert_eq!(ours, expected, "{environment}");
        let warning = warned.replace("modules/", &format!("{dir}/modules/"));
        assert!(stderr.contains(&warning), "{environment}: {stderr}");
        let (status, _, stderr) = compile(&["--puppet", "8"]);
        assert_eq!(status, 1, "{environment}: {stderr}");
        let error = refused.replace("modules/", &format!("{dir}/modules/"));
        assert!(
            stderr
                .lines()
                .any(|line| line.contains(": error: ") && line.contains(&error)),
            "{environment}: {stderr}"
        );
    }
}

#[test]
fn a_faulty_modules_resource_types_still_load_under_puppet_8() {
    // Puppet 8 leaves the module out of the environment's modules, but its
    // type autoloader reads the modulepath's directories: the catalog holds
    // the type's resource under both versions' defaults, as Puppet compiled
    // it (`scripts/ask-puppet.sh`).
    let dir = "corpus/strict-config/metadata-type";
    for (puppet, args) in [(7, vec![]), (8, vec!["--puppet", "8"])] {
        let path = format!("{dir}/expected/puppet{puppet}.json");
        let mut expected: Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert!(expected["error"].is_null(), "puppet {puppet}: {expected}");
        let types: Vec<&str> = expected["resources"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|resource| resource["type"].as_str())
            .collect();
        assert!(types.contains(&"Dbthing"), "puppet {puppet}: {types:?}");
        expected.as_object_mut().unwrap().remove("warnings");
        let mut all = vec![
            "catalog",
            dir,
            "--node",
            "node.example.com",
            "--facts",
            "corpus/facts.json",
        ];
        all.extend(args);
        let (status, stdout, stderr) = pfacts(&all);
        assert_eq!(status, 0, "puppet {puppet}: {stderr}");
        let ours: Value = serde_json::from_str(&stdout.replace(&format!("{dir}/"), "")).unwrap();
        assert_eq!(ours, expected, "puppet {puppet}");
    }
    // `check` still says what Puppet 8 drops of the module.
    let found = findings(&["--puppet", "8", dir], &["faulty-metadata"], "error");
    assert_eq!(found.len(), 1, "{found:?}");
}
