use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds scopes declared from more than one place (a class included by
    /// two classes) whose resources would get a default through one
    /// declarer and not through the other.
    ///
    /// ## Why is this bad?
    /// A class's dynamic parent is the first scope that declares it during
    /// evaluation: which defaults its resources get then depends on
    /// evaluation order, and can change when an unrelated `include` moves.
    ///
    /// ## Example
    /// ```puppet
    /// class a { File { mode => '0600' } include common }
    /// class b { include common }
    /// class common { file { '/etc/common': } }
    /// ```
    OrderDependentDefault { id: "order-dependent-default", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .defaults()
        .order_dependent
        .iter()
        .filter_map(|found| {
            let scope = facts.scope.iter().find(|row| row.scope == found.0)?;
            Some(context.diagnostic(
                &OrderDependentDefault::RULE,
                scope.file,
                scope.line,
                1,
                format!(
                    "which `{}` default reaches the {} resources of {} `{}` depends on which declaration Puppet evaluates first",
                    context.text(found.2),
                    context.text(found.1),
                    scope.kind.name(),
                    context.text(scope.name),
                ),
            ))
        })
        .collect()
}
