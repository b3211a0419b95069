use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a second `default` option in a `case` statement or a selector.
    /// Puppet's issue code: DUPLICATE_DEFAULT.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file: the second `default` could never be
    /// chosen.
    ///
    /// ## Example
    /// ```puppet
    /// $mode = $role ? { 'db' => '0600', default => '0644', default => '0640' }
    /// ```
    DuplicateDefault { id: "duplicate-default", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &DuplicateDefault::RULE, &["DUPLICATE_DEFAULT"])
}
