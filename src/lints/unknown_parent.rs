use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds classes that inherit from a class defined nowhere in the
    /// analyzed code.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation of every node that declares the class:
    /// it cannot find the parent.
    ///
    /// ## Example
    /// ```puppet
    /// class app inherits app::parmas { }   # a typo of app::params
    /// ```
    UnknownParent { id: "unknown-parent", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .inheritance()
        .unknown_parents
        .iter()
        .map(|found| {
            let row = &context.extraction.facts.inherits[found.site() as usize];
            context.diagnostic(
                &UnknownParent::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "class `{}` inherits `{}`, which is defined nowhere",
                    context.text(found.class()),
                    context.text(found.parent())
                ),
            )
        })
        .collect()
}
