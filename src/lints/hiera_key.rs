use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds keys of Hiera data named as a class parameter,
    /// `class::parameter`, where the class is defined but has no such
    /// parameter (`profile::web::prot` for a class with `$port`), unless
    /// some manifest looks the key up by name (`lookup('x')`, `hiera('x')`).
    /// Keys are read at the top level of the data files of each layer's
    /// data directories (its `hiera.yaml`'s `datadir`s; without one, below
    /// `data/` or `hieradata/`).
    ///
    /// ## Why is this bad?
    /// Puppet's automatic parameter lookup asks Hiera for each parameter
    /// by its name; a key no parameter has is never asked for, and the
    /// parameter keeps its default without a word.
    ///
    /// ## Example
    /// ```puppet
    /// # data/common.yaml holds `profile::web::prot: 8080`
    /// class profile::web ($port = 80) { }
    /// ```
    HieraKey { id: "unbound-hiera-key", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .hiera_keys()
        .unbound
        .iter()
        .map(|found| {
            let row = &facts.hiera_key[found.key().0 as usize];
            let key = context.text(row.key);
            let (class, parameter) = key.rsplit_once("::").unwrap_or((key, ""));
            context.diagnostic(
                &HieraKey::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`{key}` binds nothing: class `{}` has no parameter `{parameter}`, and no manifest looks the key up by name (Puppet keeps the parameter's default)",
                    class.trim_start_matches("::")
                ),
            )
        })
        .collect()
}
