use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a collector (`File <| |>`, `File <<| |>>`) where a value is
    /// used: assigned, set as an attribute, an operand, an array element or
    /// hash entry, or the test of a conditional. As a statement, a side of
    /// a relationship or a call's argument it is allowed. Puppet's issue
    /// code: NOT_RVALUE.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it: a collector realizes
    /// resources but produces no value.
    ///
    /// ## Example
    /// ```puppet
    /// $users = User <| tag == 'admins' |>
    /// ```
    NotAValue { id: "not-a-value", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &NotAValue::RULE, &["NOT_RVALUE"])
}
