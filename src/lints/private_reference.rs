use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::rules::privacy::Site;

rule! {
    /// ## What it does
    /// Finds variables and parameters of a private class read by qualified
    /// name (`$vault::internal::setting`) from another module.
    ///
    /// ## Why is this bad?
    /// The language specification allows reading a private class's
    /// parameters, since they are in the catalog, but warns: they are an
    /// implementation concern of the module and may change without notice.
    ///
    /// ## Example
    /// ```puppet
    /// # modules/app/manifests/init.pp
    /// notice($vault::internal::setting)
    /// ```
    PrivateReference { id: "private-reference", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .privacy
        .references
        .iter()
        .filter_map(|found| {
            let Site::VarRef(index) = found.3 else {
                return None;
            };
            let row = &facts.var_ref[index as usize];
            let mut diagnostic = context.diagnostic(
                &PrivateReference::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`${}` reads class `{}`, private to module `{}` ({}), {}",
                    context.text(row.name),
                    context.text(found.0),
                    context.text(found.4),
                    found.1.name(),
                    Context::describe_module(context.text(found.5)),
                ),
            );
            diagnostic.related = context.class_definitions(found.0).collect();
            Some(diagnostic)
        })
        .collect()
}
