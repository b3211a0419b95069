use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds what a collector's query may not hold: Puppet's queries
    /// compare with `==` and `!=`, joined by `and` and `or`, with
    /// parentheses and bare values (variables, words, numbers, booleans,
    /// strings without interpolation). Matches (`=~`), orderings (`<`),
    /// `in`, `!` and the like are refused. Puppet's issue code:
    /// ILLEGAL_QUERY_EXPRESSION.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it.
    ///
    /// ## Example
    /// ```puppet
    /// User <| uid < 1000 |>
    /// ```
    IllegalQuery { id: "illegal-query", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &IllegalQuery::RULE, &["ILLEGAL_QUERY_EXPRESSION"])
}
