//! Which unresolved variable reads are findings of their own: a read of an
//! unknown class's variable is a consequence of that class being unknown,
//! a class known only from the configuration has variables pfacts cannot
//! see, and a private variable read from another scope is a matter of
//! access ("Names, Scope and Access Control", Access Control: "A private
//! variable is simply not visible to other scopes").

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::privacy::Site;
use super::{named_columns, names, privacy, scope, sorted};
use crate::facts::schema::Id;
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

    @output
    /// `unknown_variable(ref)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownVariable(pub Id);

    // unknown_variable(R) :- unknown(R), !class_consequence(R),
    //     !private_read(R).
    UnknownVariable(reference) <-
        Unknown(reference),
        !ClassConsequence(reference),
        !PrivateRead(reference);
}

named_columns! {
    UnknownVariable { 0 reference: Id }
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
    let (unknown,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(unknown)
}
