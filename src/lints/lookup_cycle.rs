use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a key in a Hiera data file whose value interpolates another
    /// key (`%{alias('k')}`, `%{lookup('k')}`, `%{hiera('k')}`) that leads
    /// back to it through the values of the same file.
    ///
    /// ## Why is this bad?
    /// No lookup of these keys ends: Puppet fails the compilation of every
    /// node that looks one up in that file ("Lookup of key 'a::x' failed:
    /// Recursive lookup detected in [a::x, a::y]").
    ///
    /// ## Example
    /// ```puppet
    /// # data/common.yaml holds `a::x: "%{alias('a::y')}"` and
    /// # `a::y: "%{alias('a::x')}"`
    /// class a ($x = 'default') { }
    /// ```
    LookupCycle { id: "lookup-cycle", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .hiera_keys()
        .cycles
        .iter()
        .map(|found| {
            let row = &facts.hiera_reference[found.reference().0 as usize];
            let key = context.text(row.key);
            let referenced = context.text(row.referenced);
            context.diagnostic(
                &LookupCycle::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "the value of `{key}` interpolates `{referenced}`, which leads back to `{key}` in this file: Puppet fails every lookup of them here (\"Recursive lookup detected\")"
                ),
            )
        })
        .collect()
}
