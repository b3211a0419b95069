use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds resource defaults written after resources they would reach:
    /// resources of their own scope declared before them, and those of
    /// classes their scope declares before them.
    ///
    /// ## Why is this bad?
    /// Puppet 7 gives a resource the defaults in reach when it is
    /// declared, so a default applies only to what comes after it; the
    /// earlier resources silently keep another value (an outer default, or
    /// none), although the default reads as if it covered the whole scope.
    /// Define instances are not affected: their bodies run after the
    /// node's code. A resource in a branch apart from the default's (the
    /// `else` of the default's `if`, another option of its `case`) never
    /// meets it, and is not reported.
    ///
    /// ## Example
    /// ```puppet
    /// class app {
    ///   file { '/etc/app.conf': }   # does not get mode 0600
    ///   File { mode => '0600' }
    /// }
    /// ```
    LateDefault { id: "late-default", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let missed = &context.defaults().missed;
    missed
        .chunk_by(|one, other| (one.default(), one.attr()) == (other.default(), other.attr()))
        .filter_map(|group| {
            let first = group[0];
            let default = context.default_row(first.default(), first.attr())?;
            let resources: Vec<String> = group
                .iter()
                .map(|missed| context.resource_name(context.resource(missed.resource())))
                .collect();
            let mut diagnostic = context.diagnostic(
                &LateDefault::RULE,
                default.file,
                default.line,
                default.col,
                format!(
                    "default `{} {} {}` comes after what it would reach, which keeps its own value: {}",
                    context.text(default.attr),
                    default.op.name(),
                    context.text(default.value_text),
                    resources.join(", ")
                ),
            );
            diagnostic.related = group
                .iter()
                .map(|missed| {
                    let resource = context.resource(missed.resource());
                    let message = if resource.scope == default.scope {
                        "declared before the default"
                    } else {
                        "in a class declared before the default"
                    };
                    context.related(
                        resource.file,
                        resource.line,
                        context.resource_column(resource),
                        message.to_string(),
                    )
                })
                .collect();
            Some(diagnostic)
        })
        .collect()
}
