use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds arithmetic on strings that stand for numbers (`'8000' + 80`,
    /// `-'5'`, `2 * "${count}"`): a string left of `+`, `-`, `*`, `/`,
    /// `%`, `<<` or `>>`, right of one whose left is a number, or after a
    /// unary minus, where Puppet's evaluator is certain to coerce it.
    /// Puppet's issue code: NUMERIC_COERCION. A warning, as Puppet 7 gives
    /// it under its default `strict=warning`; an error with `--puppet 8`,
    /// whose `strict=error` refuses the catalog.
    ///
    /// ## Why is this bad?
    /// Puppet 7 computes the number and warns on every compilation;
    /// Puppet 8 fails the node's catalog there. A string whose text is
    /// computed may also be no number at all, which fails under both.
    ///
    /// ## Example
    /// ```puppet
    /// $port = '8000' + 80
    /// ```
    NumericCoercion { id: "numeric-coercion", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &NumericCoercion::RULE, &["NUMERIC_COERCION"])
}
