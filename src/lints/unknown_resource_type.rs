use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::rules::names::TypeSite;

rule! {
    /// ## What it does
    /// Finds resources of a type that is neither built into Puppet 7, nor
    /// defined by a `define`, nor by a module's Ruby code
    /// (`lib/puppet/type/*.rb`): declared, or through a function with the
    /// type written out (`create_resources('nope::thing', ...)`,
    /// `ensure_resource`, `ensure_resources`), or referenced as
    /// `Nosuch['t']` (which Puppet looks up where the reference is
    /// evaluated, a `defined()` test included; `Resource['nosuch', 't']`
    /// is only a name, and a type alias's `Alias['x']` gives its type
    /// parameters). Code under a `defined()` guard of the type is not
    /// judged.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation: "Unknown resource type". Often a typo,
    /// or a module missing from the environment; since Puppet 6, types such
    /// as `cron`, `host` and `mount` live in modules of their own.
    ///
    /// ## Example
    /// ```puppet
    /// fiel { '/etc/motd': ensure => file }
    /// ```
    UnknownResourceType { id: "unknown-resource-type", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .names()
        .resource_types
        .iter()
        .map(|found| {
            let site = found.site() as usize;
            let (file, line, col, puppet) = match found.relation() {
                TypeSite::Declaration => {
                    let row = &facts.resource_expression[site];
                    (row.file, row.line, row.col, "")
                }
                TypeSite::Function => {
                    let row = &facts.function_resources[site];
                    let puppet = " (Puppet: Unknown resource type, at the call)";
                    (row.file, row.line, row.col, puppet)
                }
                TypeSite::Reference => {
                    let row = &facts.resource_ref[site];
                    let puppet =
                        " (Puppet: Resource type not found, where the reference is evaluated)";
                    (row.file, row.line, row.col, puppet)
                }
            };
            let name = context.text(found.type_name());
            let message = format!("resource type `{name}` is defined nowhere{puppet}");
            context.diagnostic(&UnknownResourceType::RULE, file, line, col, message)
        })
        .collect()
}
