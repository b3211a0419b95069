use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a `hiera.yaml` of version 3 (or of no version, which is 3) at
    /// the root of an environment or a module, where Puppet reads only
    /// versions 4 and 5. A warning, as Puppet 7 gives it ("hiera.yaml
    /// version 3 found at the environment root was ignored"); an error
    /// with `--puppet 8`, whose `strict=error` fails every lookup of the
    /// layer instead ("hiera.yaml version 3 cannot be used in an
    /// environment", HIERA_VERSION_3_NOT_GLOBAL).
    ///
    /// ## Why is this bad?
    /// Puppet 7 ignores the file: the data it points to binds nothing,
    /// and whoever reads it believes otherwise. Under Puppet 8 no class
    /// parameter of the environment (or the module) can be looked up, so
    /// no catalog compiles. A version 3 file is only ever read as the
    /// global `hiera_config`; an environment or a module needs version 5.
    ///
    /// ## Example
    /// ```yaml
    /// # hiera.yaml at the root of an environment
    /// ---
    /// :backends:
    ///   - yaml
    /// :hierarchy:
    ///   - common
    /// ```
    IgnoredHieraConfig { id: "ignored-hiera-config", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    facts
        .hiera_version
        .iter()
        .filter(|row| row.version == 3)
        .map(|row| {
            let (owner, location) = if context.module_of(row.file).is_empty() {
                ("the environment root", "an environment")
            } else {
                ("module root", "a module")
            };
            context.diagnostic(
                &IgnoredHieraConfig::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "a hiera.yaml of version 3 at {owner}: Puppet 7 ignores it (\"hiera.yaml version 3 found at {owner} was ignored\"), Puppet 8 fails every lookup it would serve (\"hiera.yaml version 3 cannot be used in {location}\"); convert it to version 5"
                ),
            )
        })
        .collect()
}
