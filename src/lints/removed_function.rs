use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds calls of the functions that stdlib 9, the stdlib release for
    /// Puppet 8, removed and Puppet does not build in (`validate_string`,
    /// `is_array`, `has_key`, `type3x`, ...), unless a module other than
    /// stdlib defines a function of that name, nor in stdlib's own code (which
    /// the move replaces). Each finding quotes what
    /// stdlib said when it deprecated the function. Off by default; an
    /// error with `--puppet 8`. The list is stdlib 8.5's functions less
    /// stdlib 9.7's and Puppet's (`scripts/stdlib9-removed-functions.rb`).
    ///
    /// ## Why is this bad?
    /// Puppet 8 needs stdlib 9, where these are unknown functions: the
    /// catalog does not compile.
    ///
    /// ## Example
    /// ```puppet
    /// validate_string($name)   # type the parameter: String $name
    /// ```
    RemovedFunction { id: "removed-function", severity: Error, enabled: false }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .removed_functions()
        .removed
        .iter()
        .map(|found| {
            let row = &facts.call[found.call().0 as usize];
            let note = facts
                .stdlib_removed
                .iter()
                .find(|removed| removed.function == row.name)
                .map(|removed| context.text(removed.note))
                .filter(|note| !note.is_empty())
                .map(|note| format!("; stdlib 8 said: \"{note}\""))
                .unwrap_or_default();
            context.diagnostic(
                &RemovedFunction::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`{}()` is a stdlib function that stdlib 9 (for Puppet 8) removed: there it is an unknown function{note}",
                    context.text(row.name)
                ),
            )
        })
        .collect()
}
