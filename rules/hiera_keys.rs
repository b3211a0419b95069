//! Hiera data that binds nothing: a key `class::parameter` of a class that
//! is defined but has no such parameter. Puppet's automatic parameter
//! lookup asks Hiera for each parameter by name; a misspelled key is never
//! asked for, and the parameter keeps its default without a word.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, sorted};
use crate::facts::names;
use crate::facts::schema::{DefinitionKind, Sym};
use crate::facts::Extraction;

/// A row of `hiera_key`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HieraKeyRow(pub u32);

crepe! {
    @input
    /// `parameter_key(row, key, class, parameter)`: a data key named as a
    /// class parameter, `class::parameter`.
    struct ParameterKey(HieraKeyRow, Sym, Sym, Sym);

    @input
    /// `class(name)`: a class some manifest defines.
    struct Class(Sym);

    @input
    /// `class_parameter(class, parameter)`.
    struct ClassParameter(Sym, Sym);

    @input
    /// `looked_up(key)`: a key a manifest looks up by name (`lookup_key`).
    struct LookedUp(Sym);

    @output
    /// `unbound_key(row)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnboundKey(pub HieraKeyRow);

    // unbound_key(R) :- parameter_key(R, K, C, P), class(C),
    //     !class_parameter(C, P), !looked_up(K).
    UnboundKey(row) <-
        ParameterKey(row, key, class, parameter),
        Class(class),
        !ClassParameter(class, parameter),
        !LookedUp(key);
}

named_columns! {
    UnboundKey { 0 key: HieraKeyRow }
}

pub fn run(extraction: &Extraction) -> Vec<UnboundKey> {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let mut runtime = Crepe::new();
    for (index, row) in facts.hiera_key.iter().enumerate() {
        let key = names::absolute(interner.resolve(row.key));
        let Some(at) = names::last_separator(key).filter(|&at| at > 0) else {
            continue;
        };
        // A name no code writes is no class of the code base; a parameter
        // name no code writes (as the empty name) no parameter of it.
        let Some(class) = interner.get(&key[..at]) else {
            continue;
        };
        let Some(parameter) = interner.get(&key[at + 2..]).or_else(|| interner.get("")) else {
            continue;
        };
        runtime.extend([ParameterKey(
            HieraKeyRow(index as u32),
            row.key,
            class,
            parameter,
        )]);
    }
    let scopes: rustc_hash::FxHashMap<_, Sym> = facts
        .definitions(DefinitionKind::Class)
        .map(|row| (row.scope, row.name))
        .collect();
    runtime.extend(
        facts
            .definitions(DefinitionKind::Class)
            .map(|row| Class(row.name)),
    );
    runtime.extend(facts.param_decl.iter().filter_map(|row| {
        scopes
            .get(&row.scope)
            .map(|&class| ClassParameter(class, row.name))
    }));
    runtime.extend(facts.lookup_key.iter().map(|row| LookedUp(row.key)));
    let (unbound,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(unbound)
}
