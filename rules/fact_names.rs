//! Facts read by a name that no node has: a misspelled fact (`$::osfamly`,
//! `$facts['osfamly']`) is `undef` under Puppet 7 without a word, so the
//! code takes the branch written for its absence. A name is a fact's when
//! Facter 4 resolves it (its core and legacy facts), a module defines it
//! (`Facter.add(:name)` in `lib/facter/`, a file of `facts.d/`), Puppet
//! adds it (`clientcert`, ...), or the configuration names it
//! (`[known] facts`, for facts an ENC or the site sets elsewhere).

use crepe::crepe;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::legacy_facts::FactReadRow;
use super::scope::BUILTIN_VARIABLES;
use super::{named_columns, scope, sorted};
use crate::facts::builtins::FactNames;
use crate::facts::schema::{Id, Sym, TOP_SCOPE};
use crate::facts::Extraction;

crepe! {
    @input
    /// `fact_name(name)`: a name read that is a fact's.
    struct FactName(Sym);

    @input
    /// `top_scope_read(ref, name)`: a top-scope variable that no code
    /// assigns (the scope program's `top_scope_fact`), by its short name.
    struct TopScopeRead(Id, Sym);

    @input
    /// `facts_read(row, name)`: a `fact_read` that can only be the fact
    /// (`$facts['x']`, `fact('x')`, `dig($facts, 'x')`, `@facts['x']`,
    /// `%{facts.x}`).
    struct FactsRead(FactReadRow, Sym);

    @input
    /// `variable_read(row, name)`: a `fact_read` of a variable in a
    /// template or in Hiera (`@x`, `scope['x']`, `$::x`, `%{x}`), which
    /// code may set.
    struct VariableRead(FactReadRow, Sym);

    @input
    /// `assigned(name)`: some code assigns a variable or declares a
    /// parameter of that name, a template sets it (`template_variable`),
    /// or Puppet sets it in every scope.
    struct Assigned(Sym);

    @input
    /// `top_assigned(name)`: top-level code assigns a variable of that
    /// name (a private one too, which the read then cannot see: another
    /// rule's finding, not a fact's).
    struct TopAssigned(Sym);

    @output
    /// `unknown_fact_variable(ref, name)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownFactVariable(pub Id, pub Sym);

    @output
    /// `unknown_fact_read(row, name)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownFactRead(pub FactReadRow, pub Sym);

    // unknown_fact_variable(R, N) :- top_scope_read(R, N), !fact_name(N),
    //     !top_assigned(N).
    UnknownFactVariable(reference, name) <-
        TopScopeRead(reference, name),
        !FactName(name),
        !TopAssigned(name);

    // unknown_fact_read(W, N) :- facts_read(W, N), !fact_name(N).
    UnknownFactRead(row, name) <- FactsRead(row, name), !FactName(name);

    // A template's `@x` reads the variable of the class that renders it:
    // a name that code sets may be that variable.
    // unknown_fact_read(W, N) :- variable_read(W, N), !fact_name(N),
    //     !assigned(N).
    UnknownFactRead(row, name) <- VariableRead(row, name), !FactName(name), !Assigned(name);
}

named_columns! {
    UnknownFactVariable { 0 reference: Id, 1 name: Sym }
    UnknownFactRead { 0 read: FactReadRow, 1 name: Sym }
}

/// What the program derives.
pub struct Output {
    pub variables: Vec<UnknownFactVariable>,
    pub reads: Vec<UnknownFactRead>,
}

pub fn run(extraction: &Extraction, scope: &scope::Output) -> Output {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let fact_names = FactNames::new(&facts.known, &facts.legacy_fact, interner);
    // Each distinct name read is judged once.
    let mut judged: FxHashMap<Sym, bool> = FxHashMap::default();
    let mut runtime = Crepe::new();
    let mut judge = |runtime: &mut Crepe, name: Sym| {
        let is_fact = *judged
            .entry(name)
            .or_insert_with(|| fact_names.contains(interner.resolve(name)));
        if is_fact {
            runtime.extend([FactName(name)]);
        }
    };
    for found in &scope.facts {
        let row = &facts.var_ref[super::var_ref_index(extraction, found.reference())];
        judge(&mut runtime, row.short_name);
        runtime.extend([TopScopeRead(found.reference(), row.short_name)]);
    }
    for (index, row) in facts.fact_read.iter().enumerate() {
        judge(&mut runtime, row.name);
        let read = FactReadRow(index as u32);
        if row.form.reads_variable() {
            runtime.extend([VariableRead(read, row.name)]);
        } else {
            runtime.extend([FactsRead(read, row.name)]);
        }
    }
    runtime.extend(facts.var_assign.iter().map(|row| Assigned(row.name)));
    runtime.extend(
        facts
            .var_assign
            .iter()
            .filter(|row| row.scope == TOP_SCOPE)
            .map(|row| TopAssigned(row.name)),
    );
    runtime.extend(facts.param_decl.iter().map(|row| Assigned(row.name)));
    runtime.extend(facts.template_variable.iter().map(|row| Assigned(row.name)));
    runtime.extend(
        BUILTIN_VARIABLES
            .iter()
            .filter_map(|name| interner.get(name))
            .map(Assigned),
    );
    let (variables, reads) = runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        variables: sorted(variables),
        reads: sorted(reads),
    }
}
