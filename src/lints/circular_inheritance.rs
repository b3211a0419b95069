use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::DefinitionKind;

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
    context
        .inheritance_cycles()
        .into_iter()
        .filter_map(|cycle| {
            let first = *cycle.first()?;
            let declaration = context
                .extraction
                .facts
                .definitions(DefinitionKind::Class)
                .find(|row| row.name == first)?;
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
