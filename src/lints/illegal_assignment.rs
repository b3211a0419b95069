use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds assignments Puppet's validator refuses: `+=` and `-=`, an
    /// assignment in a parameter's default value, to a variable of another
    /// scope (`$a::b = 1`), to an element (`$x[0] = 1`), to a match
    /// variable (`$1 = 2`), or to what is not a variable; and what its
    /// compiler refuses, assigning `$facts`, `$trusted` or `$server_facts`.
    /// Puppet's issue codes: APPENDS_DELETES_NO_LONGER_SUPPORTED,
    /// ILLEGAL_ASSIGNMENT_CONTEXT, CROSS_SCOPE_ASSIGNMENT,
    /// ILLEGAL_INDEXED_ASSIGNMENT, ILLEGAL_NUMERIC_ASSIGNMENT,
    /// ILLEGAL_ASSIGNMENT; pfacts' code RESERVED_VARIABLE.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it. Variables are
    /// immutable and belong to the scope that assigns them.
    ///
    /// ## Example
    /// ```puppet
    /// $packages += ['curl']
    /// $apache::port = 8080
    /// ```
    IllegalAssignment { id: "illegal-assignment", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &IllegalAssignment::RULE,
        &[
            "APPENDS_DELETES_NO_LONGER_SUPPORTED",
            "ILLEGAL_ASSIGNMENT_CONTEXT",
            "CROSS_SCOPE_ASSIGNMENT",
            "ILLEGAL_INDEXED_ASSIGNMENT",
            "ILLEGAL_NUMERIC_ASSIGNMENT",
            "ILLEGAL_ASSIGNMENT",
            "RESERVED_VARIABLE",
        ],
    )
}
