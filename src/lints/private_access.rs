use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::{DefinitionKind, PrivacyHow as How, TOP_SCOPE};
use crate::rules::privacy::UseKind;

rule! {
    /// ## What it does
    /// Finds private classes and defines used from outside their module: a
    /// private class included, required, contained, declared
    /// resource-like, inherited from or related to; a private define
    /// instantiated or related to. Environment manifests (`site.pp`) are
    /// outside every module. An entity is private through the `private`
    /// keyword ("Names, Scope and Access Control", Access Control), an
    /// `assert_private()` call in its body (stdlib), or an `@api private`
    /// tag in its doc comment (puppet-strings).
    ///
    /// ## Why is this bad?
    /// A private class or define is its module's implementation detail: it
    /// may change or vanish in any release. Puppet's own `assert_private()`
    /// check fails the compilation, but only when the node's evaluation
    /// order happens to reach the use; this rule looks at every use.
    ///
    /// ## Example
    /// ```puppet
    /// # modules/vault/manifests/internal.pp
    /// private class vault::internal { }
    /// # manifests/site.pp
    /// include vault::internal
    /// ```
    PrivateAccess { id: "private-access", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    // One diagnostic per use, naming every way the entity is private.
    let violations = &context.privacy().violations;
    let mut index = 0;
    while index < violations.len() {
        let first = &violations[index];
        let same_use = |other: &&crate::rules::privacy::Violation| {
            (other.entity(), other.kind(), other.file(), other.site())
                == (first.entity(), first.kind(), first.file(), first.site())
        };
        let hows: Vec<How> = violations[index..]
            .iter()
            .take_while(same_use)
            .map(|violation| violation.how())
            .collect();
        index += hows.len();
        let (entity, kind, file, site, module) = (
            first.entity(),
            first.kind(),
            first.file(),
            first.site(),
            first.entity_module(),
        );
        let (line, col) = context.site_location(site);
        let what = if facts
            .definitions(DefinitionKind::Define)
            .any(|row| row.name == entity)
        {
            "define"
        } else {
            "class"
        };
        let verb = match kind {
            UseKind::Include => "included",
            UseKind::Require => "required",
            UseKind::Contain => "contained",
            UseKind::Resource => "declared",
            UseKind::Inherits => "inherited from",
            UseKind::Relationship => "related to",
            UseKind::Instantiate => "instantiated",
        };
        let described: Vec<&str> = hows.iter().map(|how| how.describe()).collect();
        let mut diagnostic = context.diagnostic(
            &PrivateAccess::RULE,
            file,
            line,
            col,
            format!(
                "{what} `{}` is private to module `{}` ({}); {verb} here, {}",
                context.text(entity),
                context.text(module),
                described.join(", "),
                Context::describe_module(context.module_of(file)),
            ),
        );
        diagnostic.related = facts
            .privacy
            .iter()
            .filter_map(|row| {
                let how = row.how;
                (row.entity == entity && hows.contains(&how)).then(|| {
                    context.related(
                        row.file,
                        row.line,
                        1,
                        format!("made private here ({})", how.describe()),
                    )
                })
            })
            .collect();
        diagnostics.push(diagnostic);
    }
    for violation in &context.privacy().parameters {
        let (class, parameter, file, site, module) = (
            violation.class(),
            violation.parameter(),
            violation.file(),
            violation.site(),
            violation.class_module(),
        );
        let (line, col) = context.site_location(site);
        let mut diagnostic = context.diagnostic(
            &PrivateAccess::RULE,
            file,
            line,
            col,
            format!(
                "parameter `{}` of class `{}` is private to module `{}` (the `private` keyword); read here, {}",
                context.text(parameter),
                context.text(class),
                context.text(module),
                Context::describe_module(context.module_of(file)),
            ),
        );
        diagnostic.related = context
            .extraction
            .facts
            .param_decl
            .iter()
            .filter(|row| {
                row.private
                    && row.name == parameter
                    && facts
                        .definitions(DefinitionKind::Class)
                        .any(|decl| decl.name == class && decl.scope == row.scope)
            })
            .map(|row| declared_here(context, row.file, row.line, row.col))
            .collect();
        diagnostics.push(diagnostic);
    }
    for violation in &context.privacy().variables {
        let (class, variable, file, site) = (
            violation.class(),
            violation.variable(),
            violation.file(),
            violation.site(),
        );
        let (line, col) = context.site_location(site);
        let owner = match context.text(class) {
            "::" => "top scope".to_string(),
            name => format!("class `{name}`"),
        };
        let scopes: Vec<_> = facts
            .definitions(DefinitionKind::Class)
            .filter(|decl| decl.name == class)
            .map(|decl| decl.scope)
            .chain((context.text(class) == "::").then_some(TOP_SCOPE))
            .collect();
        let mut diagnostic = context.diagnostic(
            &PrivateAccess::RULE,
            file,
            line,
            col,
            format!(
                "variable `${}` is private to {owner}: no other scope sees it",
                context.text(variable),
            ),
        );
        diagnostic.related = facts
            .var_assign
            .iter()
            .filter(|row| row.private && row.name == variable && scopes.contains(&row.scope))
            .map(|row| declared_here(context, row.file, row.line, row.col))
            .collect();
        diagnostics.push(diagnostic);
    }
    diagnostics
}

/// The related place of a private parameter or variable's declaration.
fn declared_here(
    context: &Context,
    file: crate::facts::schema::FileId,
    line: u32,
    col: u32,
) -> crate::diagnostic::Related {
    context.related(file, line, col, "declared private here".to_string())
}
