use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds resource expressions Puppet's validator refuses: a virtual or
    /// exported class (`@class { 'x': }`), `+>` in a resource body (it
    /// only appends in overrides and collectors), and two `* =>` in one
    /// body. Puppet's issue codes: CLASS_NOT_VIRTUALIZABLE,
    /// ILLEGAL_ATTRIBUTE_APPEND, MULTIPLE_ATTRIBUTES_UNFOLD.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': require +> Package['motd'] }
    /// ```
    IllegalResource { id: "illegal-resource", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &IllegalResource::RULE,
        &[
            (
                "CLASS_NOT_VIRTUALIZABLE",
                "a class cannot be virtual or exported",
            ),
            (
                "ILLEGAL_ATTRIBUTE_APPEND",
                "`{} +>` appends only in an override or a collector",
            ),
            (
                "MULTIPLE_ATTRIBUTES_UNFOLD",
                "a resource body can unfold one hash of attributes (`* =>`) only",
            ),
        ],
    )
}
