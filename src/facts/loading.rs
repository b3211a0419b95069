//! A manifest as the evaluator loads it: lowered ([`ast`]), with the first
//! code that Puppet refuses the whole file over when it loads it, as the
//! extractor's validation finds it ([`issues::Refusal::Load`]).

use std::path::Path;

use tree_sitter::Tree;

use super::ast;
use super::extract::{self, Grammar};
use super::issues::{self, Refusal};
use super::layout::Placement;

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
        let output = extract::extract(&self.grammar, tree, text, placement, path);
        let first = output
            .facts
            .validation_issue
            .iter()
            .filter_map(|row| {
                let issue = issues::issue(output.interner.resolve(row.code))?;
                (issue.refusal == Refusal::Load).then(|| {
                    let span = ast::Span {
                        line: row.line,
                        col: row.col,
                    };
                    (span, issue, row.subject)
                })
            })
            .min_by_key(|(span, _, _)| (span.line, span.col));
        if let Some((span, issue, subject)) = first {
            let earlier = program
                .refused
                .as_ref()
                .is_none_or(|(refused, _)| (span.line, span.col) < (refused.line, refused.col));
            if earlier {
                let message = issue.describe(output.interner.resolve(subject));
                program.refused = Some((span, message));
            }
        }
        program
    }
}
