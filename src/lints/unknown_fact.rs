use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::builtins::FactNames;
use crate::facts::schema::Sym;
use rustc_hash::FxHashMap;

rule! {
    /// ## What it does
    /// Finds facts read by a name that no node has: a top-scope variable
    /// that no code assigns (`$::osfamly`, or `$osfamly` in top-level
    /// code, which reads top scope alike), `$facts['osfamly']` (also
    /// through `dig($facts, ...)`, `$facts.dig(...)`, stdlib's `fact()` and
    /// `getvar('facts.x')`), a template's `@osfamly`, `scope['osfamly']`,
    /// `@facts['osfamly']` or EPP's `$::osfamly`, and Hiera's
    /// `%{facts.osfamly}` or `%{::osfamly}`, with the nearest known name. A
    /// name is known when Facter 4 resolves it (its core and legacy facts,
    /// `scripts/facter-facts.sh`), a module defines it (`Facter.add(:name)`
    /// in `lib/facter/`, a file of `facts.d/`), Puppet adds it
    /// (`clientcert`, ...), or `facts` of `[known]` in `pfacts.toml` lists it
    /// (facts and top-scope variables that an ENC or the site sets). A
    /// template's `@x`, `scope['x']` and Hiera's `%{x}` are left alone when
    /// some code sets a variable of that name.
    ///
    /// ## Why is this bad?
    /// Puppet 7 reads a fact that is not there as `undef`, without a word:
    /// the code takes the branch written for another platform, a file gets
    /// other content, a Hiera level is skipped.
    ///
    /// ## Example
    /// ```puppet
    /// if $facts['osfamly'] == 'Debian' { }   # did you mean `osfamily`?
    /// ```
    UnknownFact { id: "unknown-fact", severity: Warning, enabled: true }
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let facts = &context.extraction.facts;
    let names = FactNames::new(
        &facts.known,
        &facts.legacy_fact,
        &context.extraction.interner,
    );
    let found = context.fact_names();
    // A name is often misspelled many times over: its nearest known name
    // is looked for once.
    let read_names = found.variables.iter().map(|read| read.name());
    let fact_names = found
        .reads
        .iter()
        .map(|read| facts.fact_read[read.read().0 as usize].name);
    let mut nearest: FxHashMap<Sym, Option<&str>> = FxHashMap::default();
    for name in read_names.chain(fact_names) {
        nearest
            .entry(name)
            .or_insert_with(|| names.nearest(context.text(name)));
    }
    let message = |written: String, name: Sym, variable: bool| {
        let hint = nearest[&name]
            .map(|known| format!("; did you mean `{known}`?"))
            .unwrap_or_default();
        let what = if variable {
            "a variable that no code sets, and a fact that no node has"
        } else {
            "a fact that no node has"
        };
        format!("`{written}` reads {what}{hint}")
    };
    let variables = found.variables.iter().map(|read| {
        let row = context.var_ref(read.reference());
        let written = format!("${}", context.text(row.name));
        // `$x` in top-level code may as well mean a variable; `$::x`, a fact.
        let plain = context.text(row.namespace).is_empty();
        let text = message(written, read.name(), plain);
        context.diagnostic(&UnknownFact::RULE, row.file, row.line, row.col, text)
    });
    let reads = found.reads.iter().map(|read| {
        let row = &facts.fact_read[read.read().0 as usize];
        let name = context.text(row.name);
        let text = message(row.form.written(name), row.name, row.form.reads_variable());
        context.diagnostic(&UnknownFact::RULE, row.file, row.line, row.col, text)
    });
    variables.chain(reads).collect()
}
