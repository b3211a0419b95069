use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a statement that only computes a value (a literal, a variable,
    /// arithmetic, a comparison, an access) followed by other statements in
    /// its block, or ending the body of a class, define or node. Puppet's
    /// issue codes: IDEM_EXPRESSION_NOT_LAST, IDEM_NOT_ALLOWED_LAST.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file: the value is produced and forgotten,
    /// which almost always means the code does not read as intended (a
    /// space before `[` makes `$a [1]` two statements).
    ///
    /// ## Example
    /// ```puppet
    /// $port == 80
    /// notice($port)
    /// ```
    NoEffect { id: "no-effect", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &NoEffect::RULE,
        &["IDEM_EXPRESSION_NOT_LAST", "IDEM_NOT_ALLOWED_LAST"],
    )
}
