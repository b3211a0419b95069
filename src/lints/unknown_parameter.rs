use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::names::capitalize;

rule! {
    /// ## What it does
    /// Finds attributes that a declaration sets but its class, define or
    /// resource type does not have. Metaparameters (`require`, `tag`, ...)
    /// are allowed everywhere; the parameters of Puppet's built-in types
    /// come from Puppet 7 itself, those of types that modules write in Ruby
    /// from their `newparam`/`newproperty` calls. The literal hashes of
    /// parameters given to `create_resources`, `ensure_resource`,
    /// `ensure_resources` and `ensure_packages` (each title's, and the
    /// defaults) are judged alike.
    ///
    /// ## Why is this bad?
    /// Puppet refuses to compile any node that evaluates the declaration:
    /// "Foo[x]: has no parameter named 'y'". Usually a typo, or a parameter
    /// that a new version of the module renamed.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': contnet => 'hello' }
    /// class { 'ntp': server => 'pool.ntp.org' }   # ntp has `servers`
    /// create_resources('file', { '/etc/issue' => { contnet => 'hi' } })
    /// ```
    UnknownParameter { id: "unknown-parameter", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let found = context.declarations();
    let declared = found.unknown_parameters.iter().filter_map(|found| {
        let resource = context.resource(found.resource());
        let attr = context.attribute_row(found.resource(), found.attr())?;
        Some(context.diagnostic(
            &UnknownParameter::RULE,
            attr.file,
            attr.line,
            attr.col,
            format!(
                "`{}` has no parameter named `{}`",
                context.resource_name(resource),
                context.text(found.attr())
            ),
        ))
    });
    let through_functions = found.unknown_function_parameters.iter().map(|found| {
        let row = &context.extraction.facts.function_attribute[found.site() as usize];
        let type_name = context.text(row.type_name);
        let attr = context.text(row.attr);
        let text = if type_name == "class" {
            let class = capitalize(context.text(row.target));
            format!("`Class[{class}]` has no parameter named `{attr}`")
        } else {
            let type_name = capitalize(type_name);
            format!("`{type_name}` resources have no parameter named `{attr}`")
        };
        context.diagnostic(&UnknownParameter::RULE, row.file, row.line, row.col, text)
    });
    declared.chain(through_functions).collect()
}
