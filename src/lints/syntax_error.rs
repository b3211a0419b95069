use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Reports what the parser cannot read: a syntax error, a byte-order
    /// mark, text that is not UTF-8; and Hiera's files (`hiera.yaml`, YAML
    /// and JSON data) that do not parse. The facts of the file's
    /// well-formed parts are still extracted and checked.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it, so no node that
    /// needs a class of that file compiles; a Hiera file that does not
    /// parse fails every lookup that reads it.
    ///
    /// ## Example
    /// ```puppet
    /// class a {
    ///   notify { 'x': message => }   # expected a value
    /// }
    /// ```
    SyntaxError { id: "syntax-error", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    context
        .extraction
        .facts
        .parse_error
        .iter()
        .map(|row| {
            context.diagnostic(
                &SyntaxError::RULE,
                row.file,
                row.line,
                row.col,
                context.text(row.message).to_string(),
            )
        })
        .collect()
}
