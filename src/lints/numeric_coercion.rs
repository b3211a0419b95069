use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::{StringForm, StringValue, VarRef};

rule! {
    /// ## What it does
    /// Finds arithmetic on strings that stand for numbers (`'8000' + 80`,
    /// `-'5'`, `2 * "${count}"`): a string left of `+`, `-`, `*`, `/`,
    /// `%`, `<<` or `>>`, right of one whose left is a number, or after a
    /// unary minus, where Puppet's evaluator is certain to coerce it; also
    /// a variable read there whose value is such a string, assigned
    /// earlier in the same scope outside any condition.
    /// Puppet's issue code: NUMERIC_COERCION. A warning, as Puppet 7 gives
    /// it under its default `strict=warning`; an error with `--puppet 8`,
    /// whose `strict=error` refuses the catalog.
    ///
    /// ## Why is this bad?
    /// Puppet 7 computes the number and warns on every compilation;
    /// Puppet 8 fails the node's catalog there. A string whose text is
    /// computed may also be no number at all, which fails under both.
    ///
    /// ## Example
    /// ```puppet
    /// $port = '8000' + 80
    /// $base = '8000'
    /// $admin_port = $base + 1
    /// ```
    NumericCoercion { id: "numeric-coercion", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let mut found =
        super::validation_diagnostics(context, &NumericCoercion::RULE, &["NUMERIC_COERCION"]);
    found.extend(
        coerced_strings(context, |form| form != StringForm::NotNumber).map(|(read, value)| {
            let text = context.text(value.text);
            let string = match value.form {
                StringForm::Computed => text.to_string(),
                _ => format!("'{text}'"),
            };
            context.diagnostic(
                &NumericCoercion::RULE,
                read.file,
                read.line,
                read.col,
                format!(
                    "`${}` is the string {string}, which is automatically coerced to a number: assign the number, or convert it with `Integer()` or `Float()` (NUMERIC_COERCION)",
                    context.text(read.name),
                ),
            )
        }),
    );
    found
}

/// The variable reads that bring a string of one of `forms` to
/// arithmetic (the coercions program's), with the string's assignment.
pub(super) fn coerced_strings<'c>(
    context: &'c Context,
    forms: impl Fn(StringForm) -> bool + 'c,
) -> impl Iterator<Item = (&'c VarRef, &'c StringValue)> + 'c {
    context.coercions().iter().filter_map(move |coerced| {
        let value = &context.extraction.facts.string_value[coerced.value().0 as usize];
        forms(value.form).then(|| (context.var_ref(coerced.reference()), value))
    })
}
