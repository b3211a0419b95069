use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a YAML file of Hiera data that holds something other than a
    /// hash of keys: a list, a string, a number. (An empty file is no
    /// finding: Puppet reads it as no data.) A warning, as Puppet 7 gives
    /// it ("file does not contain a valid yaml hash"); an error with
    /// `--puppet 8`, whose `strict=error` fails every lookup that reads
    /// the file with those words.
    ///
    /// ## Why is this bad?
    /// Puppet 7 reads the file as empty: none of the values written in it
    /// reaches a class, without a word but a log line. Under Puppet 8 the
    /// catalogs of the nodes whose hierarchy reads it do not compile.
    ///
    /// ## Example
    /// ```yaml
    /// ---
    /// - profile::web::port: 8080   # a list of one hash, not a hash
    /// ```
    HieraDataNotHash { id: "hiera-data-not-hash", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .extraction
        .facts
        .hiera_not_hash
        .iter()
        .map(|row| {
            let found = context.text(row.found);
            let article = if found.starts_with(['A', 'I']) { "an" } else { "a" };
            context.diagnostic(
                &HieraDataNotHash::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "this Hiera data holds {article} {found}, not a hash of keys: Puppet 7 reads it as empty (\"file does not contain a valid yaml hash\"), Puppet 8 fails every lookup that reads it"
                ),
            )
        })
        .collect()
}
