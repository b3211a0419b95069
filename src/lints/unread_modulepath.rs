use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::schema::ModulepathState;

rule! {
    /// ## What it does
    /// Finds the entries of a `modulepath` (of an `environment.conf`, or of
    /// `pfacts.toml`) whose modules pfacts cannot read: a directory that
    /// does not exist here (one that lives on the server, or the
    /// Puppetfile's `moduledir` before r10k installed it), or one outside
    /// the paths given to pfacts. It names the unknown classes whose
    /// module no analyzed file belongs to: those the entry might define.
    /// Puppet settings such as `$basemodulepath` are resolved on the
    /// server and not reported.
    ///
    /// ## Why is this bad?
    /// Every class, define and function of those modules is unknown to
    /// pfacts: each use of one is reported, and checks that need its
    /// definition (parameters, defaults, private access) are blind there.
    /// Point pfacts at the modules (`r10k puppetfile install`, a
    /// `modulepath` in `pfacts.toml`), or list their names as `known`.
    ///
    /// ## Example
    /// ```puppet
    /// # environment.conf
    /// modulepath = site:modules:/etc/puppetlabs/code/private:$basemodulepath
    /// ```
    UnreadModulepath { id: "unread-modulepath", severity: Warning, enabled: true }
}

/// How many class names a message lists before it counts the rest.
const LISTED: usize = 8;

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    facts
        .modulepath_entry
        .iter()
        .enumerate()
        .filter_map(|(index, row)| {
            let why = match row.state {
                ModulepathState::Missing => "does not exist here",
                ModulepathState::Outside => "is outside the analyzed paths",
                ModulepathState::Read | ModulepathState::Setting => return None,
            };
            let mut classes: Vec<&str> = context
                .names()
                .might_define
                .iter()
                .filter(|found| found.entry() == index as u32)
                .map(|found| context.text(found.class()))
                .collect();
            classes.sort_unstable();
            let explains = match classes.len() {
                0 => String::new(),
                count => {
                    let listed: Vec<String> = classes
                        .iter()
                        .take(LISTED)
                        .map(|class| format!("`{class}`"))
                        .collect();
                    let more = match count.saturating_sub(LISTED) {
                        0 => String::new(),
                        rest => format!(" and {rest} more"),
                    };
                    format!(
                        "; its modules might define the unknown class{} {}{more}",
                        if count == 1 { "" } else { "es" },
                        listed.join(", ")
                    )
                }
            };
            Some(context.diagnostic(
                &UnreadModulepath::RULE,
                row.file,
                row.line,
                row.col,
                format!(
                    "modulepath entry `{}` {why}: pfacts reads none of its modules{explains}",
                    context.text(row.entry)
                ),
            ))
        })
        .collect()
}
