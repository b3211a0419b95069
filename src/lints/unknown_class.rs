use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds classes declared (`include`, `require`, `contain`,
    /// `class { 'x': }`) or referenced (`Class['x']`) that no analyzed
    /// manifest defines.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation of every node that reaches the
    /// declaration: "Could not find class". Often a typo, or a module
    /// missing from the environment.
    ///
    /// ## Example
    /// ```puppet
    /// include apache::mod::sll
    /// ```
    UnknownClass { id: "unknown-class", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .names
        .classes
        .iter()
        .map(|found| {
            let (file, line, col, what) = if found.1 == 0 {
                let row = &facts.declares[found.2 as usize];
                (row.file, row.line, row.col, "declared")
            } else {
                let row = &facts.resource_ref[found.2 as usize];
                (row.file, row.line, row.col, "referenced")
            };
            context.diagnostic(
                &UnknownClass::RULE,
                file,
                line,
                col,
                format!(
                    "class `{}` is {what} here but defined nowhere",
                    context.text(found.0)
                ),
            )
        })
        .collect()
}
