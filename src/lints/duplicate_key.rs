use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds hash literals that write a key twice (`{ 'http' => 80, 'http'
    /// => 8080 }`), keys written as strings, bare words or integers.
    /// Puppet's issue code: DUPLICATE_KEY. A warning, as Puppet 7 gives
    /// it under its default `strict=warning`; an error with `--puppet 8`,
    /// whose `strict=error` refuses the file.
    ///
    /// ## Why is this bad?
    /// Puppet 7 keeps the last value and warns; whoever reads the first
    /// entry believes it. Puppet 8 does not compile the catalog.
    ///
    /// ## Example
    /// ```puppet
    /// $ports = { 'http' => 80, 'https' => 443, 'http' => 8080 }
    /// ```
    DuplicateKey { id: "duplicate-key", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &DuplicateKey::RULE, &["DUPLICATE_KEY"])
}
