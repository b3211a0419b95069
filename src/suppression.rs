//! Applying `# pfacts:ignore` comments (the `suppression` facts) to the
//! findings of a run.
//!
//! - `# pfacts:ignore <rule>[,<rule>] -- <reason>` at the end of a line
//!   silences those rules on that line; on a line of its own, on the lines
//!   of the next statement.
//! - `# pfacts:ignore-start <rule> -- <reason>` ... `# pfacts:ignore-end`
//!   silences the lines between them (blocks nest; an end closes the
//!   latest open start).
//!
//! Ill-formed comments are the `bad-suppression` rule's; those that
//! silence nothing are reported here as `unused-suppression`.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::diagnostic::{Diagnostic, Kind, Location, Severity};
use crate::facts::schema::{Directive, FileId, Suppression, Sym};
use crate::facts::Extraction;
use crate::lints::unused_suppression::UnusedSuppression;

/// The rule ids of a `rules` column: `a, b` or `a,b`.
pub fn rule_names(rules: &str) -> Vec<&str> {
    rules
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .collect()
}

/// The `ignore-start`/`ignore-end` pairs of the facts, file by file.
pub struct Blocks<'a> {
    /// Each start with the line of its end.
    pub closed: Vec<(&'a Suppression, u32)>,
    pub unclosed: Vec<&'a Suppression>,
    pub stray_ends: Vec<&'a Suppression>,
}

/// Pairs each end with the latest open start of its file (`rows` are in
/// file and source order, as extracted).
pub fn blocks(rows: &[Suppression]) -> Blocks<'_> {
    let mut blocks = Blocks {
        closed: Vec::new(),
        unclosed: Vec::new(),
        stray_ends: Vec::new(),
    };
    let mut open: Vec<&Suppression> = Vec::new();
    let mut file = None;
    for row in rows {
        if file != Some(row.file) {
            blocks.unclosed.append(&mut open);
            file = Some(row.file);
        }
        match row.directive {
            Directive::Start => open.push(row),
            Directive::End => match open.pop() {
                Some(start) => blocks.closed.push((start, row.line)),
                None => blocks.stray_ends.push(row),
            },
            Directive::Ignore => {}
        }
    }
    blocks.unclosed.append(&mut open);
    blocks
}

/// A finding that a comment silenced.
#[derive(Clone, Debug)]
pub struct Silenced {
    pub diagnostic: Diagnostic,
    pub comment: PathBuf,
    pub line: u32,
    pub reason: String,
}

/// The findings of a run once the comments are applied.
#[derive(Debug, Default)]
pub struct Applied {
    pub kept: Vec<Diagnostic>,
    pub silenced: Vec<Silenced>,
}

/// A range of lines where some rules are silenced.
struct Cover<'a> {
    row: &'a Suppression,
    rules: Vec<&'a str>,
    first: u32,
    last: u32,
    /// Per rule of `rules`: whether it silenced something.
    used: Vec<bool>,
}

/// Silences the findings that comments cover; reports each rule a comment
/// names that silenced nothing as `unused-suppression` (at `unused`
/// severity, when on), unless `is_on` says that rule did not run.
pub fn apply(
    extraction: &Extraction,
    diagnostics: Vec<Diagnostic>,
    unused: Option<Severity>,
    is_on: impl Fn(&str) -> bool,
) -> Applied {
    let text = |sym: Sym| extraction.interner.resolve(sym);
    let rows = &extraction.facts.suppression;
    let mut covers: Vec<Cover> = Vec::new();
    for row in rows {
        if row.directive == Directive::Ignore {
            covers.push(Cover::new(
                row,
                text(row.rules),
                row.first_line,
                row.last_line,
            ));
        }
    }
    for (start, end) in blocks(rows).closed {
        covers.push(Cover::new(start, text(start.rules), start.line, end));
    }
    let files: HashMap<PathBuf, FileId> = extraction
        .facts
        .file
        .iter()
        .map(|row| (PathBuf::from(text(row.path)), row.file))
        .collect();
    let mut by_file: HashMap<FileId, Vec<usize>> = HashMap::new();
    for (index, cover) in covers.iter().enumerate() {
        by_file.entry(cover.row.file).or_default().push(index);
    }

    let mut applied = Applied::default();
    for diagnostic in diagnostics {
        let silenced_by = (diagnostic.kind == Kind::Finding
            && diagnostic.rule != "bad-suppression"
            && diagnostic.rule != UnusedSuppression::RULE.id)
            .then(|| {
                let line = diagnostic.location?.line as u32;
                let candidates = by_file.get(files.get(&diagnostic.path)?)?;
                candidates.iter().copied().find_map(|index| {
                    let cover = &covers[index];
                    let position = cover
                        .rules
                        .iter()
                        .position(|rule| *rule == diagnostic.rule)?;
                    (cover.first <= line && line <= cover.last).then_some((index, position))
                })
            })
            .flatten();
        match silenced_by {
            Some((index, position)) => {
                let cover = &mut covers[index];
                cover.used[position] = true;
                applied.silenced.push(Silenced {
                    comment: PathBuf::from(text(
                        extraction.facts.file[cover.row.file.0 as usize - 1].path,
                    )),
                    line: cover.row.line,
                    reason: text(cover.row.reason).to_string(),
                    diagnostic,
                });
            }
            None => applied.kept.push(diagnostic),
        }
    }

    let Some(severity) = unused else {
        return applied;
    };
    for cover in &covers {
        for (rule, _) in cover
            .rules
            .iter()
            .zip(&cover.used)
            .filter(|(rule, used)| !**used && is_on(rule))
        {
            let path = PathBuf::from(text(
                extraction.facts.file[cover.row.file.0 as usize - 1].path,
            ));
            let what = if cover.first == 0 {
                "no statement follows it".to_string()
            } else {
                format!("`{rule}` finds nothing on the lines it covers")
            };
            applied.kept.push(Diagnostic {
                path,
                location: Some(Location {
                    line: cover.row.line as usize,
                    column: cover.row.col as usize,
                }),
                severity,
                kind: Kind::Finding,
                rule: UnusedSuppression::RULE.id,
                message: format!("the suppression of `{rule}` silences nothing: {what}"),
                related: Vec::new(),
                fix: None,
            });
        }
    }
    applied
        .kept
        .sort_by(|a, b| (&a.path, a.location, a.rule).cmp(&(&b.path, b.location, b.rule)));
    applied
}

impl<'a> Cover<'a> {
    fn new(row: &'a Suppression, rules: &'a str, first: u32, last: u32) -> Cover<'a> {
        let rules = rule_names(rules);
        Cover {
            row,
            used: vec![false; rules.len()],
            rules,
            first,
            last,
        }
    }
}
