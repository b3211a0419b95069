use rustc_hash::FxHashMap;

use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::{FileId, Sym};
use crate::rules::names::ClassSite;

rule! {
    /// ## What it does
    /// Finds classes declared (`include`, `require`, `contain`,
    /// `class { 'x': }`) or ordered (`Class['x'] -> ...`, `require =>
    /// Class['x']`) that no analyzed manifest defines: once per file, its
    /// other uses in the file and the reads of its variables
    /// (`$x::setting`, which `unknown-variable` then leaves alone) as
    /// related places. A branch that Puppet evaluates only when a name
    /// defined nowhere is defined (`if defined('portage') { ... }`) is
    /// dead code, where nothing is reported; `defined(Class['x'])` itself
    /// uses nothing.
    ///
    /// ## Why is this bad?
    /// Puppet fails the compilation of every node that reaches the
    /// declaration: "Could not find class". Often a typo, or a module
    /// missing from the environment (`unread-modulepath` says which entry
    /// of the modulepath pfacts could not read).
    ///
    /// ## Example
    /// ```puppet
    /// include apache::mod::sll
    /// ```
    UnknownClass { id: "unknown-class", severity: Error, enabled: true }
}

/// A use of an unknown class.
struct Use {
    class: Sym,
    file: FileId,
    line: u32,
    col: u32,
    what: &'static str,
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    let mut uses: Vec<Use> = context
        .names()
        .classes
        .iter()
        .map(|found| match found.relation() {
            ClassSite::Declares => {
                let row = &facts.declares[found.site() as usize];
                (row.file, row.line, row.col, "declared", found.class())
            }
            ClassSite::Relationship => {
                let row = &facts.relationship[found.site() as usize];
                (row.file, row.line, row.col, "ordered", found.class())
            }
        })
        .map(|(file, line, col, what, class)| Use {
            class,
            file,
            line,
            col,
            what,
        })
        .collect();
    uses.sort_by_key(|used| (context.text(used.class), used.file, used.line, used.col));

    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    // Each class's first finding in a file, and its first finding (indexes
    // in `diagnostics`).
    let mut finding_in_file: FxHashMap<(Sym, FileId), usize> = FxHashMap::default();
    let mut first_finding: FxHashMap<Sym, usize> = FxHashMap::default();
    let mut index = 0;
    while index < uses.len() {
        let first = &uses[index];
        let in_file = uses[index..]
            .iter()
            .take_while(|used| (used.class, used.file) == (first.class, first.file))
            .count();
        let mut diagnostic = context.diagnostic(
            &UnknownClass::RULE,
            first.file,
            first.line,
            first.col,
            format!(
                "class `{}` is {} here but defined nowhere",
                context.text(first.class),
                first.what
            ),
        );
        diagnostic.related = uses[index + 1..index + in_file]
            .iter()
            .map(|used| {
                context.related(
                    used.file,
                    used.line,
                    used.col,
                    format!("also {} here", used.what),
                )
            })
            .collect();
        finding_in_file
            .entry((first.class, first.file))
            .or_insert(diagnostics.len());
        first_finding
            .entry(first.class)
            .or_insert(diagnostics.len());
        diagnostics.push(diagnostic);
        index += in_file;
    }

    // The reads of an unknown class's variables: with its finding in the
    // same file, else with its first finding.
    for read in &context.names().reads_of_unknown_classes {
        let row = context.var_ref(read.reference());
        let Some(&owner) = finding_in_file
            .get(&(read.class(), row.file))
            .or_else(|| first_finding.get(&read.class()))
        else {
            continue;
        };
        let related = context.related(
            row.file,
            row.line,
            row.col,
            format!(
                "`${}` read here: undef, as class `{}` is unknown",
                context.text(row.name),
                context.text(read.class())
            ),
        );
        diagnostics[owner].related.push(related);
    }
    diagnostics
}
