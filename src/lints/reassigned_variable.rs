use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a variable assigned a second time in the same scope, both
    /// assignments outside any `if`, `unless`, `case` or selector (pfacts'
    /// code REASSIGNED_VARIABLE).
    ///
    /// ## Why is this bad?
    /// Puppet's variables are immutable: the compilation of every node that
    /// evaluates the scope fails with "Cannot reassign variable".
    ///
    /// ## Example
    /// ```puppet
    /// $port = 80
    /// $port = 8080
    /// ```
    ReassignedVariable { id: "reassigned-variable", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &ReassignedVariable::RULE, &["REASSIGNED_VARIABLE"])
}
