//! `pfacts catalog` on what a new user tries with 20 popular modules of the
//! Forge (the corpora's `corpus/forge-modules`, at their current releases,
//! chosen for this and not tuned on): each module's examples (`include
//! <module>` where it has none) and each `puppet` block of its README, for
//! a Debian 12 and a RedHat 9 node, compared with what Puppet 7 compiled
//! with its defaults (`corpus/forge/<module>.json.gz`, written by
//! `scripts/forge-catalogs.rb`).
//!
//! - `forge_catalogs_agree_with_puppet`: every catalog Puppet compiles,
//!   pfacts compiles, resource for resource and parameter for parameter; a
//!   resource may differ only where pfacts marked a value it did not
//!   compute (a module's Ruby, a template beyond pfacts' ERB), each listed
//!   with its reason in `corpus/forge/DIFFERENCES.md`; the test fails on a
//!   difference that is no marked value, on one the file does not list and
//!   on a listed one that no longer differs. It prints the figures:
//!   catalogs compiled by both out of those Puppet compiles, resources and
//!   parameters identical.
//! - `forge_catalogs_agree_with_puppet_with_ruby`: the same with `--ruby`
//!   (`corpus/forge/DIFFERENCES-ruby.md`).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use pfacts::catalog::values::Value;
use pfacts::catalog::{Compiler, Environment, Modules, Options};
use serde_json::Value as Json;

mod corpora;

/// The `puppet` code blocks of a README, in order, as the script reads them.
fn readme_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end();
        match &mut current {
            None if bare == "```puppet" => current = Some(String::new()),
            Some(block) if bare == "```" => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => block.push_str(line),
            None => {}
        }
    }
    blocks
}

/// The code of a case: an example, `include <module>`, or a README block.
fn case_code(forge: &Path, module: &str, case: &str) -> String {
    let dir = forge.join("modules").join(module);
    if let Some(example) = case.strip_prefix("examples-") {
        return std::fs::read_to_string(dir.join("examples").join(format!("{example}.pp")))
            .unwrap();
    }
    if case == "include" {
        return format!("include {module}\n");
    }
    let index: usize = case.strip_prefix("readme-").unwrap().parse().unwrap();
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    readme_blocks(&readme).swap_remove(index - 1)
}

/// Paths as Puppet's recording writes them: relative to the environment,
/// and those in the corpora as the recordings name them.
fn as_recorded(text: &str, environment: &Path) -> String {
    corpora::as_recorded(&text.replace(&format!("{}/", environment.display()), ""))
}

/// How one comparison came out.
#[derive(Default)]
struct Figures {
    puppet_compiled: usize,
    both_compiled: usize,
    resources: usize,
    identical_resources: usize,
    parameters: usize,
    identical_parameters: usize,
}

/// What differs between two resources: the first field or parameter that
/// does, with both values, and whether pfacts' side holds a value it marked
/// unevaluated (its text, `<<what not evaluated: reason>>`).
struct Difference {
    text: String,
    marked: bool,
}

fn difference(ours: &Json, theirs: &Json) -> Difference {
    let differing = |name: &str, ours: Option<&Json>, theirs: Option<&Json>| Difference {
        text: format!("{name}: pfacts {ours:?}, Puppet {theirs:?}"),
        marked: ours.is_some_and(|value| value.to_string().contains(" not evaluated: ")),
    };
    let (Some(ours), Some(theirs)) = (ours.as_object(), theirs.as_object()) else {
        return differing("resource", Some(ours), Some(theirs));
    };
    let empty = serde_json::Map::new();
    let parameters = |resource: &serde_json::Map<String, Json>| {
        resource
            .get("parameters")
            .and_then(Json::as_object)
            .unwrap_or(&empty)
            .clone()
    };
    let (our_parameters, their_parameters) = (parameters(ours), parameters(theirs));
    let names: BTreeSet<&String> = our_parameters
        .keys()
        .chain(their_parameters.keys())
        .collect();
    for name in names {
        if our_parameters.get(name) != their_parameters.get(name) {
            return differing(
                &format!("parameter {name}"),
                our_parameters.get(name),
                their_parameters.get(name),
            );
        }
    }
    let fields: BTreeSet<&String> = ours.keys().chain(theirs.keys()).collect();
    for field in fields {
        if ours.get(field) != theirs.get(field) {
            return differing(field, ours.get(field), theirs.get(field));
        }
    }
    differing("parameters in another order", None, None)
}

#[test]
fn forge_catalogs_agree_with_puppet() {
    compare_with_puppet(false, "corpus/forge/DIFFERENCES.md");
}

/// With `--ruby`: the modules' Ruby functions and ERB templates run by
/// Ruby (the system's `ruby` is required under CI).
#[test]
fn forge_catalogs_agree_with_puppet_with_ruby() {
    let has_ruby = std::process::Command::new("ruby")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    if !has_ruby {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs the Ruby tests: install ruby"
        );
        eprintln!("skipped in forge_catalogs_agree_with_puppet_with_ruby: no `ruby` to run");
        return;
    }
    compare_with_puppet(true, "corpus/forge/DIFFERENCES-ruby.md");
}

/// Compiles each case with pfacts (running Ruby or not) and compares with
/// Puppet's catalog; fails on a difference `differences` does not list,
/// and on one it lists that is gone.
fn compare_with_puppet(ruby: bool, differences_file: &str) {
    let (Some(forge), Some(vendor)) = (
        corpora::path("corpus/forge-modules"),
        corpora::path("corpus/control-repos/puppet7-vendor-modules"),
    ) else {
        return;
    };
    let modules = Arc::new(Modules::load(&[forge.join("modules"), vendor]).unwrap());
    let facts: BTreeMap<String, Value> = ["debian12.example.com", "redhat9.example.com"]
        .into_iter()
        .map(|node| {
            let path = forge.join("facts").join(format!("{node}.json"));
            let json: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            (node.to_string(), Value::from_json(&json))
        })
        .collect();
    let differences = std::fs::read_to_string(differences_file).unwrap_or_default();
    let listed: BTreeSet<&str> = differences
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .filter_map(|line| line.split_once(": ").map(|(entry, _)| entry))
        .collect();
    let mut found = BTreeSet::new();
    // Differences that are no value pfacts marked: never allowed.
    let mut silent = Vec::new();
    let mut figures = Figures::default();
    let scratch = tempfile::tempdir().unwrap();
    let mut recordings: Vec<_> = std::fs::read_dir("corpus/forge")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with(".json.gz"))
        .collect();
    recordings.sort();
    for recording in recordings {
        let module = recording
            .file_name()
            .unwrap()
            .to_string_lossy()
            .trim_end_matches(".json.gz")
            .to_string();
        let mut text = String::new();
        flate2::read::GzDecoder::new(std::fs::File::open(&recording).unwrap())
            .read_to_string(&mut text)
            .unwrap();
        let cases: BTreeMap<String, BTreeMap<String, Json>> = serde_json::from_str(&text).unwrap();
        for (case, nodes) in cases {
            let environment = scratch.path().join(format!("{module}-{case}"));
            std::fs::create_dir_all(environment.join("manifests")).unwrap();
            std::fs::write(
                environment.join("manifests/site.pp"),
                case_code(&forge, &module, &case),
            )
            .unwrap();
            let env = Environment::with_modules(&environment.join("manifests"), modules.clone());
            for (node, theirs) in nodes {
                if theirs.get("error").is_some() {
                    continue;
                }
                figures.puppet_compiled += 1;
                let entry = format!("`{module}` `{case}` `{node}`");
                let outcome = match &env {
                    Ok(env) => Compiler::new(env, facts[&node].clone())
                        .with_options(Options {
                            ruby,
                            ..Options::default()
                        })
                        .run(&node),
                    Err(errors) => {
                        found.insert(entry);
                        eprintln!("{module} {case} {node}: {errors:?}");
                        continue;
                    }
                };
                // What pfacts decided with a value it did not compute (a
                // condition, a title): resources may be missing there.
                let undecided = outcome
                    .unevaluated
                    .iter()
                    .any(|mark| !mark.consequences.borrow().is_empty());
                let ours = outcome.catalog;
                let ours = match ours {
                    Ok(catalog) => {
                        let text = serde_json::to_string(&catalog).unwrap();
                        let text = as_recorded(&text, &environment);
                        serde_json::from_str::<Json>(&text).unwrap()
                    }
                    Err(error) => {
                        found.insert(entry);
                        eprintln!("{module} {case} {node}: {}", error.message);
                        continue;
                    }
                };
                figures.both_compiled += 1;
                let by_reference = |catalog: &Json| -> BTreeMap<String, Json> {
                    catalog["resources"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|resource| {
                            let reference = format!("{}[{}]", resource["type"], resource["title"]);
                            (reference, resource.clone())
                        })
                        .collect()
                };
                let our_resources = by_reference(&ours);
                for (reference, resource) in by_reference(&theirs) {
                    figures.resources += 1;
                    let parameters = resource["parameters"]
                        .as_object()
                        .cloned()
                        .unwrap_or_default();
                    figures.parameters += parameters.len();
                    let Some(mine) = our_resources.get(&reference) else {
                        let entry = format!("{entry} {reference}");
                        if !undecided {
                            silent.push(format!("{entry}: missing"));
                        } else if !listed.contains(entry.as_str()) {
                            eprintln!("{entry}: missing where a decision took a marked value");
                        }
                        found.insert(entry);
                        continue;
                    };
                    let my_parameters = mine["parameters"].as_object().cloned().unwrap_or_default();
                    figures.identical_parameters += parameters
                        .iter()
                        .filter(|(name, value)| my_parameters.get(*name) == Some(value))
                        .count();
                    if serde_json::to_string_pretty(mine).unwrap()
                        == serde_json::to_string_pretty(&resource).unwrap()
                    {
                        figures.identical_resources += 1;
                    } else {
                        let entry = format!("{entry} {reference}");
                        let difference = difference(mine, &resource);
                        if !difference.marked {
                            silent.push(format!("{entry}: {}", difference.text));
                        } else if !listed.contains(entry.as_str()) {
                            eprintln!("{entry}: {}", difference.text);
                        }
                        found.insert(entry);
                    }
                }
            }
        }
    }
    eprintln!(
        "catalogs compiled by both: {} of {} that Puppet compiles; resources identical: {} of {}; parameters identical: {} of {}",
        figures.both_compiled,
        figures.puppet_compiled,
        figures.identical_resources,
        figures.resources,
        figures.identical_parameters,
        figures.parameters
    );
    assert!(
        silent.is_empty(),
        "resources that differ from Puppet's without a marked value:\n{silent:#?}"
    );
    let unlisted: Vec<&String> = found
        .iter()
        .filter(|entry| !listed.contains(entry.as_str()))
        .collect();
    let stale: Vec<&&str> = listed
        .iter()
        .filter(|entry| !found.contains(**entry))
        .collect();
    assert!(
        unlisted.is_empty(),
        "not in {differences_file}:\n{unlisted:#?}"
    );
    assert!(
        stale.is_empty(),
        "listed in {differences_file}, but no longer different:\n{stale:#?}"
    );
}
