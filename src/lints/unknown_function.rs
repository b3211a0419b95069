use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds calls of functions that are neither built into Puppet 7, nor
    /// written in Puppet (`functions/`), nor by a module in Ruby
    /// (`lib/puppet/functions/`, `lib/puppet/parser/functions/`).
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation: "Unknown function". Often a function
    /// of a module (stdlib) missing from the environment.
    ///
    /// ## Example
    /// ```puppet
    /// $x = pick_defualt($a, 1)
    /// ```
    UnknownFunction { id: "unknown-function", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .names()
        .functions
        .iter()
        .map(|found| {
            let row = &facts.call[found.site() as usize];
            context.diagnostic(
                &UnknownFunction::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "function `{}` is defined nowhere",
                    context.text(found.name())
                ),
            )
        })
        .collect()
}
