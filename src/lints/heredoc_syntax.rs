use super::{rule, Context};
use crate::diagnostic::Diagnostic;

rule! {
    /// ## What it does
    /// Checks the text of a heredoc whose tag names a syntax Puppet checks,
    /// `@(END:json)`, `@(END:base64)`, `@(END:pp)` or `@(END:epp)` (also
    /// as the last part of `data+json` and the like), when the text has no
    /// interpolation: JSON must parse, Base64 must decode strictly (whole
    /// groups of four, right padding), Puppet code and EPP templates must
    /// parse. Puppet's issue codes: ILLEGAL_JSON, ILLEGAL_BASE64,
    /// ILLEGAL_PP, ILLEGAL_EPP.
    ///
    /// ## Why is this bad?
    /// Puppet refuses the whole file when it loads it: the syntax tag is a
    /// promise about the text that Puppet holds the code to.
    ///
    /// ## Example
    /// ```puppet
    /// $users = @(END:json)
    ///   ['alice', "bob"]
    ///   | END
    /// ```
    HeredocSyntax { id: "heredoc-syntax", severity: Error, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    super::validation_diagnostics(
        context,
        &HeredocSyntax::RULE,
        &[
            "ILLEGAL_JSON",
            "ILLEGAL_BASE64",
            "ILLEGAL_PP",
            "ILLEGAL_EPP",
        ],
    )
}
