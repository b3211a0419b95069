//! Calls of the functions that stdlib 9, the stdlib of Puppet 8, removed
//! or deprecated: a code base that moves to Puppet 8 moves to stdlib 9,
//! where the first are unknown functions and the others warn (or, for
//! those that heed `strict`, fail under Puppet 8's `strict=error`).

use crepe::crepe;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::{named_columns, sorted};
use crate::facts::schema::{KnownKind, Sym};
use crate::facts::Extraction;

/// A row of `call`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CallRow(pub u32);

crepe! {
    @input
    /// `call(row, name)`.
    struct Call(CallRow, Sym);

    @input
    /// `removed(name)`: a function of stdlib 8 that stdlib 9 does not have
    /// and Puppet does not build in (`stdlib_removed`).
    struct Removed(Sym);

    @input
    /// `deprecated(name)`: a function stdlib 9 keeps only as a deprecated
    /// shim (`stdlib_deprecated`).
    struct Deprecated(Sym);

    @input
    /// `defined_outside_stdlib(name)`: a function some other module
    /// defines (`known`), which the call may mean.
    struct DefinedOutsideStdlib(Sym);

    @input
    /// `in_stdlib(row)`: a call in stdlib's own code, which the move
    /// replaces with stdlib 9.
    struct InStdlib(CallRow);

    @output
    /// `removed_call(row)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct RemovedCall(pub CallRow);

    @output
    /// `deprecated_call(row)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct DeprecatedCall(pub CallRow);

    // removed_call(C) :- call(C, N), removed(N), !defined_outside_stdlib(N),
    //     !in_stdlib(C).
    RemovedCall(row) <-
        Call(row, name),
        Removed(name),
        !DefinedOutsideStdlib(name),
        !InStdlib(row);

    // deprecated_call(C) :- call(C, N), deprecated(N),
    //     !defined_outside_stdlib(N), !in_stdlib(C).
    DeprecatedCall(row) <-
        Call(row, name),
        Deprecated(name),
        !DefinedOutsideStdlib(name),
        !InStdlib(row);
}

named_columns! {
    RemovedCall { 0 call: CallRow }
    DeprecatedCall { 0 call: CallRow }
}

/// What the program derives.
pub struct Output {
    pub removed: Vec<RemovedCall>,
    pub deprecated: Vec<DeprecatedCall>,
}

pub fn run(extraction: &Extraction) -> Output {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let mut runtime = Crepe::new();
    runtime.extend(facts.stdlib_removed.iter().map(|row| Removed(row.function)));
    runtime.extend(
        facts
            .stdlib_deprecated
            .iter()
            .map(|row| Deprecated(row.function)),
    );
    // Only the calls of names stdlib 9 removed or deprecated, found by hash.
    let judged: FxHashMap<Sym, ()> = facts
        .stdlib_removed
        .iter()
        .map(|row| row.function)
        .chain(facts.stdlib_deprecated.iter().map(|row| row.function))
        .map(|name| (name, ()))
        .collect();
    let in_stdlib = |file: crate::facts::schema::FileId| {
        interner.resolve(facts.file[file.0 as usize - 1].module) == "stdlib"
    };
    for (index, row) in facts.call.iter().enumerate() {
        if !judged.contains_key(&row.name) {
            continue;
        }
        let call = CallRow(index as u32);
        runtime.extend([Call(call, row.name)]);
        if in_stdlib(row.file) {
            runtime.extend([InStdlib(call)]);
        }
    }
    runtime.extend(
        facts
            .known
            .iter()
            .filter(|row| {
                row.kind == KnownKind::Function
                    && row.file.0 != 0
                    && interner.resolve(row.module) != "stdlib"
            })
            .map(|row| DefinedOutsideStdlib(row.name)),
    );
    let (removed, deprecated) = runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        removed: sorted(removed),
        deprecated: sorted(deprecated),
    }
}
