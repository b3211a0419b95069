use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds top-scope variables that no manifest assigns (`$::osfamily`,
    /// `$operatingsystem`): node facts, which Puppet sets in top scope.
    /// Off by default.
    ///
    /// ## Why is this bad?
    /// Legacy facts as top-scope variables are deprecated in favour of
    /// `$facts['os']['family']`, and a fact whose name is mistyped reads as
    /// `undef` without a word.
    ///
    /// ## Example
    /// ```puppet
    /// if $::osfamily == 'Debian' { }
    /// ```
    TopScopeFact { id: "top-scope-fact", severity: Warning, enabled: false }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .scope()
        .facts
        .iter()
        .map(|found| {
            let row = context.var_ref(found.reference());
            context.diagnostic(
                &TopScopeFact::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`${}` is a node fact read from top scope",
                    context.text(row.name)
                ),
            )
        })
        .collect()
}
