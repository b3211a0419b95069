use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::Directive;
use crate::suppression;

rule! {
    /// ## What it does
    /// Finds `# pfacts:ignore` comments that are not well formed: without a
    /// reason after `--`, naming no rule or a rule that does not exist, an
    /// `ignore-start` never closed by `ignore-end`, or an `ignore-end`
    /// that closes nothing.
    ///
    /// ## Why is this bad?
    /// A silenced finding is a decision someone has to be able to review:
    /// the reason says why the finding does not apply. A misspelt rule
    /// silences nothing, and an unclosed block would silence the rest of
    /// the file.
    ///
    /// ## Example
    /// ```puppet
    /// include legacy::thing  # pfacts:ignore unknown-class
    /// # pfacts:ignore-start unknwon-class -- vendored, see JIRA-12
    /// ```
    BadSuppression { id: "bad-suppression", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let rows = &context.extraction.facts.suppression;
    let known: Vec<&str> = super::rules().map(|rule| rule.id).collect();
    let mut diagnostics = Vec::new();
    let mut problem = |row: &crate::facts::schema::Suppression, message: String| {
        diagnostics.push(context.diagnostic(
            &BadSuppression::RULE,
            row.file,
            row.line,
            row.col,
            message,
        ));
    };
    for row in rows {
        let directive = row.directive;
        if directive == Directive::End {
            continue;
        }
        let names = suppression::rule_names(context.text(row.rules));
        if names.is_empty() {
            problem(row, "the suppression names no rule".to_string());
        }
        for name in names.iter().filter(|name| !known.contains(name)) {
            problem(
                row,
                format!(
                    "the suppression names `{name}`, which is no rule (`pfacts rules` lists them)"
                ),
            );
        }
        if context.text(row.reason).is_empty() {
            problem(
                row,
                "the suppression gives no reason: add `-- why the finding does not apply`"
                    .to_string(),
            );
        }
    }
    let blocks = suppression::blocks(rows);
    for row in blocks.unclosed {
        problem(
            row,
            "`pfacts:ignore-start` is never closed by `pfacts:ignore-end`".to_string(),
        );
    }
    for row in blocks.stray_ends {
        problem(
            row,
            "`pfacts:ignore-end` closes no `pfacts:ignore-start`".to_string(),
        );
    }
    diagnostics
}
