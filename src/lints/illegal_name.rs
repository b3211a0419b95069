use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds classes, defines and functions whose name is not lower-case
    /// segments (`a::b_c`, no leading `::`, no segment starting with `_` or
    /// a digit), type aliases whose name is not capitalized segments, and
    /// definitions named like one of Puppet's types (`class integer`),
    /// numbered variables with a leading zero (`$01`), and variables whose
    /// name is not lower-case segments (`$Foo`, `$_a::b`). Puppet's issue
    /// codes: ILLEGAL_DEFINITION_NAME, RESERVED_TYPE_NAME,
    /// ILLEGAL_NUMERIC_VAR_NAME, ILLEGAL_VAR_NAME.
    ///
    /// ## Why is this bad?
    /// Puppet's validator refuses the whole file when it loads it.
    ///
    /// ## Example
    /// ```puppet
    /// class Profile::Web { }
    /// class string { }
    /// ```
    IllegalName { id: "illegal-name", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &IllegalName::RULE,
        &[
            "ILLEGAL_DEFINITION_NAME",
            "RESERVED_TYPE_NAME",
            "ILLEGAL_NUMERIC_VAR_NAME",
            "ILLEGAL_VAR_NAME",
        ],
    )
}
