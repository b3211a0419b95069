//! The analysis gives the same findings and query outputs as recorded, on
//! every corpus: a change to how the rules run (their order, laziness,
//! parallelism, the facts' layout) must not change a byte of what they
//! say.
//!
//! For each corpus, every rule (off-by-default ones too) and every query
//! run over one extraction; their outputs, with the corpus's path written
//! as `.`, are digested with SHA-256 and compared with
//! `data/outputs.sha256.tsv` (corpus, output, rows, digest). A change that
//! is meant to change what pfacts says rewrites the file:
//! `PFACTS_RECORD_OUTPUTS=1 cargo test --release --test outputs`, and the
//! diff of the rows column shows which outputs moved.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

use sha2::{Digest, Sha256};

mod corpora;

const RECORD: &str = "data/outputs.sha256.tsv";

/// The corpora compared: every one that `pfacts check` is run on.
const CORPORA: &[&str] = &[
    "corpus/debian-modules",
    "corpus/forge-modules/modules",
    "corpus/control-repos/jenkins-infra",
    "corpus/control-repos/ocf",
    "corpus/control-repos/puppet7-vendor-modules",
    "conformance",
];

/// Every output of the corpus at `root`: `(name, rows, text)`.
fn outputs(root: &Path) -> Vec<(String, usize, String)> {
    let prefix = format!("{}/", root.display());
    let relative = |text: String| text.replace(&prefix, "./");
    let extraction = pfacts::facts::extract_paths(&[root.to_path_buf()]);
    let diagnostics = pfacts::lints::check_with(&extraction, |rule| Some(rule.severity));
    let mut findings = String::new();
    for diagnostic in &diagnostics {
        writeln!(findings, "{diagnostic} [{}]", diagnostic.rule).unwrap();
        for related in &diagnostic.related {
            let at = related
                .location
                .map(|at| format!(":{}:{}", at.line, at.column))
                .unwrap_or_default();
            writeln!(
                findings,
                "  {}{at}: {}",
                related.path.display(),
                related.message
            )
            .unwrap();
        }
    }
    let mut outputs = vec![("check".to_string(), diagnostics.len(), relative(findings))];
    let analysis = pfacts::rules::Analysis::new(&extraction);
    for (name, _) in pfacts::query::QUERIES {
        let mut table = pfacts::query::run(name, &analysis).expect("a listed query");
        table.sort();
        let mut csv = Vec::new();
        table.write_csv(&mut csv).unwrap();
        let text = String::from_utf8(csv).unwrap();
        outputs.push((format!("query {name}"), table.rows.len(), relative(text)));
    }
    outputs
}

fn digest(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .fold(String::new(), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
}

#[test]
fn outputs_match_the_recorded_digests() {
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join(RECORD);
    let recorded: BTreeMap<(String, String), (usize, String)> = std::fs::read_to_string(&record)
        .unwrap_or_default()
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            (
                (cells[0].to_string(), cells[1].to_string()),
                (cells[2].parse().unwrap(), cells[3].to_string()),
            )
        })
        .collect();
    let mut measured = BTreeMap::new();
    for corpus in CORPORA {
        let Some(root) = corpora::path(corpus) else {
            return;
        };
        for (name, rows, text) in outputs(&root) {
            measured.insert((corpus.to_string(), name), (rows, digest(&text)));
        }
    }
    if std::env::var_os("PFACTS_RECORD_OUTPUTS").is_some() {
        let mut text = String::from("corpus\toutput\trows\tsha256\n");
        for ((corpus, name), (rows, digest)) in &measured {
            writeln!(text, "{corpus}\t{name}\t{rows}\t{digest}").unwrap();
        }
        std::fs::write(&record, text).unwrap();
        return;
    }
    let differing: Vec<String> = measured
        .iter()
        .filter(|(key, value)| recorded.get(*key) != Some(value))
        .map(|((corpus, name), (rows, _))| {
            let before = recorded
                .get(&(corpus.clone(), name.clone()))
                .map_or("nothing".to_string(), |(rows, _)| format!("{rows} rows"));
            format!("{corpus} {name}: {rows} rows now, {before} recorded")
        })
        .collect();
    assert!(
        differing.is_empty(),
        "outputs differ from {RECORD} (PFACTS_RECORD_OUTPUTS=1 rewrites it):\n{}",
        differing.join("\n")
    );
    assert_eq!(
        measured.len(),
        recorded.len(),
        "{RECORD} lists other outputs"
    );
}
