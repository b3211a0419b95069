use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::Sym;

rule! {
    /// ## What it does
    /// Finds classes that inherit from themselves, directly or through other
    /// classes, and reports each cycle once, naming every class on it.
    ///
    /// ## Why is this bad?
    /// Puppet 7 cannot evaluate such a class: the compilation of any node
    /// that declares one dies with "stack level too deep" and no location.
    /// A cycle no node reaches is found here before one does.
    ///
    /// ## Example
    /// ```puppet
    /// class a inherits b { }
    /// class b inherits a { }
    /// ```
    CircularInheritance { id: "circular-inheritance", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    cycles(context)
        .into_iter()
        .filter_map(|cycle| {
            let first = *cycle.first()?;
            let declaration = context
                .extraction
                .facts
                .class_decl
                .iter()
                .find(|row| row.class == first)?;
            let names: Vec<String> = cycle
                .iter()
                .map(|class| format!("`{}`", context.text(*class)))
                .collect();
            let mut diagnostic = context.diagnostic(
                &CircularInheritance::RULE,
                declaration.file,
                declaration.line,
                declaration.col,
                format!(
                    "circular inheritance: {} -> `{}`",
                    names.join(" -> "),
                    context.text(first)
                ),
            );
            diagnostic.related = cycle
                .iter()
                .skip(1)
                .flat_map(|&class| context.class_definitions(class))
                .collect();
            Some(diagnostic)
        })
        .collect()
}

/// Each cycle, as its classes in inheritance order from its first class.
pub fn cycles(context: &Context) -> Vec<Vec<Sym>> {
    let mut cycles: Vec<Vec<Sym>> = Vec::new();
    let output = &context.inheritance;
    let mut firsts: Vec<Sym> = output.cycles.iter().map(|cycle| cycle.0).collect();
    firsts.dedup();
    for first in firsts {
        let on_cycle = |class: Sym| {
            output
                .cycles
                .iter()
                .any(|cycle| cycle.0 == first && cycle.1 == class)
        };
        let mut members = vec![first];
        let mut current = first;
        loop {
            let next = context
                .extraction
                .facts
                .inherits
                .iter()
                .find(|row| row.class == current && on_cycle(row.parent))
                .map(|row| row.parent);
            match next {
                Some(next) if next != first && !members.contains(&next) => {
                    members.push(next);
                    current = next;
                }
                _ => break,
            }
        }
        cycles.push(members);
    }
    cycles
}
