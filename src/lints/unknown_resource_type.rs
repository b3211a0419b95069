use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds resources of a type that is neither built into Puppet 7, nor
    /// defined by a `define`, nor by a module's Ruby code
    /// (`lib/puppet/type/*.rb`): declared, or through a function with the
    /// type written out (`create_resources('nope::thing', ...)`,
    /// `ensure_resource`, `ensure_resources`), or referenced as
    /// `Nosuch['t']` (which Puppet looks up where the reference is
    /// evaluated, a `defined()` test included; `Resource['nosuch', 't']`
    /// is only a name). Code under a `defined()` guard of the type is not
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
    let found = context.names();
    let declared = found.resource_types.iter().map(|found| {
        let row = &facts.resource_expression[found.site() as usize];
        context.diagnostic(
            &UnknownResourceType::RULE,
            row.file,
            row.line,
            row.col,
            format!(
                "resource type `{}` is defined nowhere",
                context.text(found.type_name())
            ),
        )
    });
    let through_functions = found.function_resource_types.iter().map(|found| {
        let row = &facts.function_resources[found.site() as usize];
        context.diagnostic(
            &UnknownResourceType::RULE,
            row.file,
            row.line,
            row.col,
            format!(
                "resource type `{}` is defined nowhere (Puppet: Unknown resource type, at the call)",
                context.text(found.type_name())
            ),
        )
    });
    let referenced = found.reference_types.iter().map(|found| {
        let row = &facts.resource_ref[found.site() as usize];
        context.diagnostic(
            &UnknownResourceType::RULE,
            row.file,
            row.line,
            row.col,
            format!(
                "resource type `{}` is defined nowhere (Puppet: Resource type not found, where the reference is evaluated)",
                context.text(found.type_name())
            ),
        )
    });
    declared
        .chain(through_functions)
        .chain(referenced)
        .collect()
}
