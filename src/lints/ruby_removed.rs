use super::{rule, Context};
use crate::diagnostic::{Diagnostic, Severity};
use crate::facts::layout::Role;

rule! {
    /// ## What it does
    /// Finds, in the Ruby code of modules (`lib/`: facts, types, providers,
    /// functions, utilities; comments, strings and heredocs skipped), what
    /// Ruby removed between the Ruby of Puppet 7's agent (2.7) and that of
    /// Puppet 8's (3.2): `File.exists?` and `Dir.exists?`, `taint`,
    /// `untaint` and `tainted?`, the constants `Fixnum` and `Bignum`
    /// (Ruby 3.2's release notes, "Removed methods" and "Removed
    /// constants"), and `URI.escape`, `URI.unescape`, `URI.encode`,
    /// `URI.decode` (Ruby 3.0), each with its replacement. Off by default;
    /// on with `--puppet 8`: an error in code the agent runs, a warning in
    /// a function for the 3.2 removals (Puppet Server 8 runs functions on
    /// JRuby 9.4, Ruby 3.1, where they are still there; `puppet apply` runs
    /// them on the agent's 3.2).
    ///
    /// ## Why is this bad?
    /// The code raises `NoMethodError` or `NameError` when it runs: a fact
    /// that no longer resolves, a provider that fails its resources, a
    /// function that fails the compilation.
    ///
    /// ## Example
    /// ```ruby
    /// Facter.add(:has_ovs) do
    ///   setcode { File.exists?('/usr/bin/ovs-vsctl') }   # File.exist?
    /// end
    /// ```
    RubyRemoved { id: "ruby-removed", severity: Error, enabled: false }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    facts
        .ruby_removed
        .iter()
        .map(|row| {
            let role = facts.file[row.file.0 as usize - 1].role;
            let function = role == Role::RubyFunction;
            let (runs, severity) = match (function, row.api.gone_from_ruby_3_1()) {
                (true, true) => (
                    "Ruby 3.1 and 3.2, on which Puppet Server 8 (JRuby 9.4) and `puppet apply` run functions",
                    Severity::Error,
                ),
                (true, false) => (
                    "Ruby 3.2, on which `puppet apply` runs functions under Puppet 8 (Puppet Server 8's JRuby 9.4 is Ruby 3.1, where it is deprecated)",
                    Severity::Warning,
                ),
                _ => ("Ruby 3.2, which Puppet 8's agent runs", Severity::Error),
            };
            let (what, failure) = if row.api.is_constant() {
                ("constant", "NameError")
            } else {
                ("method", "NoMethodError")
            };
            let mut diagnostic = context.diagnostic(
                &RubyRemoved::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "`{}` is a {what} that Ruby {} removed ({failure} on {runs}); {}",
                    row.api.name(),
                    row.api.removed_in(),
                    row.api.advice()
                ),
            );
            diagnostic.severity = severity;
            diagnostic
        })
        .collect()
}
