//! Reads of Facter's legacy facts, which Puppet 8 no longer sets
//! (`include_legacy_facts=false`): as top-scope variables in manifests
//! (`$::osfamily`, or `$osfamily` that no code assigns), through the
//! `$facts` hash, and by name in templates and Hiera's files.

use crepe::crepe;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::{named_columns, scope, sorted};
use crate::facts::builtins::placeholder_match;
use crate::facts::schema::{FileId, Id, Sym};
use crate::facts::Extraction;

/// A row of `fact_read`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FactReadRow(pub u32);

/// Where the variable a template or Hiera file reads may be set: a
/// module's template is rendered by that module's classes, and its data
/// looked up for them; the environment's data for any class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Within {
    Module(Sym),
    Anywhere,
}

crepe! {
    @input
    /// `legacy_name(name, fact)`: `name` is the legacy fact `fact` (a
    /// `legacy_fact` row's name, `ipaddress_<interface>` for
    /// `ipaddress_eth0`).
    struct LegacyName(Sym, Sym);

    @input
    /// `top_scope_fact(ref, name)`: a variable read that is a node fact
    /// (the scope program's), by its short name.
    struct TopScopeFact(Id, Sym);

    @input
    /// `facts_hash_read(row, name)`: a `fact_read` through `$facts`.
    struct FactsHashRead(FactReadRow, Sym);

    @input
    /// `variable_read(row, within, name)`: a `fact_read` of a variable, in
    /// a template or in Hiera, which code `within` may set.
    struct VariableRead(FactReadRow, Within, Sym);

    @input
    /// `assigned(module, name)`: a variable or parameter of that name is
    /// set in the module's code (`var_assign`, `param_decl`).
    struct Assigned(Sym, Sym);

    // assigned_within(module(M), N) :- assigned(M, N).
    // assigned_within(anywhere, N) :- assigned(_, N).
    struct AssignedWithin(Within, Sym);

    @output
    /// `legacy_variable(ref, fact)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct LegacyVariable(pub Id, pub Sym);

    @output
    /// `legacy_read(row, fact)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct LegacyRead(pub FactReadRow, pub Sym);

    // legacy_variable(R, F) :- top_scope_fact(R, N), legacy_name(N, F).
    LegacyVariable(reference, fact) <- TopScopeFact(reference, name), LegacyName(name, fact);

    // legacy_read(W, F) :- facts_hash_read(W, N), legacy_name(N, F).
    LegacyRead(row, fact) <- FactsHashRead(row, name), LegacyName(name, fact);

    AssignedWithin(Within::Module(module), name) <- Assigned(module, name);
    AssignedWithin(Within::Anywhere, name) <- Assigned(_, name);

    // A template's `@x` reads the variable of the class that renders it,
    // and Hiera's `%{x}` that of the scope that looks the key up: a name
    // that such code sets may be that variable, not the fact.
    // legacy_read(W, F) :- variable_read(W, C, N), legacy_name(N, F),
    //     !assigned_within(C, N).
    LegacyRead(row, fact) <-
        VariableRead(row, within, name),
        LegacyName(name, fact),
        !AssignedWithin(within, name);
}

named_columns! {
    LegacyVariable { 0 reference: Id, 1 fact: Sym }
    LegacyRead { 0 read: FactReadRow, 1 fact: Sym }
}

/// What the program derives.
pub struct Output {
    pub variables: Vec<LegacyVariable>,
    pub reads: Vec<LegacyRead>,
}

pub fn run(extraction: &Extraction, scope: &scope::Output) -> Output {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    // Each distinct name read is matched against the legacy facts once.
    let mut legacy: FxHashMap<Sym, Option<Sym>> = FxHashMap::default();
    let mut legacy_of = |name: Sym| {
        *legacy.entry(name).or_insert_with(|| {
            let text = interner.resolve(name);
            facts
                .legacy_fact
                .iter()
                .find(|row| placeholder_match(interner.resolve(row.fact), text).is_some())
                .map(|row| row.fact)
        })
    };
    let module_of = |file: FileId| facts.file[file.0 as usize - 1].module;
    let top_scope_facts: Vec<TopScopeFact> = scope
        .facts
        .iter()
        .map(|found| {
            let row = &facts.var_ref[super::var_ref_index(extraction, found.reference())];
            TopScopeFact(found.reference(), row.short_name)
        })
        .collect();
    let mut runtime = Crepe::new();
    for read in &top_scope_facts {
        if let Some(fact) = legacy_of(read.1) {
            runtime.extend([LegacyName(read.1, fact)]);
        }
    }
    for (index, row) in facts.fact_read.iter().enumerate() {
        let read = FactReadRow(index as u32);
        if let Some(fact) = legacy_of(row.name) {
            runtime.extend([LegacyName(row.name, fact)]);
        }
        if row.form.reads_variable() {
            let module = module_of(row.file);
            let within = if interner.resolve(module).is_empty() {
                Within::Anywhere
            } else {
                Within::Module(module)
            };
            runtime.extend([VariableRead(read, within, row.name)]);
        } else {
            runtime.extend([FactsHashRead(read, row.name)]);
        }
    }
    runtime.extend(top_scope_facts);
    runtime.extend(
        facts
            .var_assign
            .iter()
            .map(|row| Assigned(module_of(row.file), row.name)),
    );
    runtime.extend(
        facts
            .param_decl
            .iter()
            .map(|row| Assigned(module_of(row.file), row.name)),
    );
    let (variables, reads) = runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        variables: sorted(variables),
        reads: sorted(reads),
    }
}
