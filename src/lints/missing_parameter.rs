use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds instances of defines that leave out a parameter which has no
    /// default, whatever its type: Puppet 7 wants a value even for
    /// `Optional[String] $x` (an explicit `undef` is one). A resource
    /// default for that attribute anywhere counts as giving it (through
    /// dynamic scope it may).
    ///
    /// ## Why is this bad?
    /// Puppet refuses to compile any node that evaluates the declaration:
    /// "Foo[x]: expects a value for parameter 'y'".
    ///
    /// ## Example
    /// ```puppet
    /// define app::vhost (String $docroot) { }
    /// app::vhost { 'www': }            # no docroot
    /// ```
    MissingParameter { id: "missing-parameter", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::missing_parameter_diagnostics(context, false, &MissingParameter::RULE)
}
