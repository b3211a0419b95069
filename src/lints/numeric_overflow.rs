use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds integer literals (decimal, `0x` hexadecimal or `0` octal)
    /// beyond Puppet's 64-bit range, 9223372036854775807. A minus sign is
    /// an operator applied to the literal, so `-9223372036854775808` is
    /// out of range too. Puppet's issue code: NUMERIC_OVERFLOW.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it.
    ///
    /// ## Example
    /// ```puppet
    /// $mask = 0xFFFFFFFFFFFFFFFF
    /// ```
    NumericOverflow { id: "numeric-overflow", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &NumericOverflow::RULE, &["NUMERIC_OVERFLOW"])
}
