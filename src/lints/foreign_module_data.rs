use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds keys in a module's Hiera data (a module with a `hiera.yaml`)
    /// outside the module's namespace: `profile::web::port` in module
    /// `tools`'s `data/common.yaml`. `lookup_options` is the module's own.
    ///
    /// ## Why is this bad?
    /// A module's data answers only for keys of its own module. Puppet
    /// drops every other key when it reads the file, with a warning
    /// ("Module 'tools': Value returned from data_hash function
    /// 'yaml_data', when using location '...', must use keys qualified
    /// with the name of the module"), so the value never reaches the
    /// class it names. Put it in the environment's data.
    ///
    /// ## Example
    /// ```puppet
    /// # modules/tools/data/common.yaml holds `profile::web::port: 9090`
    /// class profile::web ($port = 80) { }
    /// ```
    ForeignModuleData { id: "foreign-module-data", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .hiera_keys()
        .foreign_module
        .iter()
        .map(|found| {
            let row = &facts.hiera_key[found.key().0 as usize];
            let key = context.text(row.key);
            let module = context.text(found.module());
            context.diagnostic(
                &ForeignModuleData::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`{key}` is not a key of module `{module}`: Puppet drops it from the module's data with a warning (a module's data must use keys qualified with the name of the module); move it to the environment's data"
                ),
            )
        })
        .collect()
}
