use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::rules::scope::Dependence;

rule! {
    /// ## What it does
    /// Finds node-scope variables read by a class that top-level code may
    /// declare before the node does (in a branch, or through a define
    /// instance), by define bodies of which some instances come from
    /// top-level code, and by the EPP templates these render (a template
    /// sees the node scope around its caller).
    ///
    /// ## Why is this bad?
    /// A class sees node scope only when its first declaration comes from
    /// the node's body: top-level code runs before it, and a class
    /// declared there first never sees node scope, even when the node
    /// declares it again. Whether the variable is found then depends on
    /// which declaration Puppet meets first, and can change with a fact.
    ///
    /// ## Example
    /// ```puppet
    /// if $facts['os']['family'] == 'Debian' { include motd }
    /// node default { $owner = 'ops' include motd }
    /// class motd { notify { "owned by ${owner}": } }
    /// ```
    OrderDependentVariable { id: "order-dependent-variable", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .scope()
        .order_dependent
        .iter()
        .filter(|read| read.on() == Dependence::NodeScope)
        .map(|read| {
            let row = context.var_ref(read.reference());
            context.diagnostic(
                &OrderDependentVariable::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`${}` is found in node scope only when a node declares `{}` before top-level code does",
                    context.text(row.name),
                    context.text(read.class()),
                ),
            )
        })
        .collect()
}
