use std::collections::BTreeMap;

use super::{rule, Context};
use crate::diagnostic::{Diagnostic, Severity};
use crate::facts::schema::{DefinitionKind, FileId, PrivacyHow as How, Sym};
use crate::rules::privacy::{MadePrivate, Site, UseKind};
use crate::rules::rows_with;

rule! {
    /// ## What it does
    /// Finds private classes and defines used from outside their module: a
    /// private class included, required, contained, declared
    /// resource-like, inherited from or related to; a private define
    /// instantiated or related to. A relationship with an entity private
    /// only by `assert_private()` is a warning: Puppet compiles it, and
    /// modules document such orderings. Any use of an entity private only
    /// by `@api private` is a warning: Puppet never reads the tag, and
    /// compiles the use. Environment manifests (`site.pp`) are outside
    /// every module. An entity is private through the `private`
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

/// One use of a private entity, in every way it is private.
struct Use {
    hows: Vec<How>,
    module: Sym,
    is_define: bool,
    /// The most serious of what the ways make of the use.
    severity: Severity,
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    let privacy = context.privacy();
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    // One diagnostic per use, naming every way the entity is private.
    let mut uses: BTreeMap<(Sym, UseKind, FileId, Site), Use> = BTreeMap::new();
    for violation in &privacy.violations {
        let key = (
            violation.entity(),
            violation.kind(),
            violation.file(),
            violation.site(),
        );
        let used = uses.entry(key).or_insert(Use {
            hows: Vec::new(),
            module: violation.entity_module(),
            is_define: false,
            severity: violation.severity(),
        });
        if !used.hows.contains(&violation.how()) {
            used.hows.push(violation.how());
        }
        used.is_define |= violation.definition() == DefinitionKind::Define;
        used.severity = used.severity.min(violation.severity());
    }
    for ((entity, kind, file, site), used) in uses {
        let (line, col) = context.site_location(site);
        let what = if used.is_define { "define" } else { "class" };
        let verb = match kind {
            UseKind::Include => "included",
            UseKind::Require => "required",
            UseKind::Contain => "contained",
            UseKind::Resource => "declared",
            UseKind::Inherits => "inherited from",
            UseKind::Relationship => "related to",
            UseKind::Instantiate => "instantiated",
        };
        let described: Vec<&str> = used.hows.iter().map(|how| how.describe()).collect();
        let mut diagnostic = context.diagnostic(
            &PrivateAccess::RULE,
            file,
            line,
            col,
            format!(
                "{what} `{}` is private to module `{}` ({}); {verb} here, {}",
                context.text(entity),
                context.text(used.module),
                described.join(", "),
                Context::describe_module(context.module_of(file)),
            ),
        );
        diagnostic.severity = used.severity;
        let mut rows: Vec<u32> = rows_with(&privacy.made_private, entity, MadePrivate::entity)
            .iter()
            .filter(|made| used.hows.contains(&made.how()))
            .map(MadePrivate::row)
            .collect();
        rows.sort_unstable();
        diagnostic.related = rows
            .into_iter()
            .map(|row| {
                let row = &facts.privacy[row as usize];
                context.related(
                    row.file,
                    row.line,
                    1,
                    format!("made private here ({})", row.how.describe()),
                )
            })
            .collect();
        diagnostics.push(diagnostic);
    }
    for violation in &privacy.parameters {
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
        let declared = rows_with(
            &privacy.parameters_declared,
            (class, parameter),
            |declared| (declared.class(), declared.parameter()),
        );
        diagnostic.related = declared
            .iter()
            .map(|declared| {
                let row = &facts.param_decl[declared.row() as usize];
                declared_here(context, row.file, row.line, row.col)
            })
            .collect();
        diagnostics.push(diagnostic);
    }
    for violation in &privacy.variables {
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
        let declared = rows_with(&privacy.variables_declared, (class, variable), |declared| {
            (declared.class(), declared.variable())
        });
        diagnostic.related = declared
            .iter()
            .map(|declared| {
                let row = &facts.var_assign[declared.row() as usize];
                declared_here(context, row.file, row.line, row.col)
            })
            .collect();
        diagnostics.push(diagnostic);
    }
    diagnostics
}

/// The related place of a private parameter or variable's declaration.
fn declared_here(
    context: &Context,
    file: FileId,
    line: u32,
    col: u32,
) -> crate::diagnostic::Related {
    context.related(file, line, col, "declared private here".to_string())
}
