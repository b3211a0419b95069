use rustc_hash::FxHashMap;

use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::layout::Role;
use crate::facts::schema::FileReferenceHow;

rule! {
    /// ## What it does
    /// Finds files of modules that code names by a literal (or with
    /// `$module_name`, in a class or define of a module) and the module
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
    /// The catalog compiles, but the agent's run fails when it cannot
    /// fetch the file ("Could not retrieve information from environment
    /// ... source(s)"): the resource and all that depends on it fail on
    /// every node. A copy of a repository without its binary files
    /// (images, archives) gives such findings too: they are real for the
    /// copy.
    ///
    /// ## Example
    /// ```puppet
    /// file { '/etc/motd': source => 'puppet:///modules/motd/motd' }  # no motd/files/motd
    /// ```
    MissingFileSource { id: "missing-file-source", severity: Error, enabled: true }
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
    let references = &context.extraction.facts.file_reference;
    let mut roots: Option<FxHashMap<&str, &str>> = None;
    let mut diagnostics = Vec::new();
    let mut last = None;
    for missing in context.module_files() {
        let index = missing.reference().0 as usize;
        let row = &references[index];
        // The alternatives of a reference are written one after another:
        // one finding for them all.
        if !judged(row.how) || last == Some(row.reference) {
            continue;
        }
        last = Some(row.reference);
        let start = references[..index]
            .iter()
            .rposition(|other| other.reference != row.reference)
            .map_or(0, |before| before + 1);
        let alternatives: Vec<&str> = references[start..]
            .iter()
            .take_while(|other| other.reference == row.reference)
            .map(|other| context.text(other.name))
            .collect();
        let name = context.text(row.name);
        let (module, _) = name.split_once('/').unwrap_or((name, ""));
        let roots = roots.get_or_insert_with(|| module_roots(context));
        let root = roots.get(module).copied().unwrap_or(module);
        let searched = format!("`{root}/{}/`", row.how.directory().name());
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

/// Each module's directory, by the directory of its manifests
/// (`galera` for `.../galera/manifests/init.pp`), where Puppet looks for
/// its `templates/` and `files/`.
fn module_roots<'a>(context: &'a Context) -> FxHashMap<&'a str, &'a str> {
    let mut roots = FxHashMap::default();
    for file in &context.extraction.facts.file {
        if file.role != Role::ModuleManifest {
            continue;
        }
        let path = context.text(file.path);
        if let Some(end) = path.rfind("/manifests/") {
            let root = &path[..end];
            let directory = root.rsplit('/').next().unwrap_or(root);
            roots.entry(context.text(file.module)).or_insert(directory);
        }
    }
    roots
}
