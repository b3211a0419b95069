//! `pfacts extract`: the facts of the corpus environments, agreement with
//! Puppet's own parser, and the export formats.
//!
//! - `corpus_environments_facts` (one snapshot per environment of
//!   `corpus/`): every relation's rows, reviewed by hand.
//! - `corpus_exercises_every_relation_and_column`: across `corpus/`, every
//!   relation has rows and every column a value other than empty, 0 or
//!   false.
//! - `debian_counts_agree_with_puppets_parser`: per file, the classes,
//!   defines, nodes, functions, type aliases, resource expressions, resource
//!   defaults and variable references that Puppet 7's parser counts
//!   (`scripts/count-with-puppet.rb`, output in `data/`).
//! - `export_is_deterministic_in_every_format`: two runs write identical
//!   bytes; CSV, JSON and Soufflé files read back with the schema's columns.
//! - `docs_match_the_schema`: `docs/facts.md` is `pfacts schema`'s output.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use pfacts::facts::schema::{DefinitionKind, Value, RELATIONS};
use pfacts::facts::{self, export, Extraction};

mod common;
mod corpora;

use common::ENVIRONMENTS;

fn extract_environment(name: &str) -> Extraction {
    facts::extract_paths(&[PathBuf::from("corpus").join(name)])
}

/// Every relation's rows as tab-separated lines, sorted; the built-in
/// `known` and `type_param` rows (file 0) and `legacy_fact` (all built
/// in), `stdlib_removed` (the same) are left out.
fn render(extraction: &Extraction) -> String {
    let mut text = String::new();
    for (schema, rows) in RELATIONS
        .iter()
        .zip(extraction.facts.tables(&extraction.interner))
    {
        let mut lines: Vec<String> = rows
            .iter()
            .filter(|row| {
                let built_in = matches!(schema.name, "legacy_fact" | "stdlib_removed")
                    || matches!(schema.name, "known" | "type_param")
                        && row.last() == Some(&Value::Number(0));
                !built_in
            })
            .map(|row| row.iter().map(render_value).collect::<Vec<_>>().join("\t"))
            .collect();
        if lines.is_empty() {
            continue;
        }
        lines.sort();
        let header: Vec<&str> = schema.columns.iter().map(|column| column.name).collect();
        text.push_str(&format!(
            "## {}\n{}\n{}\n\n",
            schema.name,
            header.join("\t"),
            lines.join("\n")
        ));
    }
    text
}

fn render_value(value: &Value) -> String {
    match value {
        Value::Number(number) => number.to_string(),
        Value::Bool(flag) => flag.to_string(),
        Value::Text(text) => text
            .replace('\\', "\\\\")
            .replace('\t', "\\t")
            .replace('\n', "\\n"),
    }
}

#[test]
fn corpus_environments_facts() {
    for name in ENVIRONMENTS {
        let extraction = extract_environment(name);
        insta::assert_snapshot!(format!("facts_{name}"), render(&extraction));
    }
}

#[test]
fn corpus_exercises_every_relation_and_column() {
    let mut used: HashMap<(&str, &str), bool> = HashMap::new();
    for name in ENVIRONMENTS {
        let extraction = extract_environment(name);
        for (schema, rows) in RELATIONS
            .iter()
            .zip(extraction.facts.tables(&extraction.interner))
        {
            for column in schema.columns {
                used.entry((schema.name, column.name)).or_insert(false);
            }
            for row in rows {
                for (column, value) in schema.columns.iter().zip(&row) {
                    let meaningful = !matches!(
                        value,
                        Value::Number(0) | Value::Bool(false) | Value::Text("")
                    );
                    if meaningful {
                        used.insert((schema.name, column.name), true);
                    }
                }
            }
        }
    }
    let mut unused: Vec<String> = used
        .into_iter()
        .filter(|(_, used)| !used)
        .map(|((relation, column), _)| format!("{relation}.{column}"))
        .collect();
    unused.sort();
    assert!(
        unused.is_empty(),
        "no fixture gives a value to: {}",
        unused.join(", ")
    );
}

#[test]
fn debian_counts_agree_with_puppets_parser() {
    let Some(root) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let extraction = facts::extract_paths(std::slice::from_ref(&root));
    assert!(
        extraction.diagnostics.is_empty(),
        "{:?}",
        extraction
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    );
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let paths: HashMap<u32, String> = facts
        .file
        .iter()
        .map(|file| {
            let path = Path::new(interner.resolve(file.path));
            let relative = path.strip_prefix(&root).expect("under the corpus");
            (file.file.0, relative.to_string_lossy().into_owned())
        })
        .collect();
    // (file, column) -> count
    let mut ours: BTreeMap<(String, &str), usize> = BTreeMap::new();
    let mut count = |file: u32, column: &'static str| {
        *ours.entry((paths[&file].clone(), column)).or_default() += 1;
    };
    facts
        .definitions(DefinitionKind::Class)
        .for_each(|row| count(row.file.0, "classes"));
    facts
        .definitions(DefinitionKind::Define)
        .for_each(|row| count(row.file.0, "defines"));
    let mut nodes: Vec<_> = facts
        .definitions(DefinitionKind::Node)
        .map(|row| (row.file.0, row.scope))
        .collect();
    nodes.dedup();
    nodes.iter().for_each(|(file, _)| count(*file, "nodes"));
    facts
        .definitions(DefinitionKind::Function)
        .for_each(|row| count(row.file.0, "functions"));
    facts
        .definitions(DefinitionKind::TypeAlias)
        .for_each(|row| count(row.file.0, "type_aliases"));
    facts
        .resource_expression
        .iter()
        .for_each(|row| count(row.file.0, "resource_expressions"));
    let mut defaults: Vec<_> = facts
        .resource_default
        .iter()
        .map(|row| (row.file.0, row.def))
        .collect();
    defaults.dedup();
    defaults
        .iter()
        .for_each(|(file, _)| count(*file, "resource_defaults"));
    facts
        .var_ref
        .iter()
        .for_each(|row| count(row.file.0, "variable_references"));

    let puppet = std::fs::read_to_string("data/debian-modules.puppet-counts.tsv").unwrap();
    let mut lines = puppet.lines();
    let columns: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let mut totals: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut differences = Vec::new();
    let mut files = 0;
    for line in lines {
        files += 1;
        let fields: Vec<&str> = line.split('\t').collect();
        for (column, field) in columns.iter().zip(&fields).skip(1) {
            let theirs: usize = field.parse().unwrap();
            let mine = ours
                .get(&(fields[0].to_string(), *column))
                .copied()
                .unwrap_or(0);
            let total = totals.entry(column).or_default();
            total.0 += theirs;
            total.1 += mine;
            if theirs != mine {
                differences.push(format!(
                    "{}: {column}: Puppet {theirs}, pfacts {mine}",
                    fields[0]
                ));
            }
        }
    }
    assert_eq!(files, 1858);
    assert!(
        differences.is_empty(),
        "totals {totals:?}\n{}",
        differences.join("\n")
    );
    assert_eq!(totals["classes"], (1351, 1351));
    assert_eq!(totals["variable_references"], (32349, 32349));
}

#[test]
fn export_is_deterministic_in_every_format() {
    let extraction = extract_environment("defaults");
    for format in [
        export::Format::Csv,
        export::Format::Json,
        export::Format::Souffle,
    ] {
        let first = tempfile::tempdir().unwrap();
        let second = tempfile::tempdir().unwrap();
        export::write(
            first.path(),
            &extraction.facts,
            &extraction.interner,
            format,
        )
        .unwrap();
        let again = extract_environment("defaults");
        export::write(second.path(), &again.facts, &again.interner, format).unwrap();
        let mut names: Vec<String> = std::fs::read_dir(first.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        let extension = match format {
            export::Format::Csv => "csv",
            export::Format::Json => "json",
            export::Format::Souffle => "facts",
        };
        let mut expected: Vec<String> = RELATIONS
            .iter()
            .map(|relation| format!("{}.{extension}", relation.name))
            .collect();
        if format == export::Format::Souffle {
            expected.push("schema.dl".to_string());
        }
        expected.sort();
        assert_eq!(names, expected, "one file per relation and nothing else");
        for name in &names {
            let a = std::fs::read(first.path().join(name)).unwrap();
            let b = std::fs::read(second.path().join(name)).unwrap();
            assert_eq!(a, b, "{name} differs between runs");
        }
        let resources =
            std::fs::read_to_string(first.path().join(format!("resource.{extension}"))).unwrap();
        match format {
            export::Format::Csv => {
                let mut reader = csv::Reader::from_reader(resources.as_bytes());
                let header: Vec<String> = reader
                    .headers()
                    .unwrap()
                    .iter()
                    .map(str::to_string)
                    .collect();
                assert_eq!(header[..5], ["res", "expr", "scope", "type_name", "title"]);
                let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
                assert_eq!(rows.len(), extraction.facts.resource.len());
                assert!(rows.iter().any(|row| &row[4] == "/etc/app.d/extra.conf"));
            }
            export::Format::Json => {
                let rows: Vec<serde_json::Value> = serde_json::from_str(&resources).unwrap();
                assert_eq!(rows.len(), extraction.facts.resource.len());
                assert!(rows
                    .iter()
                    .any(|row| row["title"] == "/etc/app.d/extra.conf"
                        && row["title_literal"] == true));
            }
            export::Format::Souffle => {
                let fields: Vec<Vec<&str>> = resources
                    .lines()
                    .map(|line| line.split('\t').collect())
                    .collect();
                assert!(fields.iter().all(|row| row.len() == 11));
                let schema = std::fs::read_to_string(first.path().join("schema.dl")).unwrap();
                assert!(schema.contains(
                    ".decl resource(res: number, expr: number, scope: number, type_name: symbol"
                ));
            }
        }
    }
}

#[test]
fn docs_match_the_schema() {
    let documented = std::fs::read_to_string("docs/facts.md").unwrap();
    assert!(
        documented == export::markdown_schema(),
        "docs/facts.md is stale: run `cargo run -- schema > docs/facts.md`"
    );
}
