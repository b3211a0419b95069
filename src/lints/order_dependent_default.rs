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
    context
        .defaults()
        .order_dependent
        .iter()
        .filter_map(|found| {
            let scope = context.scope_row(found.scope())?;
            Some(context.diagnostic(
                &OrderDependentDefault::RULE,
                scope.file,
                scope.line,
                1,
                format!(
                    "which `{}` default reaches the {} resources of {} `{}` depends on which declaration Puppet evaluates first",
                    context.text(found.attr()),
                    context.text(found.type_name()),
                    scope.kind.name(),
                    context.text(scope.name),
                ),
            ))
        })
        .collect()
}
