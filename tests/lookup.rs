//! `pfacts lookup` against `puppet lookup` (Puppet 7, recorded by
//! scripts/lookup-with-puppet.sh through scripts/ask-puppet.sh): for every
//! request of corpus/hiera/lookup-requests*.txt (and of the environment
//! corpus/hiera-locations, whose levels are globs, mapped paths and a
//! module's default hierarchy), the value printed as
//! YAML and the exit status, and the whole `--explain` text, line for
//! line, with the environment's directory written `<environment>` (and
//! the global layer's `<global>`) as in the recording.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A request's file name, as the recording script makes it.
fn file_name(request: &str) -> String {
    request.replace([':', ' '], "_")
}

/// What `pfacts lookup` prints for `request` (its value, or with
/// `--explain` its explanation), `exit N` added for a status N that is
/// not 0, with the directories written as the recording writes them.
fn pfacts_lookup(environment: &str, request: &str, explain: bool, global: Option<&Path>) -> String {
    let facts = format!("{environment}/lookup-facts.yaml");
    let mut command = Command::cargo_bin("pfacts").unwrap();
    command.arg("lookup").args(request.split(' ')).args([
        environment,
        "--node",
        "node.example.com",
        "--facts",
        &facts,
    ]);
    let environment = std::path::absolute(environment).unwrap();
    if explain {
        command.arg("--explain");
    }
    if let Some(global) = global {
        command.arg("--hiera-config").arg(global);
    }
    let output = command.output().unwrap();
    let mut printed = String::from_utf8(output.stdout).unwrap();
    let status = output.status.code().unwrap();
    if status != 0 {
        printed.push_str(&format!("exit {status}\n"));
    }
    // The global layer's directory first: it may be inside the environment's.
    if let Some(global) = global {
        let dir = std::path::absolute(global.parent().unwrap()).unwrap();
        printed = printed.replace(&dir.display().to_string(), "<global>");
    }
    printed.replace(&environment.display().to_string(), "<environment>")
}

/// Compares every request of `requests` to the environment `environment`
/// with Puppet's recordings in `recorded`; returns how many explanations
/// were compared.
fn compare(environment: &str, requests: &str, recorded: &str, global: Option<&Path>) -> usize {
    let requests = std::fs::read_to_string(requests).unwrap();
    let requests: Vec<&str> = requests
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    assert!(!requests.is_empty());
    let mut explained = 0;
    for request in requests {
        let recorded = |extension: &str| {
            PathBuf::from(recorded).join(format!("{}.{extension}", file_name(request)))
        };
        let value = std::fs::read_to_string(recorded("yaml"))
            .unwrap_or_else(|e| panic!("{}: {e}", recorded("yaml").display()));
        assert_eq!(
            pfacts_lookup(environment, request, false, global),
            value,
            "value of {request}"
        );
        // Puppet's explanation is not kept where it prints an object's
        // address (scripts/lookup-with-puppet.sh).
        if let Ok(explanation) = std::fs::read_to_string(recorded("explain")) {
            assert_eq!(
                pfacts_lookup(environment, request, true, global),
                explanation,
                "explanation of {request}"
            );
            explained += 1;
        }
    }
    explained
}

#[test]
fn lookups_give_puppets_values_and_explanations() {
    let explained = compare(
        "corpus/hiera",
        "corpus/hiera/lookup-requests.txt",
        "corpus/hiera/expected/lookup",
        None,
    );
    assert_eq!(explained, 18);
}

#[test]
fn lookups_with_a_global_layer_give_puppets_values_and_explanations() {
    let explained = compare(
        "corpus/hiera",
        "corpus/hiera/lookup-requests-global.txt",
        "corpus/hiera/expected/lookup-global",
        Some(Path::new("corpus/hiera/global/hiera.yaml")),
    );
    assert_eq!(explained, 4);
}

#[test]
fn globs_mapped_paths_and_default_hierarchies_give_puppets_values_and_explanations() {
    let explained = compare(
        "corpus/hiera-locations",
        "corpus/hiera-locations/lookup-requests.txt",
        "corpus/hiera-locations/expected/lookup",
        None,
    );
    assert_eq!(explained, 20);
}

/// A deep merge's knockout prefix: the value is Puppet's; so is the
/// explanation, but that Puppet shows the higher level's array as its
/// merge left it (without `xxb`, taken out in place), where pfacts shows
/// it as the data has it.
#[test]
fn knockout_prefixes_give_puppets_values() {
    let environment = "corpus/hiera-locations";
    let recorded = Path::new(environment).join("expected/lookup-knockout");
    let request = "profile::ko_list --merge deep --knock-out-prefix xx --sort-merged-arrays";
    let read = |extension: &str| {
        std::fs::read_to_string(recorded.join(format!("{}.{extension}", file_name(request))))
            .unwrap()
    };
    assert_eq!(
        pfacts_lookup(environment, request, false, None),
        read("yaml")
    );
    let ours = pfacts_lookup(environment, request, true, None);
    let shown_as_data = ours.lines().filter(|line| line.contains("\"xxb\"")).count();
    assert_eq!(shown_as_data, 2, "{ours}");
    let without: Vec<&str> = ours
        .lines()
        .filter(|line| !line.contains("\"xxb\""))
        .collect();
    assert_eq!(without.join("\n") + "\n", read("explain"));
}

/// Puppet decrypts an eyaml value with the level's keys; pfacts marks it
/// instead, and explains the same search: every line of Puppet's
/// explanation, but that the decrypted text is the mark.
#[test]
fn encrypted_eyaml_values_are_marked_where_puppet_decrypts_them() {
    let environment = "corpus/hiera-locations";
    let recorded = Path::new(environment).join("expected/lookup-encrypted");
    let decrypted = "\"the secret\"";
    let mark = "<<the encrypted value of";
    for request in ["profile::password", "profile::mixed"] {
        let puppet =
            std::fs::read_to_string(recorded.join(format!("{}.yaml", file_name(request)))).unwrap();
        assert!(puppet.contains("the secret"), "{puppet}");
        let value = pfacts_lookup(environment, request, false, None);
        assert!(!value.contains("exit"), "{value}");
        assert!(value.contains("pfacts does not decrypt eyaml"), "{value}");
        assert!(!value.contains("the secret"), "{value}");

        let puppet =
            std::fs::read_to_string(recorded.join(format!("{}.explain", file_name(request))))
                .unwrap();
        let pfacts = pfacts_lookup(environment, request, true, None);
        assert_eq!(pfacts.lines().count(), puppet.lines().count(), "{pfacts}");
        let mut marked = 0;
        for (ours, theirs) in pfacts.lines().zip(puppet.lines()) {
            match theirs.split_once(decrypted) {
                Some((before, after)) => {
                    assert!(ours.starts_with(&format!("{before}{mark}")), "{ours}");
                    assert!(ours.ends_with(&format!(">>{after}")), "{ours}");
                    marked += 1;
                }
                None => assert_eq!(ours, theirs),
            }
        }
        assert_eq!(marked, 1, "{request}");
    }
}

#[test]
fn lookup_refuses_what_is_not_an_environment() {
    let output = Command::cargo_bin("pfacts")
        .unwrap()
        .args(["lookup", "x", "corpus/hiera/no-such-dir"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(message.contains("corpus/hiera/no-such-dir"), "{message}");
}
