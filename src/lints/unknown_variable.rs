use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds variables read where no assignment or parameter is visible:
    /// a scope sees its own variables, those of the classes it inherits
    /// from, node scope (for classes declared in a node definition), top
    /// scope, and a lambda also those of its enclosing scope; a define's
    /// body never sees its caller's locals. `$a::b::x` must name a
    /// parameter or class-level variable of class `a::b`. Facts, `$facts`,
    /// `$trusted`, `$title`, `$name`, `$module_name`, regex captures and
    /// metaparameters in defines are known; an unassigned name that is a
    /// Facter or custom fact is left to `top-scope-fact`, and a read of an
    /// unknown class's variable to `unknown-class`.
    ///
    /// ## Why is this bad?
    /// Puppet evaluates an unknown variable to `undef` (or fails under
    /// `--strict_variables`), silently: a typo becomes an empty value in a
    /// configuration file.
    ///
    /// ## Example
    /// ```puppet
    /// class app ($port = 80) {
    ///   notice("listening on ${prot}")
    /// }
    /// ```
    UnknownVariable { id: "unknown-variable", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .variables()
        .iter()
        .map(|found| {
            let row = context.var_ref(found.reference());
            context.diagnostic(
                &UnknownVariable::RULE,
                row.file,
                row.line,
                row.col,
                format!("`${}` is not visible here", context.text(row.name)),
            )
        })
        .collect()
}
