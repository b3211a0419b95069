use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds resource expressions Puppet refuses: its validator a virtual
    /// or exported class (`@class { 'x': }`), `+>` in a resource body or
    /// resource defaults (it only appends in overrides and collectors) and
    /// two `* =>` in one body
    /// (CLASS_NOT_VIRTUALIZABLE, ILLEGAL_ATTRIBUTE_APPEND,
    /// MULTIPLE_ATTRIBUTES_UNFOLD); its compiler the same attribute twice
    /// in a body, the same literal title twice in one expression, `Class {
    /// }` defaults, and the same default attribute set twice in one scope
    /// (pfacts' codes DUPLICATE_ATTRIBUTE, DUPLICATE_TITLE, CLASS_DEFAULTS,
    /// DUPLICATE_RESOURCE_DEFAULT).
    ///
    /// ## Why is this bad?
    /// Puppet refuses the file when it loads it, or fails every node that
    /// evaluates the expression.
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
            "CLASS_NOT_VIRTUALIZABLE",
            "ILLEGAL_ATTRIBUTE_APPEND",
            "MULTIPLE_ATTRIBUTES_UNFOLD",
            "DUPLICATE_ATTRIBUTE",
            "DUPLICATE_TITLE",
            "CLASS_DEFAULTS",
            "DUPLICATE_RESOURCE_DEFAULT",
        ],
    )
}
