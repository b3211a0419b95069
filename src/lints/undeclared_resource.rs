use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::RequiredHow;

rule! {
    /// ## What it does
    /// Finds a relationship (`->`, `~>`, `before`, `require`, `notify`,
    /// `subscribe`) or a `realize` that names a resource, with a literal
    /// type and title, that no code of the tree declares: no resource of
    /// that type has that title, and none may have it under another name
    /// (no computed title, `alias` or namevar of that type, no function
    /// declaring resources of it, such as `ensure_packages` or
    /// `create_resources`).
    ///
    /// ## Why is this bad?
    /// The catalog cannot hold the resource: wherever this code is
    /// evaluated, Puppet fails the compilation ("Could not find resource
    /// 'File[/etc/ntp.conf]' in parameter 'require'", "Failed to realize
    /// virtual resources User[deploy]"). Often a typo in the title, or a
    /// resource renamed in one place only.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/ntp.conf': ensure => file }
    /// service { 'ntp': require => File['/etc/ntpd.conf'] }
    /// ```
    UndeclaredResource { id: "undeclared-resource", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .required_resources()
        .iter()
        .map(|found| {
            let row = &facts.required_resource[found.required().0 as usize];
            let reference = format!(
                "{}[{}]",
                crate::facts::names::capitalize(context.text(row.type_name)),
                context.text(row.title)
            );
            let consequence = match row.how {
                RequiredHow::Arrow | RequiredHow::Metaparameter => {
                    "Puppet fails the compilation wherever this relationship is evaluated (\"Could not find resource\")"
                }
                RequiredHow::Realize => {
                    "Puppet fails the compilation wherever this is evaluated (\"Failed to realize virtual resources\")"
                }
            };
            context.diagnostic(
                &UndeclaredResource::RULE,
                row.file,
                row.line,
                row.col,
                format!("`{reference}` is declared nowhere in the code: {consequence}"),
            )
        })
        .collect()
}
