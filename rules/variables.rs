//! Which unresolved variable reads are findings of their own: a read of an
//! unknown class's variable is a consequence of that class being unknown,
//! a class known only from the configuration has variables pfacts cannot
//! see, and a private variable read from another scope is a matter of
//! access ("Names, Scope and Access Control", Access Control: "A private
//! variable is simply not visible to other scopes").

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::privacy::Site;
use super::scope::TooEarly;
use super::{named_columns, names, privacy, scope, sorted};
use crate::facts::schema::{Id, Sym};
use crate::facts::Extraction;

crepe! {
    @input
    /// `unknown(ref)`: a read that resolves to nothing (`unknown_variable`
    /// of the scope program).
    struct Unknown(Id);

    @input
    /// `class_consequence(ref)`: `$c::x` read, where class `c` is unknown
    /// or known only from the configuration (the names program).
    struct ClassConsequence(Id);

    @input
    /// `private_read(ref)`: a private variable read from a scope that does
    /// not see it (`variable_violation` of the privacy program).
    struct PrivateRead(Id);

    @input
    /// `unevaluated_read(ref, class, why)`: `$class::x` read before its
    /// class is evaluated (the scope program's).
    struct TooEarlyRead(Id, Sym, TooEarly);

    // not_yet_evaluated(ref): read before its class is evaluated.
    struct NotYetEvaluated(Id);

    @output
    /// `unknown_variable(ref, why)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownVariable(pub Id, pub Unreadable);

    // not_yet_evaluated(R) :- unevaluated_read(R, _, _).
    NotYetEvaluated(reference) <- TooEarlyRead(reference, _, _);

    // unknown_variable(R, not_visible) :- unknown(R), !class_consequence(R),
    //     !private_read(R), !not_yet_evaluated(R).
    UnknownVariable(reference, Unreadable::NotVisible) <-
        Unknown(reference),
        !ClassConsequence(reference),
        !PrivateRead(reference),
        !NotYetEvaluated(reference);

    // unknown_variable(R, not_evaluated(C, why)) :-
    //     unevaluated_read(R, C, why), !private_read(R).
    UnknownVariable(reference, Unreadable::TooEarly(class, why)) <-
        TooEarlyRead(reference, class, why),
        !PrivateRead(reference);
}

/// Why a variable read finds nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unreadable {
    /// No assignment or parameter of the name is visible from the read.
    NotVisible,
    /// `$class::x` names a variable of `class`, not evaluated when it is
    /// read.
    TooEarly(Sym, TooEarly),
}

named_columns! {
    UnknownVariable { 0 reference: Id, 1 why: Unreadable }
}

/// Loads the outputs of the scope, names and privacy programs, and runs
/// the program.
pub fn run(
    extraction: &Extraction,
    scopes: &scope::Output,
    names: &names::Output,
    privacy: &privacy::Output,
) -> Vec<UnknownVariable> {
    let mut runtime = Crepe::new();
    runtime.extend(
        scopes
            .unknown
            .iter()
            .map(|found| Unknown(found.reference())),
    );
    let consequences = names
        .reads_of_unknown_classes
        .iter()
        .map(|read| read.reference())
        .chain(
            names
                .reads_of_known_classes
                .iter()
                .map(|read| read.reference()),
        );
    runtime.extend(consequences.map(ClassConsequence));
    let references = &extraction.facts.var_ref;
    runtime.extend(
        privacy
            .variables
            .iter()
            .filter_map(|violation| match violation.site() {
                Site::VarRef(index) => Some(PrivateRead(references[index as usize].reference)),
                _ => None,
            }),
    );
    runtime.extend(
        scopes
            .too_early
            .iter()
            .map(|read| TooEarlyRead(read.reference(), read.class(), read.why())),
    );
    let (unknown,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(unknown)
}
