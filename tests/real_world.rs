//! The real-world bar: code that Puppet 7 accepts parses without error, and
//! code its parser refuses is flagged at Puppet's line.
//!
//! - `debian_corpus_parses_without_errors`: every manifest of the 92 Debian
//!   modules (`corpus/debian-modules` of the corpora) parses with no ERROR or
//!   MISSING node; the files are exactly those of Puppet's verdict file.
//! - `conformance_valid_snippets_parse_clean`: the 1,785 snippets that
//!   Puppet's parser and validator accept give no diagnostic.
//! - `conformance_syntax_errors_are_flagged_at_puppets_line`: of the 194
//!   snippets Puppet's lexer or parser refuses (one of them for invalid
//!   UTF-8), those flagged at Puppet's line.
//! - `conformance_validation_errors_are_flagged_at_puppets_line`: of the
//!   254 snippets Puppet's validator refuses, those flagged at Puppet's
//!   line; no validation issue on any snippet Puppet accepts.
//! - `debian_corpus_raises_no_validation_issue`: Puppet accepts every
//!   Debian module file, and so do the validator's rules (what Puppet's
//!   evaluator refuses is judged in tests/check.rs).
//! - `debian_templates_parse_as_puppets_epp_parser_does`: the 50 EPP
//!   templates of the Debian modules, all accepted by Puppet's EPP parser
//!   (`data/debian-epp-verdicts.tsv`), give no syntax error.
//!
//! Each needs the corpora (`tests/corpora`) and says it is skipped without
//! them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pfacts::facts::issues::{self, Refusal};
use pfacts::syntax;

mod corpora;

/// Rows of a tab-separated file with a header, as maps from column name.
fn read_tsv(path: &Path, header: bool) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(usize::from(header))
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn debian_corpus_parses_without_errors() {
    let (Some(root), Some(truth)) = (
        corpora::path("corpus/debian-modules"),
        corpora::path("corpus/debian-modules.truth.tsv"),
    ) else {
        return;
    };
    let truth = read_tsv(&truth, false);
    let accepted: BTreeSet<PathBuf> = truth
        .iter()
        .filter(|row| row[1] == "ok")
        .map(|row| root.join(&row[0]))
        .collect();
    assert_eq!(accepted.len(), 1858, "Puppet accepts every corpus file");

    let discovery =
        pfacts::source::discover(std::slice::from_ref(&root), pfacts::source::is_manifest);
    assert!(discovery.errors.is_empty(), "{:?}", discovery.errors);
    let found: BTreeSet<PathBuf> = discovery.files.iter().cloned().collect();
    assert_eq!(found, accepted, "the walk finds exactly the judged files");

    let mut parser = syntax::new_parser();
    let failures: Vec<String> = discovery
        .files
        .iter()
        .flat_map(|path| syntax::parse_file(&mut parser, path).diagnostics)
        .map(|diagnostic| diagnostic.to_string())
        .collect();
    assert!(
        failures.is_empty(),
        "{} errors in files Puppet accepts:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn conformance_valid_snippets_parse_clean() {
    let Some(root) = corpora::path("conformance") else {
        return;
    };
    let verdicts = read_tsv(&root.join("verdicts.tsv"), true);
    let valid: Vec<&Vec<String>> = verdicts.iter().filter(|row| row[1] == "ok").collect();
    assert_eq!(valid.len(), 1785);
    let mut parser = syntax::new_parser();
    let failures: Vec<String> = valid
        .iter()
        .flat_map(|row| syntax::parse_file(&mut parser, &root.join(&row[0])).diagnostics)
        .map(|diagnostic| diagnostic.to_string())
        .collect();
    assert!(
        failures.is_empty(),
        "{} errors in snippets Puppet accepts:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// How many `refused` snippets (rows of verdicts.tsv) have a diagnostic
/// at Puppet's line among the lines `lines_of` gives for the file (any
/// line where Puppet names none), and a description of the others.
fn flagged_at_puppets_line(
    refused: &[&Vec<String>],
    mut lines_of: impl FnMut(&str) -> Vec<usize>,
) -> (usize, Vec<String>) {
    let mut missed = Vec::new();
    for row in refused {
        let (file, code, line) = (&row[0], &row[3], &row[4]);
        let lines = lines_of(file);
        let flagged = match line.parse::<usize>() {
            Ok(line) => lines.contains(&line),
            Err(_) => !lines.is_empty(),
        };
        if !flagged {
            missed.push(format!("{file} {code} line {line}: pfacts {lines:?}"));
        }
    }
    (refused.len() - missed.len(), missed)
}

/// Snippets Puppet's lexer or parser refuses that pfacts flags at Puppet's
/// line (or anywhere, where Puppet names no line: "at end of input").
/// What is left are checks Puppet's parser makes beyond the grammar
/// (malformed numbers, `foo(1) {}` as a resource, repeated heredoc flags):
/// they belong to validation.
const SYNTAX_ERRORS_FLAGGED_AT_PUPPETS_LINE: usize = 174;

#[test]
fn conformance_syntax_errors_are_flagged_at_puppets_line() {
    let Some(root) = corpora::path("conformance") else {
        return;
    };
    let verdicts = read_tsv(&root.join("verdicts.tsv"), true);
    let refused: Vec<&Vec<String>> = verdicts
        .iter()
        .filter(|row| row[1] == "error" && row[2] != "validation")
        .collect();
    assert_eq!(refused.len(), 194);
    let mut parser = syntax::new_parser();
    let (agreed, missed) = flagged_at_puppets_line(&refused, |file| {
        syntax::parse_file(&mut parser, &root.join(file))
            .diagnostics
            .iter()
            .map(|diagnostic| diagnostic.location.map_or(0, |location| location.line))
            .collect()
    });
    assert!(
        agreed >= SYNTAX_ERRORS_FLAGGED_AT_PUPPETS_LINE,
        "{agreed} of {} flagged at Puppet's line; not flagged there:\n{}",
        refused.len(),
        missed.join("\n")
    );
}

/// Snippets Puppet's validator refuses that pfacts flags at Puppet's line
/// (any diagnostic: a few are syntax errors to pfacts' grammar). What is
/// left is listed by code in docs/validation.md (type mappings, the syntax
/// checks of `@(END:json)` heredocs, ...).
const VALIDATION_ERRORS_FLAGGED_AT_PUPPETS_LINE: usize = 254;

#[test]
fn conformance_validation_errors_are_flagged_at_puppets_line() {
    let Some(root) = corpora::path("conformance") else {
        return;
    };
    let verdicts = read_tsv(&root.join("verdicts.tsv"), true);
    let extraction = pfacts::facts::extract_paths(std::slice::from_ref(&root));
    let diagnostics = pfacts::lints::check(&extraction);
    let lines_of = |file: &str| -> Vec<usize> {
        let path = root.join(file);
        diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.path == path)
            .filter(|diagnostic| diagnostic.severity == pfacts::diagnostic::Severity::Error)
            .map(|diagnostic| diagnostic.location.map_or(0, |location| location.line))
            .collect()
    };
    let refused: Vec<&Vec<String>> = verdicts
        .iter()
        .filter(|row| row[1] == "error" && row[2] == "validation")
        .collect();
    assert_eq!(refused.len(), 254);
    let (agreed, missed) = flagged_at_puppets_line(&refused, lines_of);
    assert!(
        agreed >= VALIDATION_ERRORS_FLAGGED_AT_PUPPETS_LINE,
        "{agreed} of {} flagged at Puppet's line; not flagged there:\n{}",
        refused.len(),
        missed.join("\n")
    );

    // On what Puppet's validator accepts, its codes never fire; pfacts'
    // own codes (what Puppet's compiler refuses) fire only where Puppet's
    // compilation of the snippet fails at that line
    // (scripts/compile-conformance-snippets.sh).
    let validator_codes = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/puppet7-validator-codes.txt"),
    )
    .unwrap();
    let compile_errors = read_tsv(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/conformance-compile-errors.tsv"),
        true,
    );
    let valid: Vec<String> = verdicts
        .iter()
        .filter(|row| row[1] == "ok")
        .map(|row| row[0].clone())
        .collect();
    assert_eq!(valid.len(), 1785);
    let mut compile_time = 0;
    for row in &extraction.facts.validation_issue {
        let path = extraction
            .interner
            .resolve(extraction.facts.file[row.file.0 as usize - 1].path);
        let Some(file) = valid
            .iter()
            .find(|file| path == root.join(file).to_string_lossy())
        else {
            continue;
        };
        let code = extraction.interner.resolve(row.code);
        // What Puppet 7 only warns about under its default
        // `strict=warning`: its validator's DUPLICATE_KEY
        // (validator_factory_4_0.rb: `p[DUPLICATE_KEY] = Puppet[:strict] ==
        // :off ? :ignore : Puppet[:strict]`) and its evaluator's
        // NUMERIC_COERCION (`optionally_fail`): such a snippet compiles.
        if matches!(
            issues::issue(code).map(|issue| issue.refusal),
            Some(Refusal::Strict | Refusal::StrictEvaluation)
        ) {
            continue;
        }
        assert!(
            !validator_codes.lines().any(|listed| listed == code),
            "{file}:{}: {code} on a snippet Puppet's validator accepts",
            row.line
        );
        assert!(
            compile_errors
                .iter()
                .any(|error| &error[0] == file && error[1] == row.line.to_string()),
            "{file}:{}: {code}, but Puppet compiles the snippet",
            row.line
        );
        compile_time += 1;
    }
    assert_eq!(
        compile_time,
        compile_errors.len(),
        "each recorded failure is found"
    );
}

#[test]
fn debian_corpus_raises_no_validation_issue() {
    let Some(root) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let extraction = pfacts::facts::extract_paths(&[root]);
    let manifests = extraction
        .facts
        .file
        .iter()
        .filter(|row| extraction.interner.resolve(row.path).ends_with(".pp"))
        .count();
    assert_eq!(manifests, 1858);
    // Puppet loads every file; what its evaluator refuses when it runs
    // the code is judged in `debian_errors_are_real` (tests/check.rs).
    let refusing_the_file: Vec<String> = extraction
        .facts
        .validation_issue
        .iter()
        .filter(|row| {
            issues::issue(extraction.interner.resolve(row.code))
                .is_none_or(|issue| issue.refusal == Refusal::Load)
        })
        .map(|row| format!("{row:?}"))
        .collect();
    assert!(refusing_the_file.is_empty(), "{refusing_the_file:?}");
}

#[test]
fn debian_templates_parse_as_puppets_epp_parser_does() {
    let Some(root) = corpora::path("corpus/debian-modules") else {
        return;
    };
    let verdicts = read_tsv(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/debian-epp-verdicts.tsv"),
        true,
    );
    assert_eq!(verdicts.len(), 50, "Puppet judged every template");
    let extraction = pfacts::facts::extract_paths(std::slice::from_ref(&root));
    let templates: BTreeSet<String> = extraction
        .facts
        .file
        .iter()
        .filter(|row| row.role == pfacts::facts::layout::Role::Template)
        .map(|row| extraction.interner.resolve(row.path).to_string())
        .collect();
    let judged: BTreeSet<String> = verdicts
        .iter()
        .map(|row| root.join(&row[0]).to_string_lossy().into_owned())
        .collect();
    assert_eq!(templates, judged, "every template is read");
    assert!(verdicts.iter().all(|row| row[1] == "ok"));
    let errors: Vec<String> = extraction
        .facts
        .parse_error
        .iter()
        .map(|row| extraction.interner.resolve(row.message).to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}
