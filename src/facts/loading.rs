//! A manifest as the evaluator loads it: lowered ([`ast`]), with the first
//! code that Puppet refuses the whole file over when it loads it and what
//! Puppet reports as `strict` says, as the extractor's validation finds
//! them ([`issues::Refusal`]).

use std::path::Path;

use tree_sitter::Tree;

use super::ast;
use super::extract::{self, Grammar};
use super::issues::{self, Issue, Refusal};
use super::layout::Placement;
use super::schema::Sym;

/// Lowers files for the evaluator.
pub struct Loader {
    grammar: Grammar,
}

impl Default for Loader {
    fn default() -> Loader {
        Loader {
            grammar: Grammar::new(&crate::syntax::language()),
        }
    }
}

impl Loader {
    /// The program of `tree` (the file at `path`, placed at `placement`),
    /// refused at the first issue Puppet refuses the file over, where
    /// Puppet's parser or validator finds one before the lowering's own.
    pub fn lower(
        &self,
        tree: &Tree,
        text: &str,
        placement: &Placement,
        path: &Path,
    ) -> ast::Program {
        let mut program = ast::lower(tree, text);
        // Code nested too deep is refused as it is, before any validation
        // walks it.
        if program.too_deep.is_some() {
            return program;
        }
        let output = extract::extract(&self.grammar, tree, text, placement, path, &[], None);
        // Issues in the order of the file, so that the first is Puppet's.
        let mut issues: Vec<(ast::Span, &Issue, Sym)> = output
            .facts
            .validation_issue
            .iter()
            .filter_map(|row| {
                let issue = issues::issue(output.interner.resolve(row.code))?;
                let span = ast::Span {
                    line: row.line,
                    col: row.col,
                };
                Some((span, issue, row.subject))
            })
            .collect();
        issues.sort_by_key(|(span, _, _)| (span.line, span.col));
        for &(span, issue, subject) in &issues {
            let subject = output.interner.resolve(subject);
            match issue.refusal {
                Refusal::Load => {
                    let earlier = program.refused.as_ref().is_none_or(|(refused, _)| {
                        (span.line, span.col) < (refused.line, refused.col)
                    });
                    if earlier {
                        program.refused = Some((span, issue.describe(subject)));
                    }
                    break;
                }
                Refusal::Strict => program.strict_issues.push((span, issue.text(subject))),
                // The evaluator warns or refuses as it evaluates.
                Refusal::Evaluation | Refusal::StrictEvaluation => {}
            }
        }
        program
    }
}
