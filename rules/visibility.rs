//! Which variables each scope sees: for the `visible-variables` query only,
//! since the relation grows with scopes times top-scope variables.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{assignments, named_columns, sorted};
use super::{scope, scope_graph};
use crate::facts::schema::{Id, Sym};
use crate::facts::Extraction;

crepe! {
    @input
    /// `sees(scope, seen)`, from the scope program.
    struct Sees(Id, Id);

    @input
    /// `local(scope, outer)`, from the scope graph.
    struct Local(Id, Id);

    @input
    /// `assigned(scope, name, private)`.
    struct Assigned(Id, Sym, bool);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `visible(scope, name, declared_in)`.
    pub struct Visible(pub Id, pub Sym, pub Id);

    // "All Parameters and Variables are by default public and are visible
    // to all other scopes."
    // visible(S, N, T) :- sees(S, T), assigned(T, N, false).
    Visible(scope, name, seen) <- Sees(scope, seen), Assigned(seen, name, false);
    // "Parameters and Variables declared private are visible only to C."
    // visible(S, N, T) :- local(S, T), assigned(T, N, true).
    Visible(scope, name, outer) <- Local(scope, outer), Assigned(outer, name, true);
}

named_columns! {
    Visible { 0 scope: Id, 1 name: Sym, 2 declared_in: Id }
}

/// Loads the facts, the scope program's `sees` and the scope graph's
/// `local`, and runs the program.
pub fn run(
    extraction: &Extraction,
    sees: &[scope::Sees],
    local: &[scope_graph::Local],
) -> Vec<Visible> {
    let mut runtime = Crepe::new();
    runtime.extend(sees.iter().map(|row| Sees(row.scope(), row.seen())));
    runtime.extend(local.iter().map(|row| Local(row.scope(), row.outer())));
    runtime.extend(
        assignments(extraction).map(|(scope, name, private)| Assigned(scope, name, private)),
    );
    let (visible,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(visible)
}
