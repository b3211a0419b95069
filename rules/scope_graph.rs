//! The scope graph: which scopes are local to which ("Names, Scope and
//! Access Control", Scope: "A private variable is only available in the
//! scope where it is declared (and inner local scopes)"), and the class,
//! define, node or top scope that encloses each. The scope, privacy and
//! visibility programs read it, so that none derives it again.
//!
//! Its input is a row per scope, so it is written with datafrog.

use datafrog::{Iteration, Relation, RelationLeaper};

use super::{antijoin, named_columns, of_kind, scope_relations, ScopeKind};
use crate::facts::schema::{Id, TOP_SCOPE};
use crate::facts::Extraction;

/// `lambda_in(parent, lambda)`: a lambda and its lexical parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LambdaIn(pub Id, pub Id);

/// `local(scope, outer)`: `scope` is `outer` or a lambda within it, and
/// sees its private variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Local(pub Id, pub Id);

/// `enclosing(scope, outer)`: `outer` is the scope around `scope` that is
/// not a lambda (`scope` itself, unless it is a lambda).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Enclosing(pub Id, pub Id);

named_columns! {
    LambdaIn { 0 parent: Id, 1 lambda: Id }
    Local { 0 scope: Id, 1 outer: Id }
    Enclosing { 0 scope: Id, 1 outer: Id }
}

/// What the program derives, each relation sorted.
pub struct Output {
    pub lambda_in: Vec<LambdaIn>,
    pub local: Vec<Local>,
    pub enclosing: Vec<Enclosing>,
}

/// Loads the scopes and runs the program.
pub fn run(extraction: &Extraction) -> Output {
    let graph = scope_relations(extraction);
    // lambda_in(P, L) :- scope_kind(L, lambda), lexical_parent(L, P).
    let lambdas_in: Relation<(Id, Id)> = Relation::from_join(
        &of_kind(&graph.kind, ScopeKind::Lambda),
        &graph.lexical_parent,
        |&lambda, &(), &parent| (parent, lambda),
    );
    let mut iteration = Iteration::new();
    let local = iteration.variable::<(Id, Id)>("local");
    // local(top, top).
    // local(S, S) :- scope_kind(S, _).
    local.extend(
        std::iter::once(TOP_SCOPE)
            .chain(graph.kind.iter().map(|&(scope, _)| scope))
            .map(|scope| (scope, scope)),
    );
    while iteration.changed() {
        // local(L, T) :- lambda_in(P, L), local(P, T).
        local.from_leapjoin(
            &local,
            lambdas_in.extend_with(|&(parent, _)| parent),
            |&(_, outer), &lambda| (lambda, outer),
        );
    }
    let local = local.complete();
    // enclosing(S, E) :- local(S, E), !scope_kind(E, lambda).
    let lambdas: Relation<Id> = Relation::from_map(&lambdas_in, |&(_, lambda)| lambda);
    let enclosing: Relation<(Id, Id)> = antijoin(
        &Relation::from_map(&local, |&(scope, outer)| (outer, scope)),
        &lambdas,
        |&outer, &scope| (scope, outer),
    );
    Output {
        lambda_in: lambdas_in
            .iter()
            .map(|&(parent, lambda)| LambdaIn(parent, lambda))
            .collect(),
        local: local
            .iter()
            .map(|&(scope, outer)| Local(scope, outer))
            .collect(),
        enclosing: enclosing
            .iter()
            .map(|&(scope, outer)| Enclosing(scope, outer))
            .collect(),
    }
}
