use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a template that renders, by a name written out
    /// (`scope.call_function('template', ['m/x.erb'])`,
    /// `scope.function_template([...])` in ERB, `epp('m/x.epp')` in EPP), a
    /// template that leads back to it: itself, or through other templates.
    ///
    /// ## Why is this bad?
    /// Unless a condition in the template's code stops it (which pfacts
    /// does not read), the rendering never ends: Puppet fails the
    /// compilation with Ruby's "stack level too deep".
    ///
    /// ## Example
    /// ```puppet
    /// # modules/a/templates/self.erb holds
    /// # <%= scope.call_function('template', ['a/self.erb']) %>
    /// file { '/etc/a.conf': content => template('a/self.erb') }
    /// ```
    TemplateRecursion { id: "template-recursion", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .templates()
        .iter()
        .map(|found| {
            let row = &facts.template_render[found.render().0 as usize];
            context.diagnostic(
                &TemplateRecursion::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "this template renders `{}`, which leads back to this template: unless a condition stops it, Puppet fails the compilation (\"stack level too deep\")",
                    context.text(row.name)
                ),
            )
        })
        .collect()
}
