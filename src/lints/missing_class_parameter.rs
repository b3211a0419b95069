use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds resource-like class declarations (`class { 'x': }`) that leave
    /// out a parameter which has no default, whatever its type (Puppet 7
    /// wants a value even when the type accepts `undef`).
    ///
    /// ## Why is this bad?
    /// Unless Hiera supplies the value (automatic parameter lookup of
    /// `x::param`), Puppet refuses to compile the node: "Class[X]: expects a
    /// value for parameter 'y'". A warning, since pfacts does not know the
    /// nodes' Hiera data.
    ///
    /// ## Example
    /// ```puppet
    /// class profile::db (String $password) { }
    /// class { 'profile::db': }         # password must come from Hiera
    /// ```
    MissingClassParameter { id: "missing-class-parameter", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::missing_parameter_diagnostics(context, true, &MissingClassParameter::RULE)
}
