//! `pfacts catalog` on the 3,141 programs of Puppet's own evaluator,
//! function and compiler tests (`conformance/evaluator/` in the corpora),
//! each held to what the real Puppet 7.23 did with it (its README says how
//! each program was made and judged): the catalog it compiled, or the error
//! and line it refused the program with.
//!
//! - `evaluator_suite_differences_are_the_known_ones`: every program is
//!   compiled, as the suite's harness compiled it (the program as
//!   `manifests/site.pp`, its environment files beside it, the suite's
//!   facts and node), and its outcome compared with Puppet's: the verdict;
//!   for a catalog, its resources (type, title, tags, parameters, exported),
//!   less Puppet's bookkeeping resources, as the suite records them; for a
//!   refusal, Puppet's line. Each program where pfacts differs is listed in
//!   `tests/expectations/evaluator-suite.tsv` with how it differs; the test
//!   fails on a difference not listed (a regression) and on one listed that
//!   is gone (the list is stale: remove the line). It prints the figures per
//!   area. `PFACTS_RECORD_EXPECTATIONS=1` rewrites the list from the run.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde_json::Value;

mod corpora;

const EXPECTATIONS: &str = "tests/expectations/evaluator-suite.tsv";

/// Puppet's bookkeeping resources, which the suite leaves out of its
/// catalogs.
const BOOKKEEPING: [(&str, &str); 3] =
    [("Stage", "main"), ("Class", "Settings"), ("Class", "main")];

/// Longer than any program of the suite takes (a debug build included): a
/// program still running then is a hang, and a difference.
const TIME_LIMIT: Duration = Duration::from_secs(120);

/// One row of the suite's `verdicts.tsv`.
struct Verdict {
    snippet: String,
    ok: bool,
    line: Option<u32>,
    message: String,
    area: String,
    node: String,
}

/// How pfacts' outcome differs from Puppet's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Difference {
    /// Puppet compiles the program; pfacts refuses it.
    Refused,
    /// Both compile it; the catalogs differ.
    Differs,
    /// Puppet refuses the program; pfacts compiles it.
    Compiled,
    /// Both refuse it, pfacts at another line.
    Line,
    /// pfacts neither compiled nor refused it (a crash, a hang, a usage
    /// error).
    Failed,
}

impl Difference {
    fn name(self) -> &'static str {
        match self {
            Difference::Refused => "refused",
            Difference::Differs => "differs",
            Difference::Compiled => "compiled",
            Difference::Line => "line",
            Difference::Failed => "failed",
        }
    }

    fn parse(name: &str) -> Difference {
        match name {
            "refused" => Difference::Refused,
            "differs" => Difference::Differs,
            "compiled" => Difference::Compiled,
            "line" => Difference::Line,
            "failed" => Difference::Failed,
            other => panic!("{EXPECTATIONS}: unknown difference {other:?}"),
        }
    }
}

fn verdicts(root: &Path) -> Vec<Verdict> {
    let text = std::fs::read_to_string(root.join("verdicts.tsv")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            let snippet = columns[0]
                .trim_start_matches("snippets/")
                .trim_end_matches(".pp")
                .to_string();
            Verdict {
                snippet,
                ok: columns[1] == "ok",
                line: columns[2].parse().ok(),
                message: columns[4].to_string(),
                area: columns[5].to_string(),
                node: columns[7].to_string(),
            }
        })
        .collect()
}

/// What `pfacts catalog` did with a program.
enum Outcome {
    Catalog(Value),
    /// The error's line, and its message.
    Refusal(Option<u32>, String),
    Failure(String),
}

/// Compiles `verdict`'s program in an environment of its own under
/// `scratch`, as the suite's harness did.
fn compile(root: &Path, verdict: &Verdict, scratch: &Path) -> Outcome {
    let environment = scratch.join(&verdict.snippet);
    std::fs::create_dir_all(environment.join("manifests")).unwrap();
    std::fs::create_dir_all(environment.join("modules")).unwrap();
    let snippets = root.join("snippets");
    std::fs::copy(
        snippets.join(format!("{}.pp", verdict.snippet)),
        environment.join("manifests/site.pp"),
    )
    .unwrap();
    let files = snippets.join(format!("{}.env", verdict.snippet));
    if files.is_dir() {
        copy_tree(&files, &environment);
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_pfacts"))
        .arg("catalog")
        .arg(&environment)
        .args(["--node", &verdict.node, "--facts"])
        .arg(root.join("facts.json"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    // Read while it runs: a large catalog would fill the pipe.
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || std::io::read_to_string(stdout).unwrap_or_default());
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stdout = reader.join().unwrap();
    let stderr = std::io::read_to_string(child.stderr.take().unwrap()).unwrap_or_default();
    std::fs::remove_dir_all(&environment).unwrap();
    match status.and_then(|status| status.code()) {
        None => Outcome::Failure(format!("no outcome after {} s", TIME_LIMIT.as_secs())),
        Some(0) => match serde_json::from_str(&stdout) {
            Ok(catalog) => Outcome::Catalog(catalog),
            Err(error) => Outcome::Failure(format!("the catalog is not JSON: {error}")),
        },
        Some(1) => {
            let error = stderr
                .lines()
                .find(|line| line.contains(": error: "))
                .unwrap_or(stderr.trim());
            // `file:line:column`, `file:line` or `file`.
            let place = error.split(": error: ").next().unwrap_or_default();
            let numbers: Vec<u32> = place
                .rsplit(':')
                .map_while(|part| part.parse().ok())
                .collect();
            let line = match numbers.as_slice() {
                [_, line, ..] | [line] => Some(*line),
                [] => None,
            };
            let message = error.split(": error: ").last().unwrap_or(error);
            Outcome::Refusal(line, message.to_string())
        }
        Some(code) => Outcome::Failure(format!("exit status {code}: {}", stderr.trim())),
    }
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A catalog's resources as the suite records them: by type and title,
/// tags as a set, bookkeeping left out.
fn resources(catalog: &Value) -> BTreeMap<(String, String), Value> {
    let mut resources = BTreeMap::new();
    for resource in catalog["resources"].as_array().into_iter().flatten() {
        let type_name = resource["type"].as_str().unwrap_or_default().to_string();
        let title = resource["title"].as_str().unwrap_or_default().to_string();
        if BOOKKEEPING.contains(&(type_name.as_str(), title.as_str())) {
            continue;
        }
        let tags: BTreeSet<&str> = resource["tags"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let kept = serde_json::json!({
            "tags": tags,
            "parameters": resource.get("parameters").cloned().unwrap_or(Value::Object(Default::default())),
            "exported": resource["exported"].as_bool().unwrap_or(false),
        });
        resources.insert((type_name, title), kept);
    }
    resources
}

/// The first difference between pfacts' resources and Puppet's, in words.
fn first_difference(
    ours: &BTreeMap<(String, String), Value>,
    puppets: &BTreeMap<(String, String), Value>,
) -> Option<String> {
    let keys: BTreeSet<_> = ours.keys().chain(puppets.keys()).collect();
    for key @ (type_name, title) in keys {
        let reference = format!("{type_name}[{title}]");
        match (ours.get(key), puppets.get(key)) {
            (Some(_), None) => return Some(format!("{reference} only in pfacts' catalog")),
            (None, Some(_)) => return Some(format!("{reference} missing")),
            (Some(ours), Some(puppets)) if ours != puppets => {
                for field in ["parameters", "tags", "exported"] {
                    if ours[field] != puppets[field] {
                        return Some(format!(
                            "{reference} {field}: pfacts {}, Puppet {}",
                            ours[field], puppets[field]
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// How pfacts' outcome differs from Puppet's verdict, and in what words.
fn judge(root: &Path, verdict: &Verdict, outcome: Outcome) -> Option<(Difference, String)> {
    match (verdict.ok, outcome) {
        (_, Outcome::Failure(why)) => Some((Difference::Failed, why)),
        (true, Outcome::Refusal(_, message)) => Some((Difference::Refused, message)),
        (true, Outcome::Catalog(catalog)) => {
            let path = root.join(format!("catalogs/{}.json", verdict.snippet));
            let puppets: Value =
                serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
            first_difference(&resources(&catalog), &resources(&puppets))
                .map(|words| (Difference::Differs, words))
        }
        (false, Outcome::Catalog(_)) => Some((Difference::Compiled, verdict.message.clone())),
        (false, Outcome::Refusal(line, message)) => match verdict.line {
            Some(puppets) if line != Some(puppets) => Some((
                Difference::Line,
                format!(
                    "pfacts line {}, Puppet line {puppets}: {message}",
                    line.map_or("-".to_string(), |line| line.to_string())
                ),
            )),
            _ => None,
        },
    }
}

/// The expectations file's rows: snippet → (area, difference, words).
fn expectations(path: &Path) -> BTreeMap<String, (String, Difference, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let columns: Vec<&str> = line.splitn(4, '\t').collect();
            let snippet = columns[0].to_string();
            let area = columns[1].to_string();
            let difference = Difference::parse(columns[2]);
            let words = columns.get(3).copied().unwrap_or_default().to_string();
            (snippet, (area, difference, words))
        })
        .collect()
}

fn one_line(text: &str) -> String {
    let folded: String = text
        .chars()
        .map(|c| if c == '\t' || c == '\n' { ' ' } else { c })
        .collect();
    folded.chars().take(240).collect()
}

#[test]
fn evaluator_suite_differences_are_the_known_ones() {
    let Some(root) = corpora::path("conformance/evaluator") else {
        return;
    };
    let verdicts = verdicts(&root);
    let scratch = tempfile::tempdir().unwrap();
    let differences: BTreeMap<String, (String, Difference, String)> = verdicts
        .par_iter()
        .filter_map(|verdict| {
            let outcome = compile(&root, verdict, scratch.path());
            judge(&root, verdict, outcome).map(|(difference, words)| {
                let row = (verdict.area.clone(), difference, one_line(&words));
                (verdict.snippet.clone(), row)
            })
        })
        .collect();

    // The figures, per area and in all: programs Puppet compiles and how
    // many pfacts compiles to Puppet's catalog; programs Puppet refuses,
    // how many pfacts refuses, and how many at Puppet's line.
    let mut figures: BTreeMap<&str, [usize; 5]> = BTreeMap::new();
    for verdict in &verdicts {
        let counts = figures.entry(&verdict.area).or_default();
        let difference = differences.get(&verdict.snippet).map(|row| row.1);
        if verdict.ok {
            counts[0] += 1;
            counts[1] += usize::from(difference.is_none());
        } else {
            counts[2] += 1;
            counts[3] += usize::from(matches!(difference, None | Some(Difference::Line)));
            counts[4] += usize::from(difference.is_none());
        }
    }
    let mut total = [0; 5];
    for counts in figures.values() {
        for (sum, count) in total.iter_mut().zip(counts) {
            *sum += count;
        }
    }
    println!("area            compiles  same-catalog  refuses  refused  at-line");
    for (area, counts) in figures.iter().chain([(&"total", &total)]) {
        println!(
            "{area:<15} {:>8} {:>13} {:>8} {:>8} {:>8}",
            counts[0], counts[1], counts[2], counts[3], counts[4]
        );
    }

    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(EXPECTATIONS);
    if std::env::var_os("PFACTS_RECORD_EXPECTATIONS").is_some() {
        let mut text = String::from(
            "# Where `pfacts catalog` differs from Puppet 7.23 on conformance/evaluator\n\
             # (tests/evaluator_suite.rs): snippet, area, difference (refused: Puppet\n\
             # compiles it, pfacts refuses; differs: the catalogs differ; compiled:\n\
             # Puppet refuses it, pfacts compiles; line: both refuse, at other lines;\n\
             # failed: no outcome), and the difference in words (pfacts' error,\n\
             # the first resource that differs, or Puppet's error).\n",
        );
        for (snippet, (area, difference, words)) in &differences {
            text.push_str(&format!(
                "{snippet}\t{area}\t{}\t{words}\n",
                difference.name()
            ));
        }
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = expectations(&path);
    let mut problems = Vec::new();
    for (snippet, (area, difference, words)) in &differences {
        match expected.get(snippet) {
            Some((_, known, _)) if known == difference => {}
            Some((_, known, _)) => problems.push(format!(
                "{snippet} ({area}): now {}, listed as {}: {words}",
                difference.name(),
                known.name()
            )),
            None => problems.push(format!(
                "{snippet} ({area}): new difference, {}: {words}",
                difference.name()
            )),
        }
    }
    for (snippet, (area, difference, _)) in &expected {
        if !differences.contains_key(snippet) {
            problems.push(format!(
                "{snippet} ({area}): listed as {}, now as Puppet: remove it from {EXPECTATIONS}",
                difference.name()
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "{} programs differ from {EXPECTATIONS}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
