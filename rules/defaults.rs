//! Dynamic default inheritance ("Scope Lookup Rules", Dynamic scope, and
//! "Catalog Expressions", Resource Default Expression): which
//! resource defaults reach which resources, along the chain of scopes that
//! declare one another.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, scopes, sorted, ScopeKind};
use crate::facts::schema::{AttributeOp, DefinitionKind, Id, Sym, TOP_SCOPE};
use crate::facts::Extraction;

crepe! {
    @input
    /// `scope_is(scope, kind)`.
    struct ScopeIs(Id, ScopeKind);

    @input
    /// `lexical_parent(scope, parent)`.
    struct LexicalParent(Id, Id);

    @input
    /// `class_scope(class, scope)`.
    struct ClassScope(Sym, Id);

    @input
    /// `define_scope(define, scope)`.
    struct DefineScope(Sym, Id);

    @input
    /// `inherits(class, parent)`.
    struct Inherits(Sym, Sym);

    @input
    /// `declares(scope, class)`.
    struct Declares(Id, Sym);

    @input
    /// `resource_in(res, scope, type)`.
    struct ResourceIn(Id, Id, Sym);

    @input
    /// `resource_sets(res, attr)`: the resource sets the attribute itself.
    struct ResourceSets(Id, Sym);

    @input
    /// `default(def, scope, type, attr, op)`.
    struct Default(Id, Id, Sym, Sym, AttributeOp);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `dynamic_parent(scope, parent)`: a candidate parent in the dynamic
    /// scope chain.
    pub struct DynamicParent(pub Id, pub Id);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `default_applies(res, attr, def)`.
    pub struct DefaultApplies(pub Id, pub Sym, pub Id);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `order_dependent(scope, type, attr)`: candidate parents of `scope`
    /// give its resources of `type` different defaults for `attr`.
    pub struct OrderDependent(pub Id, pub Sym, pub Sym);

    struct Derived(Sym);
    struct DefaultsAt(Id);
    struct BelowDefault(Id, Id);
    struct Holds(Id, Sym);
    struct ScopeDefault(Id, Sym, Sym, Id);
    struct Clear(Id, Id, Sym, Sym);
    struct DefaultAt(Id, Sym, Sym);

    // derived(C) :- inherits(C, _).
    Derived(class) <- Inherits(class, _);

    // "a derived class's parent is its base class"
    // dynamic_parent(CS, PS) :- class_scope(C, CS), inherits(C, P), class_scope(P, PS).
    DynamicParent(scope, parent_scope) <- ClassScope(class, scope), Inherits(class, parent), ClassScope(parent, parent_scope);
    // "any other class ... instance's parent is a scope that declares it"
    // dynamic_parent(CS, D) :- declares(D, C), class_scope(C, CS), !derived(C).
    DynamicParent(scope, declarer) <- Declares(declarer, class), ClassScope(class, scope), !Derived(class);
    // "declaring a derived class whose base class is not yet declared
    // inserts the base between them"
    // dynamic_parent(BS, D) :- declares(D, C), inherits(C, B), class_scope(B, BS), !derived(B).
    DynamicParent(base_scope, declarer) <-
        Declares(declarer, class), Inherits(class, base), ClassScope(base, base_scope), !Derived(base);
    // "... or define instance's parent is a scope that declares it"
    // dynamic_parent(DS, S) :- resource_in(_, S, D), define_scope(D, DS).
    DynamicParent(scope, declarer) <- ResourceIn(_, declarer, define), DefineScope(define, scope);
    // "node scope's parent is top scope"
    // dynamic_parent(N, top) :- scope_is(N, node).
    DynamicParent(node, TOP_SCOPE) <- ScopeIs(node, ScopeKind::Node);
    // a lambda's parent is the scope it is written in
    // dynamic_parent(L, P) :- scope_is(L, lambda), lexical_parent(L, P).
    DynamicParent(lambda, parent) <- ScopeIs(lambda, ScopeKind::Lambda), LexicalParent(lambda, parent);

    // default_at(A, T, X) :- default(_, A, T, X, =>).
    DefaultAt(scope, kind, attr) <- Default(_, scope, kind, attr, AttributeOp::Set);
    // defaults_at(A) :- default_at(A, _, _).
    DefaultsAt(scope) <- DefaultAt(scope, _, _);

    // Chains are followed down from the few scopes that set defaults, to
    // the scopes they reach, rather than up from every scope to top scope:
    // the work grows with what defaults reach, not with every chain.
    // below_default(A, A) :- defaults_at(A).
    BelowDefault(scope, scope) <- DefaultsAt(scope);
    // below_default(S, A) :- below_default(P, A), dynamic_parent(S, P).
    BelowDefault(scope, ancestor) <- BelowDefault(parent, ancestor), DynamicParent(scope, parent);

    // "the nearest default for that type and attribute wins": a chain goes
    // on past a scope only if the scope sets no `=>` default for them.
    // clear(A, A, T, X) :- default(_, A, T, X, _).
    Clear(scope, scope, kind, attr) <- Default(_, scope, kind, attr, _);
    // clear(S, A, T, X) :- clear(P, A, T, X), dynamic_parent(S, P),
    //     !default_at(S, T, X).
    Clear(scope, ancestor, kind, attr) <-
        Clear(parent, ancestor, kind, attr), DynamicParent(scope, parent), !DefaultAt(scope, kind, attr);

    // "all visible defaults merge"; `+>` appends to the next outer one, so
    // it stops no chain. Where candidate parents give different chains,
    // each chain's nearest default is a candidate.
    // The defaults a scope's resources of a type may take are found once
    // per scope; each resource then meets only those.
    // scope_default(S, T, X, D) :- clear(S, A, T, X), holds(S, T),
    //     default(D, A, T, X, _).
    ScopeDefault(scope, kind, attr, default) <-
        Clear(scope, ancestor, kind, attr),
        Holds(scope, kind),
        Default(default, ancestor, kind, attr, _);
    // holds(S, T) :- resource_in(_, S, T).
    Holds(scope, kind) <- ResourceIn(_, scope, kind);
    // default_applies(R, X, D) :- resource_in(R, S, T),
    //     scope_default(S, T, X, D), !resource_sets(R, X).
    DefaultApplies(res, attr, default) <-
        ResourceIn(res, scope, kind),
        ScopeDefault(scope, kind, attr, default),
        !ResourceSets(res, attr);

    // "what Puppet applies depends on evaluation order": a class (a
    // singleton, parented by whichever declaration Puppet evaluates first)
    // with two candidate parents, only one of which reaches a default the
    // class's own resources would take. Each define instance has the one
    // parent that declares it. A default the class sets itself is found
    // first, whichever parent it has (and may be what a parent reaches
    // back to, through a declaration cycle).
    // order_dependent(S, T, X) :- scope_is(S, class), !default_at(S, T, X),
    //     dynamic_parent(S, P1), dynamic_parent(S, P2), P1 != P2,
    //     below_default(P1, A), default_at(A, T, X), !below_default(P2, A),
    //     resource_in(R, S, T), !resource_sets(R, X).
    OrderDependent(scope, kind, attr) <-
        ScopeIs(scope, ScopeKind::Class),
        DynamicParent(scope, first),
        DynamicParent(scope, second),
        (first != second),
        BelowDefault(first, ancestor),
        DefaultAt(ancestor, kind, attr),
        !BelowDefault(second, ancestor),
        ResourceIn(res, scope, kind),
        !ResourceSets(res, attr),
        !DefaultAt(scope, kind, attr);
}

named_columns! {
    DynamicParent { 0 scope: Id, 1 parent: Id }
    DefaultApplies { 0 resource: Id, 1 attr: Sym, 2 default: Id }
    OrderDependent { 0 scope: Id, 1 type_name: Sym, 2 attr: Sym }
}

/// What the program derives.
pub struct Output {
    pub parents: Vec<DynamicParent>,
    pub applies: Vec<DefaultApplies>,
    pub order_dependent: Vec<OrderDependent>,
}

/// Loads the facts and runs the program.
pub fn run(extraction: &Extraction) -> Output {
    let facts = &extraction.facts;
    let mut runtime = Crepe::new();
    for (scope, kind, parent) in scopes(extraction) {
        runtime.extend([ScopeIs(scope, kind)]);
        runtime.extend([LexicalParent(scope, parent)]);
    }
    runtime.extend(
        facts
            .definitions(DefinitionKind::Class)
            .map(|row| ClassScope(row.name, row.scope)),
    );
    runtime.extend(
        facts
            .definitions(DefinitionKind::Define)
            .map(|row| DefineScope(row.name, row.scope)),
    );
    runtime.extend(
        facts
            .inherits
            .iter()
            .map(|row| Inherits(row.class, row.parent)),
    );
    runtime.extend(
        facts
            .declares
            .iter()
            .map(|row| Declares(row.scope, row.class)),
    );
    runtime.extend(
        facts
            .resource
            .iter()
            .map(|row| ResourceIn(row.res, row.scope, row.type_name)),
    );
    runtime.extend(
        facts
            .resource_attr
            .iter()
            .map(|row| ResourceSets(row.res, row.attr)),
    );
    runtime.extend(
        facts
            .resource_default
            .iter()
            .map(|row| Default(row.def, row.scope, row.type_name, row.attr, row.op)),
    );
    let (parents, applies, order_dependent) = runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        parents: sorted(parents),
        applies: sorted(applies),
        order_dependent: sorted(order_dependent),
    }
}
