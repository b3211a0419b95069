use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds classes that inherit from a class of another module.
    ///
    /// ## Why is this bad?
    /// Inheritance exposes the parent's variables and defaults to the child:
    /// across modules it ties one module to the internals of another, which
    /// Puppet's style guide advises against (use parameters or `include`).
    ///
    /// ## Example
    /// ```puppet
    /// class profile::web inherits apache::params { }
    /// ```
    InheritsAcrossModules { id: "inherits-across-modules", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .inheritance()
        .across_modules
        .iter()
        .map(|found| {
            let row = &context.extraction.facts.inherits[found.site() as usize];
            let mut diagnostic = context.diagnostic(
                &InheritsAcrossModules::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "class `{}` inherits `{}` of another module",
                    context.text(found.class()),
                    context.text(found.parent())
                ),
            );
            diagnostic.related = context.class_definitions(found.parent()).collect();
            diagnostic
        })
        .collect()
}
