use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds classes, defines and nodes defined anywhere but at top level or
    /// directly in a class body (in a define, a function, a node, a lambda,
    /// an `if` or `case`), and functions and type aliases anywhere but at
    /// top level; and at the top of a module's `manifests/`, `functions/`
    /// or `types/` file, anything but definitions (a node, a resource, a
    /// variable). Puppet's issue codes: NOT_TOP_LEVEL, NOT_ABSOLUTE_TOP_LEVEL,
    /// ILLEGAL_TOP_CONSTRUCT_LOCATION.
    ///
    /// ## Why is this bad?
    /// Puppet's validator refuses the whole file when it loads it. A class
    /// in a conditional does not become conditional: definitions are not
    /// evaluated, only declarations are.
    ///
    /// ## Example
    /// ```puppet
    /// if $facts['os']['family'] == 'Debian' {
    ///   class profile::debian { }
    /// }
    /// ```
    MisplacedDefinition { id: "misplaced-definition", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &MisplacedDefinition::RULE,
        &[
            "NOT_TOP_LEVEL",
            "NOT_ABSOLUTE_TOP_LEVEL",
            "ILLEGAL_TOP_CONSTRUCT_LOCATION",
        ],
    )
}
