use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds node definitions Puppet's validator refuses: `node a inherits
    /// b`, a quoted host name with characters other than letters, digits,
    /// `_`, `-` and `.`, and an interpolated host name. Puppet's issue codes:
    /// ILLEGAL_NODE_INHERITANCE, ILLEGAL_HOSTNAME_CHARS,
    /// ILLEGAL_HOSTNAME_INTERPOLATION.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it; node inheritance was
    /// removed in Puppet 4.
    ///
    /// ## Example
    /// ```puppet
    /// node 'web01.example.com' inherits base { }
    /// node 'web 02' { }
    /// ```
    IllegalNode { id: "illegal-node", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &IllegalNode::RULE,
        &[
            "ILLEGAL_NODE_INHERITANCE",
            "ILLEGAL_HOSTNAME_CHARS",
            "ILLEGAL_HOSTNAME_INTERPOLATION",
        ],
    )
}
