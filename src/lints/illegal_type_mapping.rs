use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Finds type mappings whose sides do not match: `Runtime[ruby,
    /// 'Name']` must map to a type, `Runtime[ruby, [/regexp/,
    /// 'replacement']]` to a regexp and replacement pair. Puppet's issue
    /// code: ILLEGAL_TYPE_MAPPING (Checker4_0's ILLEGAL_SINGLE_TYPE_MAPPING
    /// and ILLEGAL_REGEXP_TYPE_MAPPING).
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it.
    ///
    /// ## Example
    /// ```puppet
    /// type Runtime[ruby, 'MyModule::MyObject'] = [/^MyModule::(\w+)$/, 'MyPackage::']
    /// ```
    IllegalTypeMapping { id: "illegal-type-mapping", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &IllegalTypeMapping::RULE,
        &["ILLEGAL_TYPE_MAPPING"],
    )
}
