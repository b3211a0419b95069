use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::layout::Role;
use crate::rules::scope::TooEarly;
use crate::rules::variables::Unreadable;

rule! {
    /// ## What it does
    /// Finds variables read where no assignment or parameter is visible:
    /// a scope sees its own variables, those of the classes it inherits
    /// from, node scope (for classes first declared from a node's body,
    /// not by top-level code, which runs before it), top scope (what
    /// top-level code assigned before declaring the class), and a lambda
    /// also those of its enclosing scope; a define's
    /// body never sees its caller's locals, and an EPP template file
    /// rendered by `epp()` sees its parameters, top scope and the node
    /// scope around its caller, not the caller's variables. `$a::b::x` must name a
    /// parameter or class-level variable of class `a::b`, evaluated before
    /// the read: declared earlier in the reading scope (or by a class
    /// declared there), inherited, or declared by the environment's
    /// top-level code for a read in a node. A class declared only after the
    /// read in the same class, node or top scope (the "params pattern"
    /// without `inherits`) is not evaluated yet; neither is one that no
    /// code declares, when the environment's manifests declare classes and
    /// none by a computed name. Facts, `$facts`,
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
    context
        .variables()
        .iter()
        .map(|found| {
            let row = context.var_ref(found.reference());
            let name = context.text(row.name);
            let message = match found.why() {
                Unreadable::NotVisible
                    if context.role_of(row.file) == Role::Template
                        && context.text(row.namespace).is_empty() =>
                {
                    format!(
                    "`${name}` is not visible here: a template file sees its parameters, top scope and node scope, not the variables of the scope that renders it (Puppet: unknown variable)"
                    )
                }
                Unreadable::NotVisible => format!("`${name}` is not visible here"),
                Unreadable::TooEarly(class, TooEarly::ClassDeclaredAfter) => format!(
                    "`${name}` is read before class `{}` is evaluated: it is declared only after this read (Puppet: unknown variable)",
                    context.text(class)
                ),
                Unreadable::TooEarly(class, TooEarly::ClassDeclaredNowhere) => format!(
                    "`${name}` is read, but no code declares class `{}` (Puppet: unknown variable)",
                    context.text(class)
                ),
                Unreadable::TooEarly(class, TooEarly::AssignedAfterDeclaration) => format!(
                    "`${name}` is assigned at top scope only after top-level code declares class `{}`, which reads it (Puppet: unknown variable)",
                    context.text(class)
                ),
                Unreadable::TooEarly(class, TooEarly::NodeScopeAfterTop) => format!(
                    "`${name}` is a node-scope variable, but class `{}` is first declared by top-level code (it, or its base class), so it does not see node scope (Puppet: unknown variable)",
                    context.text(class)
                ),
            };
            context.diagnostic(&UnknownVariable::RULE, row.file, row.line, row.col, message)
        })
        .collect()
}
