use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds attributes that a declaration sets but its class, define or
    /// resource type does not have. Metaparameters (`require`, `tag`, ...)
    /// are allowed everywhere; the parameters of Puppet's built-in types
    /// come from Puppet 7 itself, those of types that modules write in Ruby
    /// from their `newparam`/`newproperty` calls.
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
    /// ```
    UnknownParameter { id: "unknown-parameter", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .declarations()
        .unknown_parameters
        .iter()
        .filter_map(|found| {
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
        })
        .collect()
}
