use std::collections::BTreeSet;

use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::names::capitalize;

rule! {
    /// ## What it does
    /// Finds resource overrides (`File['/etc/motd'] { ... }`) that Puppet's
    /// compiler refuses: from a class that does not inherit the class (or
    /// define, node, top scope) declaring the resource ("Only subclasses can
    /// override parameters"), and from the declaring class itself for an
    /// attribute it already set ("Parameter 'mode' is already set on
    /// File[/etc/motd] ...; cannot redefine"), `=>` and `+>` alike. Only
    /// resources declared with a literal title are judged; collectors with
    /// an override block may change any resource.
    ///
    /// ## Why is this bad?
    /// Puppet refuses to compile any node that evaluates the override.
    ///
    /// ## Example
    /// ```puppet
    /// class base { file { '/etc/motd': mode => '0644' } }
    /// class other { File['/etc/motd'] { mode => '0600' } }  # not `inherits base`
    /// ```
    IllegalOverride { id: "illegal-override", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    let declarations = &context.declarations();
    // One finding per override of a resource (its rows are one per
    // attribute), at its first attribute.
    let mut reported = BTreeSet::new();
    let mut diagnostics = Vec::new();
    let mut report = |site: u32, message: String| {
        let row = &facts.resource_override[site as usize];
        if reported.insert((row.file, row.scope, row.type_name, row.title)) {
            diagnostics.push(context.diagnostic(
                &IllegalOverride::RULE,
                row.file,
                row.line,
                row.col,
                message,
            ));
        }
    };
    let reference = |site: u32| {
        let row = &facts.resource_override[site as usize];
        format!(
            "{}[{}]",
            capitalize(context.text(row.type_name)),
            context.text(row.title)
        )
    };
    for found in &declarations.foreign_overrides {
        report(
            found.site(),
            format!(
                "only a class that inherits the one declaring `{}` may override it (Puppet: Only subclasses can override parameters)",
                reference(found.site())
            ),
        );
    }
    for found in &declarations.redefinitions {
        report(
            found.site(),
            format!(
                "`{}` already has `{}` from the class declaring it: an override cannot redefine it",
                reference(found.site()),
                context.text(found.attr())
            ),
        );
    }
    diagnostics
}
