use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds the words Puppet reserves, `private` and `attr`, used as bare
    /// words (a value, an attribute's value, a hash key). Puppet's issue
    /// code: RESERVED_WORD.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it. Quoted, the word is
    /// a string like any other.
    ///
    /// ## Example
    /// ```puppet
    /// $visibility = private
    /// ```
    ReservedWord { id: "reserved-word", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(context, &ReservedWord::RULE, &["RESERVED_WORD"])
}
