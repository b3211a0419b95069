//! Static scope ("Scope Lookup Rules", Static scope; "Names, Scope and
//! Access Control", Scope): which variables each scope sees,
//! what each reference resolves to, and what it cannot.
//!
//! Its inputs are rows per reference, so the program is written with
//! datafrog, as the declarations program is (see there why).

mod evaluation;
mod first_declaration;
mod templates;

use super::first_declarations::FirstDeclarations;

use datafrog::{Iteration, Relation, RelationLeaper};
use rustc_hash::{FxHashMap, FxHashSet};

use super::{
    antijoin, assignments, named_columns, of_kind, scope_graph, scope_relations, union,
    ScopeKind as Kind,
};
use crate::facts::builtins::{FactNames, METAPARAMETERS};
use crate::facts::schema::{
    DefinitionKind, EppArgumentsForm, FileId, FileReferenceHow, Id, Sym, TOP_SCOPE,
};
use crate::facts::Extraction;

/// `sees(scope, seen)`: `scope` sees the public variables of `seen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sees(pub Id, pub Id);

/// `resolves(ref, declared_in)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Resolves(pub Id, pub Id);

/// `unknown_variable(ref)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnknownVariable(pub Id);

/// `top_scope_fact(ref)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TopScopeFact(pub Id);

/// Why a read happens before what it reads exists (Puppet 7: "Unknown
/// variable", and `undef`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TooEarly {
    /// `$c::x`, where no code declares class `c` (nor inherits from it),
    /// and the code base has entry points of its own (declarations in an
    /// environment's manifests) and declares no class by a computed name.
    ClassDeclaredNowhere,
    /// `$c::x`, where class `c` is declared only after the read, in the
    /// scope that reads it, which Puppet evaluates once (a class's
    /// parameter defaults come before its body: the "params pattern"
    /// without `inherits`).
    ClassDeclaredAfter,
    /// A top-scope variable read by a class that top-level code declares
    /// before assigning the variable.
    AssignedAfterDeclaration,
    /// A node-scope variable read by a class that top-level code declares
    /// first: its scope never has node scope around it.
    NodeScopeAfterTop,
}

impl TooEarly {
    /// The reason's name in query outputs.
    pub fn name(self) -> &'static str {
        match self {
            TooEarly::ClassDeclaredNowhere => "class-declared-nowhere",
            TooEarly::ClassDeclaredAfter => "class-declared-after",
            TooEarly::AssignedAfterDeclaration => "assigned-after-declaration",
            TooEarly::NodeScopeAfterTop => "first-declared-at-top",
        }
    }
}

/// `too_early(ref, class, why)`: a read that finds nothing when it
/// happens; `class` is the class read (`$class::x`) or the reading one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TooEarlyRead(pub Id, pub Sym, pub TooEarly);

/// What a read's answer depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dependence {
    /// Whether the class of `$class::x` is evaluated first.
    ClassEvaluation,
    /// Whether the reading class (or define instance) is first declared
    /// from a node or from top-level code.
    NodeScope,
}

/// `order_dependent_read(ref, class, on)`: a read that finds its variable
/// only in some evaluation orders; `class` as in `too_early`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OrderDependentRead(pub Id, pub Sym, pub Dependence);

named_columns! {
    TooEarlyRead { 0 reference: Id, 1 class: Sym, 2 why: TooEarly }
    OrderDependentRead { 0 reference: Id, 1 class: Sym, 2 on: Dependence }
    Sees { 0 scope: Id, 1 seen: Id }
    Resolves { 0 reference: Id, 1 declared_in: Id }
    UnknownVariable { 0 reference: Id }
    TopScopeFact { 0 reference: Id }
}

/// What the program derives.
pub struct Output {
    pub sees: Vec<Sees>,
    pub resolves: Vec<Resolves>,
    pub unknown: Vec<UnknownVariable>,
    pub facts: Vec<TopScopeFact>,
    /// Qualified reads of a class not evaluated when they happen (in
    /// `unknown` too).
    pub too_early: Vec<TooEarlyRead>,
    /// Qualified reads that find their variable only when its class
    /// happens to be evaluated first (in `resolves` too).
    pub order_dependent: Vec<OrderDependentRead>,
}

/// The program's inputs, each keyed (its first column) for the joins that
/// read it; `()` as the value makes a relation a set to test against.
struct Input {
    /// `scope_kind(scope, kind)`; top scope is `TOP_SCOPE`.
    scope_kind: Relation<(Id, Kind)>,
    /// `lexical_parent(scope, parent)`.
    lexical_parent: Relation<(Id, Id)>,
    /// `class_scope(class, scope)`.
    class_scope: Relation<(Sym, Id)>,
    /// `inherits_tc(class, ancestor)`: `class` inherits from `ancestor`,
    /// directly or not (the inheritance program's).
    inherits_tc: Relation<(Sym, Sym)>,
    /// `define_scope(define, scope)`.
    define_scope: Relation<(Sym, Id)>,
    /// `public((scope, name))`: a variable or parameter assigned in
    /// `scope`, not private (`assigned(scope, name, false)`).
    public: Relation<((Id, Sym), ())>,
    /// `private((scope, name))`: a private one (`assigned(scope, name,
    /// true)`).
    private: Relation<((Id, Sym), ())>,
    /// `parameter((scope, name))`: a parameter of a class, define or
    /// function.
    parameter: Relation<((Id, Sym), ())>,
    /// `plain_ref(ref, scope, name)`: `$x`.
    plain_ref: Relation<(Id, Id, Sym)>,
    /// `top_ref(ref, scope, name)`: `$::x`, read in `scope`.
    top_ref: Relation<(Id, Id, Sym)>,
    /// `qualified_ref(ref, scope, class, name)`: `$a::b::x`, read in
    /// `scope`.
    qualified_ref: Relation<(Id, Id, Sym, Sym)>,
    /// `builtin_name(ref)`: `$facts`, `$title`, `$0`, `$settings::x`...: a
    /// variable Puppet provides in every scope.
    builtin_name: Relation<Id>,
    /// `metaparameter_ref(ref, scope)`: `$alias`, `$before`... read in
    /// `scope`: a variable in a define's body.
    metaparameter_ref: Relation<(Id, Id)>,
    /// `fact_name(ref)`: the name is a Facter or custom fact.
    fact_name: Relation<(Id, ())>,
    /// `automatic_ref(ref, scope)`: `$title`, `$name` or `$module_name`.
    automatic_ref: Relation<(Id, Id)>,
    /// `qualified_automatic(ref)`: `$c::title`, `$c::name` or
    /// `$c::module_name`.
    qualified_automatic: Relation<(Id, ())>,
    /// `epp_reference(name, (scope, ref, file))`: `epp('m/x.epp')` in
    /// `scope` of `file`, the `file_reference` `ref`.
    epp_reference: Relation<(Sym, (Id, Id, FileId))>,
    /// `epp_arguments(ref, form)`.
    epp_arguments: Relation<(Id, EppArgumentsForm)>,
    /// `epp_argument(ref, name)`.
    epp_argument: Relation<(Id, Sym)>,
    /// `template_file(name, file)`.
    template_file: Relation<(Sym, FileId)>,
    /// `template_scope(file, scope)`: the scope of an EPP template's code.
    template_scope: Relation<(FileId, Id)>,
}

/// Loads the facts and the inheritance closure (from the inheritance
/// program), and runs the program.
pub fn run(
    extraction: &Extraction,
    inherits: &[super::inheritance::InheritsTc],
    graph: &scope_graph::Output,
) -> Output {
    let mut input = Input::load(extraction, inherits);
    // scope(top).
    // scope(S) :- scope_kind(S, _).
    let scopes: Vec<Id> = std::iter::once(TOP_SCOPE)
        .chain(input.scope_kind.iter().map(|&(scope, _)| scope))
        .collect();
    let lambdas_in: Relation<(Id, Id)> = graph
        .lambda_in
        .iter()
        .map(|row| (row.parent(), row.lambda()))
        .collect();
    let local: Relation<(Id, Id)> = graph
        .local
        .iter()
        .map(|row| (row.scope(), row.outer()))
        .collect();
    let enclosing: Relation<(Id, Id)> = graph
        .enclosing
        .iter()
        .map(|row| (row.scope(), row.outer()))
        .collect();
    let kinds: FxHashMap<Id, Kind> = input.scope_kind.iter().copied().collect();
    let outer: FxHashMap<Id, Id> = enclosing.iter().copied().collect();
    let enclosing_of = |scope: Id| {
        let outer = outer.get(&scope).copied().unwrap_or(TOP_SCOPE);
        (outer, kinds.get(&outer).copied().unwrap_or(Kind::Top))
    };
    let mut first = FirstDeclarations::new(extraction, &enclosing_of);
    let templates = templates::templates(extraction, &input, &local);
    // A template's arguments are its variables.
    // assigned(T, X, false) :- template_argument(T, X).
    input.public = std::mem::replace(&mut input.public, Relation::from_vec(Vec::new()))
        .merge(Relation::from_vec(templates.arguments.to_vec()));
    let sees = sees(
        &input,
        &scopes,
        &lambdas_in,
        &local,
        &templates,
        node_scopes_seen(&input, &mut first),
    );
    let by_name = resolves(&input, &sees, &local);
    // Node bodies, and examples' top-level code: entry points whose scope
    // only what they declare sees.
    let nodes: FxHashSet<Id> = input
        .scope_kind
        .iter()
        .filter(|&&(_, kind)| matches!(kind, Kind::Node | Kind::Example))
        .map(|&(scope, _)| scope)
        .collect();
    let by_first_declaration = first_declaration::judge(
        extraction,
        &mut first,
        first_declaration::Reads {
            by_name: &by_name,
            plain_ref: &input.plain_ref,
            top_ref: &input.top_ref,
            public: &input.public,
            nodes: &nodes,
            renders: &templates.renders,
        },
    );
    // The qualified reads that find their variable by name, judged by
    // whether their class is evaluated by then.
    let found: Relation<Id> = Relation::from_map(&by_name, |&(reference, _)| reference);
    let qualified: Vec<(Id, Id, Sym)> = input
        .qualified_ref
        .iter()
        .filter(|&&(reference, ..)| found.binary_search(&reference).is_ok())
        .map(|&(reference, scope, class, _)| (reference, scope, class))
        .collect();
    let qualified = templates::reads_where_they_happen(extraction, &qualified, &templates, &local);
    let judged = crate::timings::time("rules: scope: evaluation order", || {
        evaluation::judge(
            extraction,
            &qualified,
            evaluation::Scopes {
                local: &local,
                enclosing: &enclosing,
                scope_kind: &input.scope_kind,
                class_scope: &input.class_scope,
                inherits_tc: &input.inherits_tc,
            },
        )
    });
    let mut too_early = judged.too_early;
    too_early.extend(by_first_declaration.too_early);
    too_early.sort_unstable();
    let mut order_dependent = judged.order_dependent;
    order_dependent.extend(by_first_declaration.order_dependent);
    order_dependent.sort_unstable();
    // resolves(R, T) :- by_name(R, T), !too_early(R, _, _).
    let early: Relation<Id> = too_early.iter().map(|read| read.reference()).collect();
    let in_time = antijoin(&by_name, &early, |&reference, &declared| {
        (reference, declared)
    });
    let resolves = in_time.merge(automatic(&input, &enclosing, &found));
    let resolves: Vec<Resolves> = resolves
        .iter()
        .map(|&(reference, declared)| Resolves(reference, declared))
        .collect();
    let builtin = builtin(&input);
    // A read that a template's computed arguments may bind is judged as
    // one of what Puppet provides.
    let builtin = builtin.merge(Relation::from_vec(templates.open_reads.to_vec()));
    let (unknown, facts) = unresolved(&input, &resolves, &builtin);
    Output {
        sees: sees
            .iter()
            .map(|&(scope, seen)| Sees(scope, seen))
            .collect(),
        resolves,
        unknown,
        facts,
        too_early,
        order_dependent,
    }
}

/// `automatic(ref, scope)`: `$title`, `$name` and `$module_name`, which
/// Puppet sets in each class, define instance and node scope (and its
/// lambdas see), unless a lambda's parameter of that name hides them.
fn automatic(
    input: &Input,
    enclosing: &Relation<(Id, Id)>,
    found: &Relation<Id>,
) -> Relation<(Id, Id)> {
    // automatic(R, E) :- plain_ref(R, S, N), automatic_name(N),
    //     enclosing(S, E), scope_kind(E, class | define | node),
    //     !by_name(R, _).
    let sets_them: Relation<(Id, ())> = input
        .scope_kind
        .iter()
        .filter(|&&(_, kind)| matches!(kind, Kind::Class | Kind::Define | Kind::Node))
        .map(|&(scope, _)| (scope, ()))
        .collect();
    let reads: Relation<(Id, Id)> = input
        .automatic_ref
        .iter()
        .filter(|&&(reference, _)| found.binary_search(&reference).is_err())
        .map(|&(reference, scope)| (scope, reference))
        .collect();
    let enclosed: Relation<(Id, Id)> =
        Relation::from_join(&reads, enclosing, |_, &reference, &outer| {
            (outer, reference)
        });
    Relation::from_join(&enclosed, &sets_them, |&outer, &reference, &()| {
        (reference, outer)
    })
}

/// `sees(scope, seen)`, keyed by scope.
fn sees(
    input: &Input,
    scopes: &[Id],
    lambdas_in: &Relation<(Id, Id)>,
    local: &Relation<(Id, Id)>,
    templates: &templates::Templates,
    node_scopes: Vec<(Id, Id)>,
) -> Relation<(Id, Id)> {
    let mut iteration = Iteration::new();
    let sees = iteration.variable::<(Id, Id)>("sees");
    // "a scope sees its own variables and parameters"
    // sees(S, S) :- scope(S).
    sees.extend(scopes.iter().map(|&scope| (scope, scope)));
    // "... and top scope"
    // sees(S, top) :- scope(S).
    sees.extend(scopes.iter().map(|&scope| (scope, TOP_SCOPE)));
    // "Parameters and Variables in a Class C is in scope for C, and in all
    // classes inheriting C."
    // sees(CS, AS) :- class_scope(C, CS), inherits_tc(C, A), class_scope(A, AS).
    let ancestors: Relation<(Sym, Id)> = Relation::from_join(
        &input.inherits_tc,
        &input.class_scope,
        |_, &ancestor, &scope| (ancestor, scope),
    );
    sees.insert(Relation::from_join(
        &ancestors,
        &input.class_scope,
        |_, &scope, &ancestor_scope| (scope, ancestor_scope),
    ));
    // node scope, for classes first declared from a node's body (and
    // define instances declared there)
    // sees(CS, N) :- class_scope(C, CS), roots_node(C, N), !top_first(C, _).
    // sees(DS, N) :- define_scope(D, DS), roots_node(D, N).
    sees.extend(node_scopes);
    let renders = &templates.renders;
    // The scopes whose variables are global: Puppet evaluates a template
    // file in the first node or top scope around the scope that renders it
    // (`Scope#find_global_scope`).
    // global(N) :- scope_kind(N, node | example).
    let global: Relation<(Id, ())> = input
        .scope_kind
        .iter()
        .filter(|&&(_, kind)| matches!(kind, Kind::Node | Kind::Example))
        .map(|&(scope, _)| (scope, ()))
        .collect();
    // A template that no code renders by its name may be rendered from
    // any node: it sees those that assign a variable it reads (joined by
    // name, never with every node).
    // global_assigns(X, N) :- assigned(N, X, false), global(N).
    let global_assigns: Relation<(Sym, Id)> = Relation::from_join(
        &Relation::from_map(&input.public, |&((scope, name), ())| (scope, name)),
        &global,
        |&node, &name, &()| (name, node),
    );
    // sees(T, N) :- unrendered(T), local(S, T), plain_ref(_, S, X),
    //     global_assigns(X, N).
    let unrendered_scopes: Relation<(Id, Id)> = Relation::from_join(
        &Relation::from_map(local, |&(scope, outer)| (outer, scope)),
        &templates.unrendered,
        |&template, &scope, &()| (scope, template),
    );
    let read_names: Relation<(Sym, Id)> = Relation::from_join(
        &Relation::from_map(&input.plain_ref, |&(_, scope, name)| (scope, name)),
        &unrendered_scopes,
        |_, &name, &template| (name, template),
    );
    sees.insert(Relation::from_join(
        &read_names,
        &global_assigns,
        |_, &template, &node| (template, node),
    ));
    while iteration.changed() {
        // "a template file sees top scope and the node scope of what
        // renders it"
        // sees(T, N) :- renders(S, T), sees(S, N), global(N).
        sees.from_leapjoin(
            &sees,
            (
                renders.extend_with(|&(scope, _)| scope),
                global.filter_with(|&(_, seen)| (seen, ())),
            ),
            |&(_, seen), &template| (template, seen),
        );
        // "a lambda sees its enclosing scope"
        // sees(L, T) :- scope_kind(L, lambda), lexical_parent(L, P), sees(P, T).
        sees.from_leapjoin(
            &sees,
            lambdas_in.extend_with(|&(parent, _)| parent),
            |&(_, seen), &lambda| (lambda, seen),
        );
    }
    sees.complete()
}

/// `(scope, node)`: a class or define scope that has the node's scope
/// around it, as first declarations give it.
fn node_scopes_seen(input: &Input, first: &mut FirstDeclarations) -> Vec<(Id, Id)> {
    let mut seen = Vec::new();
    for &(class, scope) in input.class_scope.iter() {
        let roots = first.of(class);
        if roots.top_first.is_none() {
            seen.extend(roots.nodes.iter().map(|&node| (scope, node)));
        }
    }
    for &(define, scope) in input.define_scope.iter() {
        seen.extend(first.of(define).nodes.iter().map(|&node| (scope, node)));
    }
    seen
}

// Resolution joins each reference with the few scopes its scope sees, never
// with every variable visible there (top scope's are visible everywhere):
// the cost grows with the references, not their product.
fn resolves(
    input: &Input,
    sees: &Relation<(Id, Id)>,
    local: &Relation<(Id, Id)>,
) -> Relation<(Id, Id)> {
    // (reference, declared) pairs, each rule's.
    let mut found: Vec<Relation<(Id, Id)>> = Vec::new();
    // resolves(R, T) :- plain_ref(R, S, N), sees(S, T), assigned(T, N, false).
    // The scopes a reference sees, met with those assigning its name,
    // without listing every scope every reference sees.
    let assigning: Relation<(Sym, Id)> =
        Relation::from_map(&input.public, |&((scope, name), ())| (name, scope));
    found.push(Relation::from_leapjoin(
        &input.plain_ref,
        (
            sees.extend_with(|&(_, scope, _)| scope),
            assigning.extend_with(|&(_, _, name)| name),
        ),
        |&(reference, ..), &seen| (reference, seen),
    ));
    // resolves(R, T) :- plain_ref(R, S, N), local(S, T), assigned(T, N, true).
    // Private variables are few: each meets the scopes local to its own,
    // rather than each reference every scope local to its scope.
    // visible_private(S, N, T) :- assigned(T, N, true), local(S, T).
    let local_to: Relation<(Id, Id)> = Relation::from_map(local, |&(scope, outer)| (outer, scope));
    let visible_private: Relation<((Id, Sym), Id)> = Relation::from_leapjoin(
        &input.private,
        local_to.extend_with(|&((outer, _), ())| outer),
        |&((outer, name), ()), &scope| ((scope, name), outer),
    );
    found.push(Relation::from_leapjoin(
        &input.plain_ref,
        visible_private.extend_with(|&(_, scope, name)| (scope, name)),
        |&(reference, ..), &outer| (reference, outer),
    ));
    // "$::x is top scope"
    // resolves(R, top) :- top_ref(R, _, N), assigned(top, N, false).
    found.push(Relation::from_leapjoin(
        &input.top_ref,
        input.public.extend_with(|&(_, _, name)| (TOP_SCOPE, name)),
        |&(reference, ..), &()| (reference, TOP_SCOPE),
    ));
    // "$a::b::x names a parameter or class-level variable of class a::b"
    // (or of a class it inherits from); never a private one.
    // qualified(R, S, CS, N) :- qualified_ref(R, S, C, N), class_scope(C, CS).
    let qualified: Relation<((Id, Sym), (Id, Id))> = Relation::from_leapjoin(
        &input.qualified_ref,
        input.class_scope.extend_with(|&(_, _, class, _)| class),
        |&(reference, scope, _, name), &class_scope| ((class_scope, name), (reference, scope)),
    );
    // resolves(R, CS) :- qualified(R, _, CS, N), assigned(CS, N, false).
    found.push(Relation::from_join(
        &qualified,
        &input.public,
        |&(class_scope, _), &(reference, _), &()| (reference, class_scope),
    ));
    // The class scopes each class scope sees (its own and its ancestors'),
    // taken before the join: every scope sees top scope, and many node
    // scopes, which would otherwise meet every qualified reference.
    // sees_class(CS, AS) :- sees(CS, AS), class_scope(_, AS).
    let class_scopes: Relation<Id> = Relation::from_map(&input.class_scope, |&(_, scope)| scope);
    let sees_class: Relation<(Id, Id)> = sees
        .iter()
        .filter(|&&(_, seen)| class_scopes.binary_search(&seen).is_ok())
        .copied()
        .collect();
    // resolves(R, AS) :- qualified(R, _, CS, N), sees_class(CS, AS),
    //     assigned(AS, N, false).
    let inherited: Relation<((Id, Sym), Id)> = Relation::from_leapjoin(
        &qualified,
        sees_class.extend_with(|&((class_scope, _), _)| class_scope),
        |&((_, name), (reference, _)), &seen| ((seen, name), reference),
    );
    found.push(Relation::from_join(
        &inherited,
        &input.public,
        |&(seen, _), &reference, &()| (reference, seen),
    ));
    // "A private variable is only available in the scope where it is
    // declared (and inner local scopes)", by its qualified name too.
    // resolves(R, top) :- top_ref(R, S, N), local(S, top),
    //     assigned(top, N, true).
    found.push(Relation::from_leapjoin(
        &input.top_ref,
        (
            input.private.extend_with(|&(_, _, name)| (TOP_SCOPE, name)),
            local.filter_with(|&(_, scope, _)| (scope, TOP_SCOPE)),
        ),
        |&(reference, ..), &()| (reference, TOP_SCOPE),
    ));
    // resolves(R, CS) :- qualified(R, S, CS, N), local(S, CS),
    //     assigned(CS, N, true).
    found.push(Relation::from_leapjoin(
        &qualified,
        (
            input.private.extend_with(|&(key, _)| key),
            local.filter_with(|&((class_scope, _), (_, scope))| (scope, class_scope)),
        ),
        |&((class_scope, _), (reference, _)), &()| (reference, class_scope),
    ));
    // "A private parameter may only be directly used from the module where
    // it was declared": by qualified name it resolves (the privacy program
    // judges the module).
    // resolves(R, CS) :- qualified(R, _, CS, N), parameter(CS, N).
    found.push(Relation::from_join(
        &qualified,
        &input.parameter,
        |&(class_scope, _), &(reference, _), &()| (reference, class_scope),
    ));
    // Puppet sets `$title`, `$name` and `$module_name` in each class's
    // scope, which `$c::title` reads too.
    // resolves(R, CS) :- qualified(R, _, CS, _), qualified_automatic(R).
    found.push(Relation::from_join(
        &Relation::from_map(&qualified, |&((class_scope, _), (reference, _))| {
            (reference, class_scope)
        }),
        &input.qualified_automatic,
        |&reference, &class_scope, &()| (reference, class_scope),
    ));
    union(found)
}

/// `builtin(ref)`: a reference to a variable Puppet provides.
fn builtin(input: &Input) -> Relation<Id> {
    // A define's metaparameters are variables in its body, and in what its
    // body encloses.
    let children: Relation<(Id, Id)> =
        Relation::from_map(&input.lexical_parent, |&(scope, parent)| (parent, scope));
    let mut iteration = Iteration::new();
    let in_define = iteration.variable::<(Id, ())>("in_define");
    // in_define(S) :- scope_kind(S, define).
    in_define.insert(of_kind(&input.scope_kind, Kind::Define));
    while iteration.changed() {
        // in_define(S) :- lexical_parent(S, P), in_define(P).
        in_define.from_leapjoin(
            &in_define,
            children.extend_with(|&(parent, _)| parent),
            |_, &scope| (scope, ()),
        );
    }
    let in_define = in_define.complete();
    // builtin(R) :- metaparameter_ref(R, S), in_define(S).
    let metaparameters: Relation<(Id, Id)> =
        Relation::from_map(&input.metaparameter_ref, |&(reference, scope)| {
            (scope, reference)
        });
    let metaparameters: Relation<Id> =
        Relation::from_join(&metaparameters, &in_define, |_, &reference, &()| reference);
    // builtin(R) :- builtin_name(R).
    metaparameters.merge(Relation::from_vec(input.builtin_name.to_vec()))
}

/// `(unknown_variable, top_scope_fact)`. Each kind of reference is judged
/// from its own relation, so that no relation is looked up by reference.
fn unresolved(
    input: &Input,
    resolves: &[Resolves],
    builtin: &Relation<Id>,
) -> (Vec<UnknownVariable>, Vec<TopScopeFact>) {
    // resolved(R) :- resolves(R, _).
    let resolved: Relation<Id> = resolves.iter().map(|row| row.reference()).collect();
    // judged(R) :- resolved(R).  judged(R) :- builtin(R).
    let judged: Relation<Id> = resolved.merge(Relation::from_vec(builtin.to_vec()));
    let unjudged = |references: Relation<(Id, ())>| -> Relation<(Id, ())> {
        antijoin(&references, &judged, |&reference, &()| (reference, ()))
    };
    // "top-scope names that no manifest assigns are node facts"
    // top_scope_fact(R) :- top_ref(R, _, _), !resolved(R), !builtin(R).
    let top = unjudged(Relation::from_map(&input.top_ref, |&(reference, ..)| {
        (reference, ())
    }));
    // unresolved_plain(R) :- plain_ref(R, _, _), !resolved(R), !builtin(R).
    let plain = unjudged(Relation::from_map(&input.plain_ref, |&(reference, ..)| {
        (reference, ())
    }));
    // top_scope_fact(R) :- unresolved_plain(R), fact_name(R).
    let plain_facts: Relation<(Id, ())> =
        Relation::from_join(&plain, &input.fact_name, |&reference, _, _| (reference, ()));
    // Top-level code reads top scope with `$x` as with `$::x`: a name no
    // manifest assigns there is a node's fact, known or not (the facts
    // program judges the name).
    // top_scope_fact(R) :- unresolved_plain(R), plain_ref(R, top, _).
    let in_top_scope: Relation<(Id, ())> = input
        .plain_ref
        .iter()
        .filter(|&&(_, scope, _)| scope == TOP_SCOPE)
        .map(|&(reference, ..)| (reference, ()))
        .collect();
    let top_level_facts: Relation<(Id, ())> =
        Relation::from_join(&plain, &in_top_scope, |&reference, _, _| (reference, ()));
    let facts = top.merge(plain_facts).merge(top_level_facts);
    // unresolved(R) :- unresolved_plain(R).
    // unresolved(R) :- qualified_ref(R, _, _, _), !resolved(R), !builtin(R).
    let qualified = unjudged(Relation::from_map(
        &input.qualified_ref,
        |&(reference, ..)| (reference, ()),
    ));
    let unresolved = plain.merge(qualified);
    // unknown_variable(R) :- unresolved(R), !top_scope_fact(R).
    let fact_references: Relation<Id> = Relation::from_map(&facts, |&(reference, ())| reference);
    let unknown = antijoin(&unresolved, &fact_references, |&reference, _| {
        UnknownVariable(reference)
    });
    (
        unknown.elements,
        facts
            .iter()
            .map(|&(reference, ())| TopScopeFact(reference))
            .collect(),
    )
}

/// Variables that Puppet provides in every scope.
pub(super) const BUILTIN_VARIABLES: &[&str] = &[
    "facts",
    "trusted",
    "server_facts",
    "title",
    "name",
    "module_name",
    "caller_module_name",
    "environment",
    "clientcert",
    "clientversion",
    "clientnoop",
    "servername",
    "serverip",
    "serverversion",
    "agent_specified_environment",
];

/// What a variable's name tells of a reference to it.
#[derive(Clone, Copy)]
struct Judged {
    /// A variable Puppet provides in every scope.
    builtin: bool,
    /// A metaparameter's name: a variable in a define's body.
    metaparameter: bool,
    /// Unqualified, and the name of a Facter or custom fact.
    fact: bool,
    /// `$title`, `$name` or `$module_name`, set in each class, define
    /// instance and node scope.
    automatic: bool,
    form: Form,
}

/// How a reference names its variable: `$x`, `$::x` or `$a::b::x`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Plain,
    Top,
    Qualified,
}

impl Input {
    fn load(extraction: &Extraction, inherits: &[super::inheritance::InheritsTc]) -> Input {
        let facts = &extraction.facts;
        let interner = &extraction.interner;
        let text = |sym: Sym| interner.resolve(sym);
        let graph = scope_relations(extraction);
        let mut public = Vec::new();
        let mut private = Vec::new();
        for (scope, name, is_private) in assignments(extraction) {
            if is_private {
                private.push(((scope, name), ()));
            } else {
                public.push(((scope, name), ()));
            }
        }
        // Fact names, exact or as a prefix (`processor<N>`), looked up by
        // hash.
        let fact_names = FactNames::new(&facts.known, &facts.legacy_fact, &extraction.interner);
        let mut builtin_name = Vec::new();
        let mut metaparameter_ref = Vec::new();
        let mut plain_ref = Vec::new();
        let mut fact_name = Vec::new();
        let mut top_ref = Vec::new();
        let mut qualified_ref = Vec::new();
        let mut automatic_ref = Vec::new();
        let mut qualified_automatic = Vec::new();
        // What a name tells of a reference, judged once per distinct name.
        let mut judged: FxHashMap<(Sym, Sym, Sym), Judged> = FxHashMap::default();
        for row in &facts.var_ref {
            let judged = *judged
                .entry((row.name, row.namespace, row.short_name))
                .or_insert_with(|| {
                    let (name, namespace, short) =
                        (text(row.name), text(row.namespace), text(row.short_name));
                    Judged {
                        builtin: BUILTIN_VARIABLES.contains(&short)
                            && (namespace.is_empty() || namespace == "::")
                            || short.bytes().all(|byte| byte.is_ascii_digit())
                            || namespace == "settings",
                        metaparameter: namespace.is_empty() && METAPARAMETERS.contains(&short),
                        fact: namespace.is_empty() && fact_names.contains(name),
                        automatic: matches!(short, "title" | "name" | "module_name")
                            && namespace != "::",
                        form: match namespace {
                            "" => Form::Plain,
                            "::" => Form::Top,
                            _ => Form::Qualified,
                        },
                    }
                });
            if judged.builtin {
                builtin_name.push(row.reference);
            } else if judged.metaparameter {
                metaparameter_ref.push((row.reference, row.scope));
            }
            if judged.fact {
                fact_name.push((row.reference, ()));
            }
            if judged.automatic && judged.form == Form::Plain {
                automatic_ref.push((row.reference, row.scope));
            } else if judged.automatic {
                qualified_automatic.push((row.reference, ()));
            }
            match judged.form {
                Form::Plain => plain_ref.push((row.reference, row.scope, row.short_name)),
                Form::Top => top_ref.push((row.reference, row.scope, row.short_name)),
                Form::Qualified => {
                    qualified_ref.push((row.reference, row.scope, row.namespace, row.short_name))
                }
            }
        }
        Input {
            scope_kind: graph.kind,
            lexical_parent: graph.lexical_parent,
            class_scope: facts
                .definitions(DefinitionKind::Class)
                .map(|row| (row.name, row.scope))
                .collect(),
            inherits_tc: inherits
                .iter()
                .map(|row| (row.class(), row.ancestor()))
                .collect(),
            define_scope: facts
                .definitions(DefinitionKind::Define)
                .map(|row| (row.name, row.scope))
                .collect(),
            public: public.into(),
            private: private.into(),
            parameter: facts
                .param_decl
                .iter()
                .map(|row| ((row.scope, row.name), ()))
                .collect(),
            plain_ref: plain_ref.into(),
            top_ref: top_ref.into(),
            qualified_ref: qualified_ref.into(),
            builtin_name: builtin_name.into(),
            metaparameter_ref: metaparameter_ref.into(),
            fact_name: fact_name.into(),
            automatic_ref: automatic_ref.into(),
            qualified_automatic: qualified_automatic.into(),
            epp_reference: facts
                .file_reference
                .iter()
                .filter(|row| row.how == FileReferenceHow::Epp)
                .map(|row| (row.name, (row.scope, row.reference, row.file)))
                .collect(),
            epp_arguments: facts
                .epp_arguments
                .iter()
                .map(|row| (row.reference, row.form))
                .collect(),
            epp_argument: facts
                .epp_argument
                .iter()
                .map(|row| (row.reference, row.name))
                .collect(),
            template_file: facts
                .template_file
                .iter()
                .map(|row| (row.name, row.file))
                .collect(),
            template_scope: facts
                .scope
                .iter()
                .filter(|row| row.kind == Kind::Template)
                .map(|row| (row.file, row.scope))
                .collect(),
        }
    }
}
