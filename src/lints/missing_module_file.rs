use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::layout::Role;
use crate::facts::schema::FileReferenceHow;

rule! {
    /// ## What it does
    /// Finds files of modules that code names by a literal and the module
    /// does not hold: `template('m/x.erb')` and `epp('m/x.epp')` (looked
    /// up in `m/templates/`) and `file('m/x')` (in `m/files/`; of several
    /// names, the first that exists is taken, so all must be missing). A
    /// module whose `templates/` or `files/` the analyzed tree does not
    /// hold (not installed here, or a copy of its manifests only) gives no
    /// finding here. `missing-file-source` finds the `source`s.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation of every node that evaluates the call
    /// ("Could not find template 'm/x.erb'", "Could not find any files
    /// from m/x").
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': content => template('motd/motd.erb') }  # no motd/templates/motd.erb
    /// ```
    MissingModuleFile { id: "missing-module-file", severity: Error, enabled: true }
}

rule! {
    /// ## What it does
    /// Finds a `file` resource's `source => 'puppet:///modules/m/x'` that
    /// module `m` does not hold (a file or directory of `m/files/`); of an
    /// array of sources, the agent takes the first that exists, so all
    /// must be missing. A module whose `files/` the analyzed tree does not
    /// hold gives no finding.
    ///
    /// ## Why is this bad?
    /// The catalog compiles, and the agent's run fails when it cannot
    /// fetch the file ("Could not retrieve information from environment
    /// ... source(s)"). A warning, not an error: the compilation, which a
    /// CI gate asks about, succeeds, and a copy of a repository without
    /// its binary files (images, archives) looks the same.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': source => 'puppet:///modules/motd/motd' }  # no motd/files/motd
    /// ```
    MissingFileSource { id: "missing-file-source", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    findings(context, &MissingModuleFile::RULE, |how| {
        how != FileReferenceHow::Source
    })
}

pub fn check_sources(context: &Context) -> Vec<Diagnostic> {
    findings(context, &MissingFileSource::RULE, |how| {
        how == FileReferenceHow::Source
    })
}

fn findings(
    context: &Context,
    rule: &'static super::Rule,
    judged: impl Fn(FileReferenceHow) -> bool,
) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    let mut reported = Vec::new();
    let mut diagnostics = Vec::new();
    for missing in context.module_files() {
        let row = &facts.file_reference[missing.reference().0 as usize];
        if !judged(row.how) || reported.contains(&row.reference) {
            continue;
        }
        reported.push(row.reference);
        let alternatives: Vec<&str> = facts
            .file_reference
            .iter()
            .filter(|other| other.reference == row.reference && other.file == row.file)
            .map(|other| context.text(other.name))
            .collect();
        let name = context.text(row.name);
        let (module, _) = name.split_once('/').unwrap_or((name, ""));
        let searched = searched(context, module, row.how);
        let message = match row.how {
            FileReferenceHow::Template | FileReferenceHow::Epp => format!(
                "Puppet fails the compilation: Could not find template '{name}' (searched {searched})"
            ),
            FileReferenceHow::File => format!(
                "Puppet fails the compilation: Could not find any files from {} (searched {searched})",
                alternatives.join(", ")
            ),
            FileReferenceHow::Source => format!(
                "the agent's run fails: no source of {} exists (searched {searched})",
                alternatives
                    .iter()
                    .map(|name| format!("`puppet:///modules/{name}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        diagnostics.push(context.diagnostic(rule, row.file, row.line, row.col, message));
    }
    diagnostics
}

/// The directory Puppet looks in, below the directory of the module's
/// manifests when the tree has them (`galera/templates/`).
fn searched(context: &Context, module: &str, how: FileReferenceHow) -> String {
    let directory = how.directory().name();
    let root = context.extraction.facts.file.iter().find_map(|file| {
        if file.role != Role::ModuleManifest || context.text(file.module) != module {
            return None;
        }
        let path = context.text(file.path);
        let root = &path[..path.rfind("/manifests/")?];
        Some(root.rsplit('/').next().unwrap_or(root))
    });
    format!("`{}/{directory}/`", root.unwrap_or(module))
}
