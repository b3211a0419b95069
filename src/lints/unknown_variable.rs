use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::rules::privacy::Site;

rule! {
    /// ## What it does
    /// Finds variables read where no assignment or parameter is visible:
    /// a scope sees its own variables, those of the classes it inherits
    /// from, node scope (for classes declared in a node definition), top
    /// scope, and a lambda also those of its enclosing scope; a define's
    /// body never sees its caller's locals. `$a::b::x` must name a
    /// parameter or class-level variable of class `a::b`. Facts, `$facts`,
    /// `$trusted`, `$title`, `$name`, `$module_name`, regex captures and
    /// metaparameters in defines are known; an unassigned name that is a
    /// Facter or custom fact is left to `top-scope-fact`, and a read of an
    /// unknown class's variable to `unknown-class`.
    ///
    /// ## Why is this bad?
    /// Puppet evaluates an unknown variable to `undef` (or fails under
    /// `--strict_variables`), silently: a typo becomes an empty value in a
    /// configuration file.
    ///
    /// ## Example
    /// ```puppet
    /// class app ($port = 80) {
    ///   notice("listening on ${prot}")
    /// }
    /// ```
    UnknownVariable { id: "unknown-variable", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    // A private variable read from another scope is reported by
    // private-access, which says why it is not visible.
    let private_reads: Vec<u32> = context
        .privacy()
        .variables
        .iter()
        .filter_map(|violation| match violation.site() {
            Site::VarRef(index) => Some(index),
            _ => None,
        })
        .collect();
    let facts = &context.extraction.facts;
    // A read of an unknown class's variable is a consequence that
    // unknown-class reports with the class; a class known only from the
    // configuration has variables pfacts cannot see.
    let names = &context.names();
    let mut consequences: Vec<crate::facts::schema::Id> = names
        .reads_of_unknown_classes
        .iter()
        .map(|read| read.reference())
        .chain(
            names
                .reads_of_known_classes
                .iter()
                .map(|read| read.reference()),
        )
        .collect();
    consequences.sort_unstable();
    context
        .scope()
        .unknown
        .iter()
        .filter(|found| consequences.binary_search(&found.reference()).is_err())
        .filter(|found| {
            let index = facts
                .var_ref
                .binary_search_by_key(&found.reference(), |row| row.reference)
                .expect("references come from var_ref");
            private_reads.binary_search(&(index as u32)).is_err()
        })
        .map(|found| {
            let row = context.var_ref(found.reference());
            context.diagnostic(
                &UnknownVariable::RULE,
                row.file,
                row.line,
                row.col,
                format!("`${}` is not visible here", context.text(row.name)),
            )
        })
        .collect()
}
