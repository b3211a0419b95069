use super::{rule, Context};
use crate::diagnostic::{Diagnostic, Severity};

rule! {
    /// ## What it does
    /// Finds calls of the functions that stdlib 9, the stdlib release for
    /// Puppet 8, keeps only as deprecated shims of their namespaced
    /// successors (`to_json` for `stdlib::to_json`, `merge`,
    /// `ensure_packages`, ...) or deprecates outright (`validate_legacy`,
    /// `parsepson`), unless a module other than stdlib defines a function
    /// of that name, with stdlib's own message. Off by default; with
    /// `--puppet 8`, an error for the two whose deprecation heeds Puppet's
    /// `strict` setting, which Puppet 8 sets to `error`, a warning for the
    /// others. The
    /// list is stdlib 9.7's functions that call `deprecation()`
    /// (`scripts/stdlib9-removed-functions.rb`).
    ///
    /// ## Why is this bad?
    /// Each call logs a deprecation warning on every compilation, and the
    /// shims are the next to go; `validate_legacy` and `parsepson` fail the
    /// compilation under Puppet 8's defaults.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/app.json': content => to_json($settings) }   # stdlib::to_json
    /// ```
    DeprecatedFunction { id: "deprecated-function", severity: Error, enabled: false }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .removed_functions()
        .deprecated
        .iter()
        .filter_map(|found| {
            let row = &facts.call[found.call().0 as usize];
            let deprecated = facts
                .stdlib_deprecated
                .iter()
                .find(|deprecated| deprecated.function == row.name)?;
            let consequence = if deprecated.strict {
                "fails the compilation under Puppet 8's strict=error"
            } else {
                "warns on every compilation"
            };
            let mut diagnostic = context.diagnostic(
                &DeprecatedFunction::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`{}()` is deprecated in stdlib 9 (for Puppet 8) and {consequence}; stdlib 9 says: \"{}\"",
                    context.text(row.name),
                    context.text(deprecated.note)
                ),
            );
            if !deprecated.strict {
                diagnostic.severity = Severity::Warning;
            }
            Some(diagnostic)
        })
        .collect()
}
