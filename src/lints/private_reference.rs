use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::rules::privacy::Site;

rule! {
    /// ## What it does
    /// Finds variables and parameters of a private class read by qualified
    /// name (`$vault::internal::setting`) or from the catalog
    /// (`Class['vault::internal']['setting']`) from another module.
    ///
    /// ## Why is this bad?
    /// "Names, Scope and Access Control", Access Control, allows reading a
    /// private class's
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
        .privacy()
        .references
        .iter()
        .map(|found| {
            let (file, line, col, what) = match found.site() {
                Site::ParamRef(index) => {
                    let row = &facts.resource_param_ref[index as usize];
                    let what = format!(
                        "`Class['{}']['{}']`",
                        context.text(row.title),
                        context.text(row.param)
                    );
                    (row.file, row.line, row.col, what)
                }
                _ => {
                    let (line, col) = context.site_location(found.site());
                    let name = match found.site() {
                        Site::VarRef(index) => context.text(facts.var_ref[index as usize].name),
                        _ => "",
                    };
                    (found.file(), line, col, format!("`${name}`"))
                }
            };
            let mut diagnostic = context.diagnostic(
                &PrivateReference::RULE,
                file,
                line,
                col,
                format!(
                    "{what} reads class `{}`, private to module `{}` ({}), {}",
                    context.text(found.class()),
                    context.text(found.class_module()),
                    found.how().name(),
                    Context::describe_module(context.text(found.from_module())),
                ),
            );
            diagnostic.related = context.class_definitions(found.class()).collect();
            diagnostic
        })
        .collect()
}
