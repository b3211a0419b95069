use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds arithmetic on a literal string that stands for no number
    /// (`'80/tcp' + 1`, `-'x'`, `'0888' * 2`: an octal number has no 8),
    /// where Puppet's evaluator is certain to try to read it as one (see
    /// `numeric-coercion`). Puppet's issue code: NOT_NUMERIC.
    ///
    /// ## Why is this bad?
    /// Puppet 7 and Puppet 8 fail the catalog when they evaluate it.
    ///
    /// ## Example
    /// ```puppet
    /// $next = '80/tcp' + 1
    /// ```
    NotNumeric { id: "not-numeric", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &NotNumeric::RULE, &["NOT_NUMERIC"])
}
