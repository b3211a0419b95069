use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds parameter lists Puppet's validator refuses: a name that is not
    /// lower case (or is a number), the same name twice, `$name` or `$title`
    /// as a class or define parameter, `*$rest` in a class or define, and
    /// `*$rest` anywhere but last in a lambda; and what its compiler refuses,
    /// a required parameter after an optional one in a function or lambda.
    /// Puppet's issue codes: ILLEGAL_PARAM_NAME, ILLEGAL_NUMERIC_PARAMETER,
    /// DUPLICATE_PARAMETER, RESERVED_PARAMETER, CAPTURES_REST_NOT_SUPPORTED,
    /// CAPTURES_REST_NOT_LAST; pfacts' code REQUIRED_AFTER_OPTIONAL.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it.
    ///
    /// ## Example
    /// ```puppet
    /// define app::site ($name, $port, $port = 80) { }
    /// ```
    IllegalParameter { id: "illegal-parameter", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &IllegalParameter::RULE,
        &[
            "ILLEGAL_PARAM_NAME",
            "ILLEGAL_NUMERIC_PARAMETER",
            "DUPLICATE_PARAMETER",
            "RESERVED_PARAMETER",
            "CAPTURES_REST_NOT_SUPPORTED",
            "REQUIRED_AFTER_OPTIONAL",
            "CAPTURES_REST_NOT_LAST",
        ],
    )
}
