use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds keys of Hiera data named as a class parameter,
    /// `class::parameter`, where no manifest defines the class, though
    /// the module the key names is in the tree (`profile::nosuch::port`
    /// where module `profile` has no class `profile::nosuch`), unless some
    /// code looks the key up by name (`lookup('x')`, `hiera('x')`, or
    /// data's `%{lookup('x')}`, `%{alias('x')}`). A module that is not in
    /// the tree may be installed elsewhere: its keys are not judged.
    ///
    /// ## Why is this bad?
    /// Only a class's parameters are looked up automatically. A key for a
    /// class that does not exist (misspelled, renamed, removed) is never
    /// asked for: the data that was meant to configure something
    /// configures nothing, and Puppet says nothing.
    ///
    /// ## Example
    /// ```puppet
    /// # data/common.yaml holds `profile::webserver::port: 8080`
    /// class profile::web ($port = 80) { }
    /// ```
    UnknownHieraClass { id: "unknown-hiera-class", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .hiera_keys()
        .unknown_class
        .iter()
        .map(|found| {
            let row = &facts.hiera_key[found.key().0 as usize];
            let key = context.text(row.key);
            let (class, _) = key.rsplit_once("::").unwrap_or((key, ""));
            let class = class.trim_start_matches("::");
            let module = class.split("::").next().unwrap_or(class);
            context.diagnostic(
                &UnknownHieraClass::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`{key}` binds nothing: no manifest defines class `{class}` (module `{module}` is here), and no code looks the key up by name"
                ),
            )
        })
        .collect()
}
