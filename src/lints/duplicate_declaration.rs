use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a class, define, function or node (by its name or matcher)
    /// defined twice in the analyzed code. Nodes meet in one environment's
    /// manifests; an example (`examples/`, `tests/`) is applied alone, so
    /// what it defines is compared with what the same file defines.
    ///
    /// ## Why is this bad?
    /// Puppet uses the first definition it loads and never the other: the
    /// second is dead code, or two modules collide on a name and which one
    /// wins depends on the modulepath.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp { }   # modules/ntp/manifests/init.pp
    /// class ntp { }   # manifests/site.pp: a second `ntp`
    /// ```
    DuplicateDeclaration { id: "duplicate-declaration", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let definitions = &context.extraction.facts.definition;
    context
        .declarations()
        .duplicate_definitions
        .iter()
        .map(|found| {
            let (first, second) = (
                &definitions[found.first() as usize],
                &definitions[found.second() as usize],
            );
            let (kind, name) = (first.kind.name(), context.text(second.name));
            let mut diagnostic = context.diagnostic(
                &DuplicateDeclaration::RULE,
                second.file,
                second.line,
                second.col,
                format!("{kind} `{name}` is defined twice"),
            );
            diagnostic.related = vec![context.related(
                first.file,
                first.line,
                first.col,
                format!("{kind} `{name}` is also defined here"),
            )];
            diagnostic
        })
        .collect()
}
