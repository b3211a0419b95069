use super::{rule, Context};
use crate::diagnostic::Diagnostic;
use crate::facts::builtins::placeholder_match;
use crate::facts::rewrite::{FactRewrite, Written};
use crate::facts::schema::{FactReadForm, LegacyFact as LegacyFactRow, Sym};

rule! {
    /// ## What it does
    /// Finds reads of Facter's legacy facts (`osfamily`, `ipaddress_eth0`,
    /// `memorysize_mb`, ...), which Puppet 8 no longer sets
    /// (`include_legacy_facts=false`): as top-scope variables in manifests
    /// (`$::osfamily`, or a `$osfamily` that no code assigns), through
    /// `$facts['osfamily']` or stdlib's `fact('osfamily')`, in ERB
    /// (`@osfamily`, `scope['osfamily']`, `scope.lookupvar('osfamily')`,
    /// `@facts['osfamily']`) and EPP templates (`$::osfamily`,
    /// `$facts['osfamily']`), and in Hiera's hierarchy and data
    /// (`%{facts.osfamily}`, `%{::osfamily}`, `%{osfamily}`). Each finding
    /// names the structured fact that holds the value. A template's `@x`
    /// and Hiera's `%{x}` are left alone when some code sets a variable of
    /// that name. Off by default; on with `--puppet 8` (or `puppet = 8` in
    /// `pfacts.toml`). The legacy facts and their replacements come from
    /// Facter 4 (`scripts/facter-legacy-facts.rb`). `pfacts check --fix`
    /// rewrites each read to its replacement, in the syntax of its place
    /// (`"${::osfamily}"` becomes `"${facts['os']['family']}"`), except
    /// where the structured fact is in other units (`memorysize_mb`).
    ///
    /// ## Why is this bad?
    /// Under Puppet 8 a legacy fact is not there. Read as a variable, with
    /// Puppet 8's `strict_variables`, the compilation fails ("Unknown
    /// variable"); read from `$facts`, in a template's `@x` or in a Hiera
    /// path, it is `undef` or empty without a word: a file gets other
    /// content, a hierarchy level is skipped.
    ///
    /// ## Example
    /// ```puppet
    /// if $facts['osfamily'] == 'Debian' { }   # $facts['os']['family']
    /// ```
    LegacyFact { id: "legacy-fact", severity: Error, enabled: false }
}

/// How a read is written, for the message and its replacement.
#[derive(Clone, Copy)]
enum Syntax {
    Manifest,
    Erb,
    Hiera,
}

pub fn check(context: &Context) -> Vec<Diagnostic> {
    let found = context.legacy_facts();
    let legacy = |fact: Sym| -> &LegacyFactRow {
        context
            .extraction
            .facts
            .legacy_fact
            .iter()
            .find(|row| row.fact == fact)
            .expect("legacy facts come from legacy_fact")
    };
    let variables = found.variables.iter().map(|read| {
        let row = context.var_ref(read.reference());
        let written = format!("${}", context.text(row.name));
        let name = context.text(row.short_name);
        let legacy = legacy(read.fact());
        let message = message(context, &written, name, legacy, Syntax::Manifest, true);
        let fix = rewrite(
            context,
            legacy,
            name,
            Written::Variable,
            (row.line, row.col),
        );
        let mut diagnostic =
            context.diagnostic(&LegacyFact::RULE, row.file, row.line, row.col, message);
        diagnostic.fix = fix;
        diagnostic
    });
    let reads = found.reads.iter().map(|read| {
        let row = &context.extraction.facts.fact_read[read.read().0 as usize];
        let name = context.text(row.name);
        let written = row.form.written(name);
        let syntax = match row.form {
            FactReadForm::ErbVariable | FactReadForm::ErbScope | FactReadForm::ErbFactsHash => {
                Syntax::Erb
            }
            FactReadForm::HieraFacts | FactReadForm::HieraVariable => Syntax::Hiera,
            FactReadForm::FactsHash
            | FactReadForm::FactFunction
            | FactReadForm::FactsDig
            | FactReadForm::Getvar => Syntax::Manifest,
        };
        let fails = fails_under_strict_variables(row.form);
        let legacy = legacy(read.fact());
        let message = message(context, &written, name, legacy, syntax, fails);
        let fix = rewrite(
            context,
            legacy,
            name,
            Written::Read(row.form),
            (row.line, row.col),
        );
        let mut diagnostic =
            context.diagnostic(&LegacyFact::RULE, row.file, row.line, row.col, message);
        diagnostic.fix = fix;
        diagnostic
    });
    variables.chain(reads).collect()
}

/// Whether Puppet 8 refuses the read (its `strict_variables` fails a read
/// of a variable that nothing set; Puppet 7 compiled with
/// `--strict_variables` says so for each form), rather than giving
/// `undef` or an empty string.
fn fails_under_strict_variables(form: FactReadForm) -> bool {
    match form {
        FactReadForm::ErbScope | FactReadForm::HieraVariable => true,
        FactReadForm::FactsHash
        | FactReadForm::FactFunction
        | FactReadForm::FactsDig
        | FactReadForm::Getvar
        | FactReadForm::ErbVariable
        | FactReadForm::ErbFactsHash
        | FactReadForm::HieraFacts => false,
    }
}

fn message(
    context: &Context,
    written: &str,
    name: &str,
    legacy: &LegacyFactRow,
    syntax: Syntax,
    fails: bool,
) -> String {
    let consequence = if fails {
        "the compilation fails (strict_variables: unknown variable)"
    } else {
        match syntax {
            Syntax::Hiera => "it interpolates to an empty string, without a word",
            Syntax::Manifest | Syntax::Erb => "it is undef, without a word",
        }
    };
    let advice = match structured(context, legacy, name) {
        None => "no structured fact holds its value".to_string(),
        Some(filled) => {
            let keys: Vec<&str> = filled.split('.').collect();
            let written = match syntax {
                Syntax::Manifest => format!("$facts['{}']", keys.join("']['")),
                Syntax::Erb => format!("@facts['{}']", keys.join("']['")),
                Syntax::Hiera => format!("%{{facts.{filled}}}"),
            };
            let unit = match context.text(legacy.conversion) {
                "bytes_to_mb" => " (in bytes, where the legacy fact is in MiB)",
                _ => "",
            };
            format!("use `{written}`{unit}")
        }
    };
    format!(
        "`{written}` reads the legacy fact `{name}`, which Puppet 8 does not set: {consequence}; {advice}"
    )
}

/// The structured fact that holds the value of `name` (a read of the
/// legacy fact `legacy`, maybe one of a family: `ipaddress_eth0`), dotted:
/// `networking.interfaces.eth0.ip`; none when no structured fact holds it.
fn structured(context: &Context, legacy: &LegacyFactRow, name: &str) -> Option<String> {
    let pattern = context.text(legacy.fact);
    let replacement = context.text(legacy.replacement);
    if replacement.is_empty() {
        return None;
    }
    Some(
        match placeholder_match(pattern, name).filter(|found| !found.is_empty()) {
            Some(found) => {
                let placeholder = &pattern[pattern.find('<').unwrap_or(0)..];
                let placeholder = &placeholder[..=placeholder.find('>').unwrap_or(0)];
                replacement.replace(placeholder, found)
            }
            None => replacement.to_string(),
        },
    )
}

/// How `--fix` rewrites the read: to the structured fact, unless its value
/// is in other units (`memorysize_mb`: a rewrite would change the value).
fn rewrite(
    context: &Context,
    legacy: &LegacyFactRow,
    name: &str,
    written: Written,
    (line, col): (u32, u32),
) -> Option<FactRewrite> {
    if !context.text(legacy.conversion).is_empty() {
        return None;
    }
    let structured = structured(context, legacy, name)?;
    Some(FactRewrite {
        line,
        col,
        written,
        fact: name.to_string(),
        keys: structured.split('.').map(str::to_string).collect(),
    })
}
