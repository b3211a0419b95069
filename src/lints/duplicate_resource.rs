use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds two declarations of the same type and literal title that one
    /// scope always evaluates together: in one class or define body, or in
    /// classes it always declares (outside `if`, `unless`, `case` and
    /// selectors), or in a define's body with a title that does not depend
    /// on the instance while one scope declares two instances.
    ///
    /// ## Why is this bad?
    /// Puppet refuses to compile the node: "Duplicate declaration: File[x]
    /// is already declared ...; cannot redeclare". Use `ensure_resource`,
    /// a virtual resource and `realize`, or move the resource to one class.
    ///
    /// ## Example
    /// ```puppet
    /// class a { package { 'git': } }
    /// class b { package { 'git': } }
    /// node default { include a, b }
    /// ```
    DuplicateResource { id: "duplicate-resource", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let declarations = &context.declarations();
    let mut diagnostics = Vec::new();
    for found in &declarations.duplicate_resources {
        let (first, second) = (
            context.resource(found.first()),
            context.resource(found.second()),
        );
        // The later declaration is the one Puppet refuses.
        let (first, second) = if (first.file, first.line) <= (second.file, second.line) {
            (first, second)
        } else {
            (second, first)
        };
        let mut diagnostic = context.diagnostic(
            &DuplicateResource::RULE,
            second.file,
            second.line,
            context.resource_column(second),
            format!(
                "`{}` is already declared; cannot redeclare",
                context.resource_name(second)
            ),
        );
        diagnostic.related = vec![context.related(
            first.file,
            first.line,
            context.resource_column(first),
            "first declared here".to_string(),
        )];
        diagnostics.push(diagnostic);
    }
    for found in &declarations.duplicates_in_defines {
        let resource = context.resource(found.resource());
        let instances = [
            context.resource(found.first()),
            context.resource(found.second()),
        ];
        let mut diagnostic = context.diagnostic(
            &DuplicateResource::RULE,
            resource.file,
            resource.line,
            context.resource_column(resource),
            format!(
                "`{}` has the same title in every instance of `{}`: two instances declare it twice",
                context.resource_name(resource),
                crate::facts::names::capitalize(context.text(instances[0].type_name)),
            ),
        );
        diagnostic.related = instances
            .iter()
            .map(|instance| {
                context.related(
                    instance.file,
                    instance.line,
                    context.resource_column(instance),
                    format!("`{}` declared here", context.resource_name(instance)),
                )
            })
            .collect();
        diagnostics.push(diagnostic);
    }
    diagnostics
}
