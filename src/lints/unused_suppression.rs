use super::rule;

rule! {
    /// ## What it does
    /// Finds `# pfacts:ignore` comments that silence nothing: the rule they
    /// name does not fire on the lines they cover (any more), or an own-line
    /// comment has no statement after it.
    ///
    /// ## Why is this bad?
    /// A stale suppression would silently hide the next real finding on
    /// those lines; removing it keeps the silencing honest.
    ///
    /// ## Example
    /// ```puppet
    /// # pfacts:ignore unknown-class -- legacy, removed in 2023
    /// include ntp                      # ntp is in the environment now
    /// ```
    UnusedSuppression { id: "unused-suppression", severity: Warning, enabled: true }
}
