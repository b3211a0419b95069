use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds resource defaults written in one module that reach resources
    /// of another module through dynamic scope: a class that declares
    /// another class, or a define instance, passes its defaults on.
    ///
    /// ## Why is this bad?
    /// The other module's resources silently get attributes their authors
    /// never wrote (`File { mode => '0600' }` in a profile changes the
    /// files of every module it includes); Puppet's documentation warns
    /// against defaults outside top scope for this reason.
    ///
    /// ## Example
    /// ```puppet
    /// class profile::web {
    ///   File { mode => '0600' }
    ///   include apache          # apache's files get mode 0600
    /// }
    /// ```
    DefaultLeak { id: "default-leak", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for applies in &context.defaults().applies {
        let resource = context.resource(applies.resource());
        let Some(default) = context.default_row(applies.default(), applies.attr()) else {
            continue;
        };
        let (from, to) = (
            context.module_of(default.file),
            context.module_of(resource.file),
        );
        if from.is_empty() || from == to {
            continue;
        }
        let mut diagnostic = context.diagnostic(
            &DefaultLeak::RULE,
            resource.file,
            resource.line,
            context.resource_column(resource),
            format!(
                "`{}` of {}[{}] comes from a default of module `{from}`",
                context.text(applies.attr()),
                context.text(resource.type_name),
                context.text(resource.title),
            ),
        );
        diagnostic.related = vec![context.related(
            default.file,
            default.line,
            default.col,
            format!(
                "default `{} {} {}` set here",
                context.text(default.attr),
                default.op.name(),
                context.text(default.value_text)
            ),
        )];
        diagnostics.push(diagnostic);
    }
    diagnostics
}
