use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds type definitions (`type A { ... }`, `type A inherits B { }`),
    /// which the ARM "Puppet Types" proposes and pfacts parses, but
    /// Puppet 7 does not evaluate, and type mappings of anything but
    /// `Runtime[...]`. Puppet's issue code: UNSUPPORTED_EXPRESSION.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it. A type alias
    /// (`type A = Object[{...}]`) is what Puppet 7 accepts.
    ///
    /// ## Example
    /// ```puppet
    /// type Mycorp::Service { attributes => { name => String } }
    /// ```
    UnsupportedExpression { id: "unsupported-expression", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &UnsupportedExpression::RULE,
        &["UNSUPPORTED_EXPRESSION"],
    )
}
