use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds a module's `metadata.json` that does not parse as JSON (a
    /// trailing comma, a missing quote). A warning, as Puppet 7 gives it
    /// ("has an invalid and unparsable metadata.json file"); an error with
    /// `--puppet 8`, whose `strict=error` leaves the module out of the
    /// environment (`Puppet::Module::FaultyMetadata`).
    ///
    /// ## Why is this bad?
    /// Puppet 7 loads the module without its metadata: its dependencies,
    /// its `data_provider`. Puppet 8 does not load the module at all:
    /// every class, define, function and type of it is unknown
    /// ("Could not find class ::db").
    ///
    /// ## Example
    /// ```json
    /// {
    ///   "name": "example-db",
    ///   "version": "1.0.0",
    ///   "dependencies": [],
    /// }
    /// ```
    FaultyMetadata { id: "faulty-metadata", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .extraction
        .facts
        .faulty_metadata
        .iter()
        .map(|row| {
            context.diagnostic(
                &FaultyMetadata::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "this metadata.json does not parse ({}): Puppet 7 loads the module without it (\"has an invalid and unparsable metadata.json file\"), Puppet 8 leaves the module out, and every class, define and function of it is unknown",
                    context.text(row.message)
                ),
            )
        })
        .collect()
}
