use super::numeric_coercion::coerced_strings;
use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::StringForm;

rule! {
    /// ## What it does
    /// Finds arithmetic on a literal string that stands for no number
    /// (`'80/tcp' + 1`, `-'x'`, `'0888' * 2`: an octal number has no 8),
    /// where Puppet's evaluator is certain to try to read it as one (see
    /// `numeric-coercion`), or a variable read there whose value is such
    /// a string. Puppet's issue code: NOT_NUMERIC.
    ///
    /// ## Why is this bad?
    /// Puppet 7 and Puppet 8 fail the catalog when they evaluate it.
    ///
    /// ## Example
    /// ```puppet
    /// $next = '80/tcp' + 1
    /// $service = 'web'
    /// $offset = $service * 2
    /// ```
    NotNumeric { id: "not-numeric", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let mut found = super::validation_diagnostics(context, &NotNumeric::RULE, &["NOT_NUMERIC"]);
    found.extend(
        coerced_strings(context, |form| form == StringForm::NotNumber).map(|(read, value)| {
            context.diagnostic(
                &NotNumeric::RULE,
                read.file,
                read.line,
                read.col,
                format!(
                    "The value '{}' of `${}` cannot be converted to Numeric (NOT_NUMERIC)",
                    context.text(value.text),
                    context.text(read.name),
                ),
            )
        }),
    );
    found
}
