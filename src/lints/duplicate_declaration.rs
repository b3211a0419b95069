use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::rules::declarations::DEFINITION_KINDS;

rule! {
    /// ## What it does
    /// Finds a class, define, function or node (by its name or matcher)
    /// defined twice in the analyzed code.
    ///
    /// ## Why is this bad?
    /// Puppet uses the first definition it loads and never the other: the
    /// second is dead code, or two modules collide on a name and which one
    /// wins depends on the modulepath.
    ///
    /// ## Example
    /// ```puppet
    /// class ntp { }   # modules/ntp/manifests/init.pp
    /// class ntp { }   # manifests/site.pp: a second `ntp`
    /// ```
    DuplicateDeclaration { id: "duplicate-declaration", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    context
        .declarations()
        .duplicate_definitions
        .iter()
        .map(|found| {
            let site = |row: u32| {
                let row = row as usize;
                match found.0 {
                    0 => {
                        let row = &facts.class_decl[row];
                        (row.class, row.file, row.line, row.col)
                    }
                    1 => {
                        let row = &facts.define_decl[row];
                        (row.define, row.file, row.line, row.col)
                    }
                    2 => {
                        let row = &facts.function_decl[row];
                        (row.function, row.file, row.line, row.col)
                    }
                    _ => {
                        let row = &facts.node_decl[row];
                        (row.matcher, row.file, row.line, row.col)
                    }
                }
            };
            let (name, file, line, col) = site(found.2);
            let (_, first_file, first_line, first_col) = site(found.1);
            let kind = DEFINITION_KINDS[found.0 as usize];
            let mut diagnostic = context.diagnostic(
                &DuplicateDeclaration::RULE,
                file,
                line,
                col,
                format!("{kind} `{}` is defined twice", context.text(name)),
            );
            diagnostic.related = vec![context.related(
                first_file,
                first_line,
                first_col,
                format!("{kind} `{}` is also defined here", context.text(name)),
            )];
            diagnostic
        })
        .collect()
}
