//! Dynamic default inheritance ("Scope Lookup Rules", Dynamic scope, and
//! "Catalog Expressions", Resource Default Expression): which
//! resource defaults reach which resources, along the chain of scopes that
//! declare one another.
//!
//! Its inputs are rows per resource and per attribute, so the program is
//! written with datafrog, as the declarations program is (see there why).

use datafrog::{Iteration, Relation, RelationLeaper, ValueFilter};
use rustc_hash::{FxHashMap, FxHashSet};

use super::first_declarations::FirstDeclarations;
use super::{
    antijoin, keep_earliest, named_columns, of_kind, scope_relations, union, Place, ScopeKind,
    Sequences,
};
use crate::facts::schema::{AttributeOp, DefinitionKind, Id, Sym, TOP_SCOPE};
use crate::facts::Extraction;

/// `dynamic_parent(scope, parent)`: a candidate parent in the dynamic scope
/// chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DynamicParent(pub Id, pub Id);

/// `default_applies(res, attr, def)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DefaultApplies(pub Id, pub Sym, pub Id);

/// `order_dependent(scope, type, attr)`: candidate parents of `scope` give
/// its resources of `type` different defaults for `attr`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OrderDependent(pub Id, pub Sym, pub Sym);

/// `missed(def, attr, res)`: a `=>` default that does not reach resource `res`
/// only because `res` is declared before it: in the default's own scope,
/// or in a class that scope declares before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Missed(pub Id, pub Sym, pub Id);

/// `instance_applies(instance, res, attr, def)`: resource `res` of a
/// define's body takes default `def` in the instance `instance`
/// (declared with a literal title), whose body runs after the code that
/// declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InstanceApplies(pub Id, pub Id, pub Sym, pub Id);

/// `per_instance(res)`: resource `res` of a define's body, every instance
/// of which has a literal title: `instance_applies` says all it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PerInstance(pub Id);

named_columns! {
    InstanceApplies { 0 instance: Id, 1 resource: Id, 2 attr: Sym, 3 default: Id }
    PerInstance { 0 resource: Id }
    Missed { 0 default: Id, 1 attr: Sym, 2 resource: Id }
    DynamicParent { 0 scope: Id, 1 parent: Id }
    DefaultApplies { 0 resource: Id, 1 attr: Sym, 2 default: Id }
    OrderDependent { 0 scope: Id, 1 type_name: Sym, 2 attr: Sym }
}

/// What the program derives.
pub struct Output {
    pub parents: Vec<DynamicParent>,
    pub applies: Vec<DefaultApplies>,
    /// What `applies` says of define bodies, for each instance.
    pub instance_applies: Vec<InstanceApplies>,
    pub per_instance: Vec<PerInstance>,
    pub order_dependent: Vec<OrderDependent>,
    pub missed: Vec<Missed>,
}

/// The program's inputs, each keyed (its first column) for the joins that
/// read it; `()` as the value makes a relation a set to test against.
struct Input {
    /// `scope_is(scope, kind)`.
    scope_is: Relation<(Id, ScopeKind)>,
    /// `lexical_parent(scope, parent)`.
    lexical_parent: Relation<(Id, Id)>,
    /// `class_scope(class, scope)`.
    class_scope: Relation<(Sym, Id)>,
    /// `define_scope(define, scope)`.
    define_scope: Relation<(Sym, Id)>,
    /// `inherits(class, parent)`.
    inherits: Relation<(Sym, Sym)>,
    /// `declares(scope, class)`.
    declares: Relation<(Id, Sym)>,
    /// `declared_late(class, scope)`: a declaration that never comes
    /// first.
    declared_late: Relation<(Sym, Id)>,
    /// `resource_in((scope, type), res)`.
    resource_in: Relation<((Id, Sym), Id)>,
    /// `instance((define, scope), res, literal)`: a resource of type
    /// `define` in `scope` (an instance, when a define has that name);
    /// `literal` says whether its title is.
    instance: Relation<((Sym, Id), (Id, bool))>,
    /// `resource_sets(res, attr)`: the resource sets the attribute itself.
    resource_sets: Relation<(Id, Sym)>,
    /// `default((scope, type, attr), def, op)`.
    default: Relation<(Slot, (Id, AttributeOp))>,
    /// Where statements stand, for what is declared before a default.
    places: Places,
}

/// "a resource takes the defaults in reach when it is declared": where
/// defaults, resources and class declarations stand.
#[derive(Default)]
struct Places {
    /// The `=>` default of a slot (the first, for one set twice).
    default: FxHashMap<Slot, Stand>,
    /// Each resource.
    resource: FxHashMap<Id, Stand>,
    /// `(class scope, declaring scope)`: the first declaration of the
    /// class there (a derived class's base counts as declared with it).
    declaration: FxHashMap<(Id, Id), Stand>,
    branches: Branches,
}

/// Where a statement stands, and the innermost branch it stands in (0
/// outside any). Ordered by place first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Stand {
    place: Place,
    branch: Id,
}

/// How a statement stands to the `=>` default of its scope's slot.
#[derive(Clone, Copy, Default)]
struct Relative {
    /// It comes before the default.
    before: bool,
    /// It stands in a branch apart from the default's: they never both
    /// run.
    apart: bool,
}

impl Relative {
    /// The default never reaches it: it comes first, or the two never
    /// both run.
    fn misses(self) -> bool {
        self.before || self.apart
    }

    /// The default, when it runs, comes after it: `late-default`.
    fn late(self) -> bool {
        self.before && !self.apart
    }
}

impl Places {
    fn relative(&self, stand: Option<&Stand>, slot: Slot) -> Relative {
        match (stand, self.default.get(&slot)) {
            (Some(stand), Some(default)) => Relative {
                before: stand.place.precedes(default.place),
                apart: self.branches.apart(stand.branch, default.branch),
            },
            _ => Relative::default(),
        }
    }

    /// `declared_before_default(C, P, T, X)`, `declared_apart_from_default(C,
    /// P, T, X)`: how scope `P`'s first declaration of class scope `C`
    /// stands to `P`'s own `=>` default for `T` and `X`.
    fn declaration(&self, child: Id, slot: Slot) -> Relative {
        self.relative(self.declaration.get(&(child, slot.0)), slot)
    }

    /// `resource_before_default(R, S, T, X)`, `resource_apart_from_default(R,
    /// S, T, X)`: how resource `res`, in the scope of the default of
    /// `slot`, stands to that default.
    fn resource(&self, res: Id, slot: Slot) -> Relative {
        self.relative(self.resource.get(&res), slot)
    }
}

/// `branch(branch, conditional, outer)`, to tell statements that never
/// both run.
#[derive(Default)]
struct Branches {
    /// `(conditional, outer)` by branch.
    of: FxHashMap<Id, (Id, Id)>,
}

impl Branches {
    /// `apart(A, B)`: statements in branches `A` and `B` never both run:
    /// two different branches of one conditional hold them.
    /// within(S, S) :- branch(S, _, _).
    /// within(S, O) :- within(S, B), branch(B, _, O), O != 0.
    /// apart(A, B) :- within(A, X), within(B, Y), branch(X, C, _),
    ///     branch(Y, C, _), X != Y.
    fn apart(&self, one: Id, other: Id) -> bool {
        let around = |mut branch: Id| {
            std::iter::from_fn(move || {
                let &(conditional, outer) = self.of.get(&branch)?;
                let within = (branch, conditional);
                branch = outer;
                Some(within)
            })
        };
        around(one).any(|(x, conditional)| {
            around(other).any(|(y, other_conditional)| conditional == other_conditional && x != y)
        })
    }
}

/// `(scope, type, attr)`: defaults for one type and attribute, at a scope.
type Slot = (Id, Sym, Sym);

/// `((scope, type, attr), ancestor)`: a chain from `ancestor`'s defaults
/// for `type` and `attr` reaches `scope`.
type Reach = Relation<(Slot, Id)>;

/// Loads the facts and runs the program.
pub fn run(extraction: &Extraction, graph: &super::scope_graph::Output) -> Output {
    let input = Input::load(extraction, graph);
    let parents = dynamic_parents(&input);
    // (parent, scope) of `dynamic_parent`.
    let children: Relation<(Id, Id)> =
        Relation::from_map(&parents, |&(scope, parent)| (parent, scope));
    // default_at(A, T, X) :- default(_, A, T, X, =>).
    let default_at: Relation<Slot> = input
        .default
        .iter()
        .filter(|(_, (_, op))| *op == AttributeOp::Set)
        .map(|&(slot, _)| slot)
        .collect();
    let below_default = below_default(&default_at, &children);
    let applies = default_applies(&input, &default_at, &children);
    let (applies, instance_applies, per_instance) =
        instance_applies(&input, applies, &default_at, &children);
    let order_dependent = order_dependent(&input, &parents, &default_at, &below_default);
    let missed = missed(&input, &children);
    Output {
        parents: parents
            .iter()
            .map(|&(scope, parent)| DynamicParent(scope, parent))
            .collect(),
        applies: applies.elements,
        instance_applies: instance_applies.elements,
        per_instance: per_instance.elements,
        order_dependent: order_dependent.elements,
        missed: missed.elements,
    }
}

/// What each `=>` default misses for being written late: what comes
/// before it in its scope and may run with it (not in a branch apart).
fn missed(input: &Input, children: &Relation<(Id, Id)>) -> Relation<Missed> {
    let places = &input.places;
    let resources_of = |scope: Id, kind: Sym| {
        super::rows_with(&input.resource_in, (scope, kind), |&(key, _)| key)
            .iter()
            .map(|&(_, res)| res)
    };
    let sets = |res: Id, attr: Sym| input.resource_sets.binary_search(&(res, attr)).is_ok();
    let mut missed = Vec::new();
    for &(slot, (default, op)) in input.default.iter() {
        let (scope, kind, attr) = slot;
        if op != AttributeOp::Set {
            continue;
        }
        // missed(D, X, R) :- default(D, S, T, X, =>), resource_in(R, S, T),
        //     resource_before_default(R, S, T, X),
        //     !resource_apart_from_default(R, S, T, X), !resource_sets(R, X).
        missed.extend(
            resources_of(scope, kind)
                .filter(|&res| places.resource(res, slot).late() && !sets(res, attr))
                .map(|res| Missed(default, attr, res)),
        );
        // missed(D, X, R) :- default(D, S, T, X, =>),
        //     declared_before_default(C, S, T, X),
        //     !declared_apart_from_default(C, S, T, X), resource_in(R, C, T),
        //     !default_at(C, T, X), !resource_sets(R, X).
        for &(_, child) in super::rows_with(children, scope, |&(parent, _)| parent) {
            let own_default = input
                .default
                .binary_search_by_key(&(child, kind, attr), |&(slot, _)| slot)
                .is_ok();
            if own_default || !places.declaration(child, slot).late() {
                continue;
            }
            missed.extend(
                resources_of(child, kind)
                    .filter(|&res| !sets(res, attr))
                    .map(|res| Missed(default, attr, res)),
            );
        }
    }
    missed.into()
}

/// `dynamic_parent(scope, parent)`, keyed by scope.
fn dynamic_parents(input: &Input) -> Relation<(Id, Id)> {
    let mut found: Vec<Relation<(Id, Id)>> = Vec::new();
    // derived(C) :- inherits(C, _).
    let derived: Relation<Sym> = Relation::from_map(&input.inherits, |&(class, _)| class);
    // "a derived class's parent is its base class"
    // dynamic_parent(CS, PS) :- class_scope(C, CS), inherits(C, P), class_scope(P, PS).
    let bases: Relation<(Sym, Id)> =
        Relation::from_join(&input.inherits, &input.class_scope, |_, &parent, &scope| {
            (parent, scope)
        });
    found.push(Relation::from_join(
        &bases,
        &input.class_scope,
        |_, &scope, &parent_scope| (scope, parent_scope),
    ));
    // (class, scope) of the declarations that may come first.
    // first_candidate(C, D) :- declares(D, C), !declared_late(C, D).
    let declared: Relation<(Sym, Id)> = input
        .declares
        .iter()
        .map(|&(scope, class)| (class, scope))
        .filter(|pair| input.declared_late.binary_search(pair).is_err())
        .collect();
    let underived = antijoin(&declared, &derived, |&class, &declarer| (class, declarer));
    // "any other class ... instance's parent is a scope that declares it"
    // (the first to evaluate a declaration of it)
    // dynamic_parent(CS, D) :- first_candidate(C, D), class_scope(C, CS), !derived(C).
    found.push(Relation::from_join(
        &underived,
        &input.class_scope,
        |_, &declarer, &scope| (scope, declarer),
    ));
    // "declaring a derived class whose base class is not yet declared
    // inserts the base between them"
    // dynamic_parent(BS, D) :- first_candidate(C, D), inherits(C, B), class_scope(B, BS),
    //     !derived(B).
    let declared_bases: Relation<(Sym, Id)> =
        Relation::from_join(&declared, &input.inherits, |_, &declarer, &base| {
            (base, declarer)
        });
    let underived_bases = antijoin(&declared_bases, &derived, |&base, &declarer| {
        (base, declarer)
    });
    found.push(Relation::from_join(
        &underived_bases,
        &input.class_scope,
        |_, &declarer, &base_scope| (base_scope, declarer),
    ));
    // "... or define instance's parent is a scope that declares it"
    // dynamic_parent(DS, S) :- resource_in(_, S, D), define_scope(D, DS).
    let instances: Relation<(Sym, Id)> =
        Relation::from_map(&input.resource_in, |&((scope, kind), _)| (kind, scope));
    found.push(Relation::from_join(
        &instances,
        &input.define_scope,
        |_, &declarer, &scope| (scope, declarer),
    ));
    // "node scope's parent is top scope"
    // dynamic_parent(N, top) :- scope_is(N, node).
    found.push(Relation::from_map(
        &of_kind(&input.scope_is, ScopeKind::Node),
        |&(node, ())| (node, TOP_SCOPE),
    ));
    // a lambda's parent is the scope it is written in
    // dynamic_parent(L, P) :- scope_is(L, lambda), lexical_parent(L, P).
    found.push(Relation::from_join(
        &of_kind(&input.scope_is, ScopeKind::Lambda),
        &input.lexical_parent,
        |&lambda, &(), &parent| (lambda, parent),
    ));
    union(found)
}

/// `below_default(scope, ancestor)`, keyed by scope: `ancestor` sets a
/// `=>` default and `scope` is below it in a dynamic scope chain. Chains
/// are followed down from the few scopes that set defaults, to the scopes
/// they reach, rather than up from every scope to top scope: the work grows
/// with what defaults reach, not with every chain.
fn below_default(default_at: &Relation<Slot>, children: &Relation<(Id, Id)>) -> Relation<(Id, Id)> {
    let mut iteration = Iteration::new();
    let below = iteration.variable::<(Id, Id)>("below_default");
    // defaults_at(A) :- default_at(A, _, _).
    // below_default(A, A) :- defaults_at(A).
    below.extend(default_at.iter().map(|&(scope, ..)| (scope, scope)));
    while iteration.changed() {
        // below_default(S, A) :- below_default(P, A), dynamic_parent(S, P).
        below.from_leapjoin(
            &below,
            children.extend_with(|&(parent, _)| parent),
            |&(_, ancestor), &scope| (scope, ancestor),
        );
    }
    below.complete()
}

/// `clear((S, T, X), A)`: a chain from `A`'s defaults for `T` and `X`
/// reaches `S`; `reached`, the same before `S`'s own default stops it.
/// A class takes the defaults in reach when it is declared, unless
/// `settled(S)`: its code runs once its parent's has (a define's body).
fn reach(
    input: &Input,
    default_at: &Relation<Slot>,
    children: &Relation<(Id, Id)>,
    settled: impl Fn(Id) -> bool,
) -> (Reach, Reach) {
    let places = &input.places;
    // A define's body runs late, after its scope's defaults, but never
    // with a default of a branch apart from its instance.
    let declared_before = |scope: Id, slot: Slot| {
        let relative = places.declaration(scope, slot);
        relative.before && !settled(scope) || relative.apart
    };
    let mut iteration = Iteration::new();
    let clear = iteration.variable::<(Slot, Id)>("clear");
    let reached = iteration.variable::<(Slot, Id)>("reached");
    // clear(A, A, T, X) :- default(_, A, T, X, _).
    clear.extend(
        input
            .default
            .iter()
            .map(|&((scope, kind, attr), _)| ((scope, kind, attr), scope)),
    );
    let default_set: FxHashMap<Slot, ()> = default_at.iter().map(|&slot| (slot, ())).collect();
    while iteration.changed() {
        // "a class takes the defaults in reach when it is declared": a
        // scope's own default misses the classes it declared before it.
        // reached(S, A, T, X) :- clear(P, A, T, X), dynamic_parent(S, P),
        //     !(A = P, declared_before_default(S, P, T, X), !settled(S)),
        //     !(A = P, declared_apart_from_default(S, P, T, X)).
        reached.from_leapjoin(
            &clear,
            (
                children.extend_with(|&((parent, _, _), _)| parent),
                ValueFilter::from(|&(slot, ancestor): &(Slot, Id), &scope: &Id| {
                    !(ancestor == slot.0 && declared_before(scope, slot))
                }),
            ),
            |&((_, kind, attr), ancestor), &scope| ((scope, kind, attr), ancestor),
        );
        // ... and those get what reaches the scope from further out.
        // reached(S, A, T, X) :- reached(P, A, T, X), A != P,
        //     default_at(P, T, X), (declared_before_default(S, P, T, X),
        //     !settled(S) ; declared_apart_from_default(S, P, T, X)).
        reached.from_leapjoin(
            &reached,
            (
                children.extend_with(|&((parent, _, _), _)| parent),
                ValueFilter::from(|&(slot, ancestor): &(Slot, Id), &scope: &Id| {
                    ancestor != slot.0
                        && default_set.contains_key(&slot)
                        && declared_before(scope, slot)
                }),
            ),
            |&((_, kind, attr), ancestor), &scope| ((scope, kind, attr), ancestor),
        );
        // clear(S, A, T, X) :- reached(S, A, T, X), !default_at(S, T, X).
        clear.from_antijoin(&reached, default_at, |&slot, &ancestor| (slot, ancestor));
    }
    (clear.complete(), reached.complete())
}

// "the nearest default for that type and attribute wins": a chain goes on
// past a scope only if the scope sets no `=>` default for them.
// "all visible defaults merge"; `+>` appends to the next outer one, so it
// stops no chain. Where candidate parents give different chains, each
// chain's nearest default is a candidate.
fn default_applies(
    input: &Input,
    default_at: &Relation<Slot>,
    children: &Relation<(Id, Id)>,
) -> Relation<DefaultApplies> {
    let default_set: FxHashMap<Slot, ()> = default_at.iter().map(|&slot| (slot, ())).collect();
    let (clear, reached) = reach(input, default_at, children, |_| false);
    // The defaults a scope's resources of a type may take are found once
    // per scope; each resource then meets only those.
    // holds(S, T) :- resource_in(_, S, T).
    let holds: Relation<((Id, Sym), ())> =
        Relation::from_map(&input.resource_in, |&(place, _)| (place, ()));
    // in_reach(S, T, X, A) :- clear(S, A, T, X), holds(S, T).
    let in_reach: Relation<(Slot, Id)> = Relation::from_leapjoin(
        &clear,
        holds.extend_with(|&((scope, kind, _), _)| (scope, kind)),
        |&(slot, ancestor), &()| (slot, ancestor),
    );
    // "a resource takes the defaults in reach when it is declared": one
    // declared before its scope's own default takes what reaches the scope
    // from further out.
    // before_own(S, T, X, A) :- reached(S, A, T, X), A != S,
    //     default_at(S, T, X), holds(S, T).
    let before_own: Relation<(Slot, Id)> = Relation::from_leapjoin(
        &reached,
        (
            holds.extend_with(|&((scope, kind, _), _)| (scope, kind)),
            ValueFilter::from(|&(slot, ancestor): &(Slot, Id), &()| {
                ancestor != slot.0 && default_set.contains_key(&slot)
            }),
        ),
        |&(slot, ancestor), &()| (slot, ancestor),
    );
    // scope_default(S, T, X, D, own) :- in_reach(S, T, X, A),
    //     default(D, A, T, X, _), own = (A = S).
    // early_default(S, T, X, D) :- before_own(S, T, X, A), default(D, A, T, X, _).
    let with_default = |reach: &Relation<(Slot, Id)>, early: bool| -> Relation<ScopeDefault> {
        let by_ancestor: Relation<(Slot, Id)> =
            Relation::from_map(reach, |&((scope, kind, attr), ancestor)| {
                ((ancestor, kind, attr), scope)
            });
        Relation::from_join(
            &by_ancestor,
            &input.default,
            |&(ancestor, kind, attr), &scope, &(default, _)| {
                let timing = if early {
                    Timing::BeforeOwn
                } else if ancestor == scope {
                    Timing::Own
                } else {
                    Timing::Outer
                };
                ((scope, kind), (attr, default, timing))
            },
        )
    };
    let scope_default = with_default(&in_reach, false).merge(with_default(&before_own, true));
    // default_applies(R, X, D) :- resource_in(R, S, T),
    //     scope_default(S, T, X, D, own), !(own, misses_default(R, S, T, X)),
    //     !resource_sets(R, X).
    // default_applies(R, X, D) :- resource_in(R, S, T), early_default(S, T, X, D),
    //     misses_default(R, S, T, X), !resource_sets(R, X).
    // misses_default(R, S, T, X) :- resource_before_default(R, S, T, X).
    // misses_default(R, S, T, X) :- resource_apart_from_default(R, S, T, X).
    let places = &input.places;
    let candidates: Relation<((Id, Sym), Id)> = Relation::from_join(
        &input.resource_in,
        &scope_default,
        |&(scope, kind), &res, &(attr, default, timing)| {
            ((res, attr), (default, scope, kind, timing))
        },
    )
    .iter()
    .filter(|&&((res, attr), (_, scope, kind, timing))| {
        let early = places.resource(res, (scope, kind, attr)).misses();
        match timing {
            Timing::Own => !early,
            Timing::BeforeOwn => early,
            Timing::Outer => true,
        }
    })
    .map(|&(key, (default, ..))| (key, default))
    .collect();
    antijoin(
        &candidates,
        &input.resource_sets,
        |&(res, attr), &default| DefaultApplies(res, attr, default),
    )
}

/// `instance_applies` and `per_instance`, and `default_applies` with a
/// define body's resources taking what their instances give them: a
/// define's body runs once per instance, after the node's code, so each
/// instance's body takes the defaults that reach the instance's scope
/// once all that code has run (whatever came first in it), unless the
/// body sets its own.
fn instance_applies(
    input: &Input,
    applies: Relation<DefaultApplies>,
    default_at: &Relation<Slot>,
    children: &Relation<(Id, Id)>,
) -> (
    Relation<DefaultApplies>,
    Relation<InstanceApplies>,
    Relation<PerInstance>,
) {
    // body(R, DS, T): resource `R` of type `T` directly in the body of a
    // define whose scope is `DS`; instance_of(DS, I, S, L): an instance
    // `I` of it in scope `S`, `L` whether its title is literal.
    let define_of: FxHashMap<Id, Sym> = input
        .define_scope
        .iter()
        .map(|&(define, scope)| (scope, define))
        .collect();
    let instances: Relation<(Sym, (Id, Id, bool))> = Relation::from_join(
        &input.define_scope,
        &Relation::from_map(&input.instance, |&((define, scope), (res, literal))| {
            (define, (res, scope, literal))
        }),
        |&define, _, &instance| (define, instance),
    );
    // `late_clear((S, T, X), A)`: as `clear`, once all the code that
    // declares a define's instances has run: a class with one candidate
    // parent has it, and its instances take that parent's defaults, set
    // before or after the class. A class with several keeps the rule of
    // its declaration (which parent comes first is another question).
    // Only chains toward the scopes that declare instances matter:
    // toward(S) :- instance_of(_, _, S, _).
    // toward(P) :- toward(S), dynamic_parent(S, P).
    let mut parents_of: FxHashMap<Id, Vec<Id>> = FxHashMap::default();
    for &(parent, scope) in children.iter() {
        parents_of.entry(scope).or_default().push(parent);
    }
    let mut toward: FxHashSet<Id> = FxHashSet::default();
    let mut stack: Vec<Id> = instances.iter().map(|&(_, (_, scope, _))| scope).collect();
    while let Some(scope) = stack.pop() {
        if toward.insert(scope) {
            stack.extend(parents_of.get(&scope).into_iter().flatten());
        }
    }
    let toward_children: Relation<(Id, Id)> = children
        .iter()
        .filter(|&&(_, scope)| toward.contains(&scope))
        .copied()
        .collect();
    let (late_clear, _) = reach(input, default_at, &toward_children, |scope| {
        parents_of
            .get(&scope)
            .is_some_and(|parents| parents.len() == 1)
    });
    let defaults_of = |slot: (Id, Sym)| {
        super::rows_with(&input.default, slot, |&((scope, kind, _), _)| (scope, kind))
    };
    let sets = |res: Id, attr: Sym| input.resource_sets.binary_search(&(res, attr)).is_ok();
    let mut per_instance = Vec::new();
    let mut found = Vec::new();
    let mut of_body: FxHashSet<Id> = FxHashSet::default();
    // The rows of `applies` for a body's own defaults, kept as they are.
    let mut own_rows = Vec::new();
    for &((body_scope, kind), res) in input.resource_in.iter() {
        let Some(&define) = define_of.get(&body_scope) else {
            continue;
        };
        of_body.insert(res);
        let of_define = super::rows_with(&instances, define, |&(of, _)| of);
        // per_instance(R) :- body(R, DS, _), instance_of(DS, _, _, _),
        //     every instance_of(DS, _, _, L): L.
        if !of_define.is_empty() && of_define.iter().all(|&(_, (_, _, literal))| literal) {
            per_instance.push(PerInstance(res));
        }
        // The body's own defaults, as the general rules give them.
        let own: Vec<(Sym, Id)> = super::rows_with(&applies, res, |row| row.0)
            .iter()
            .filter(|row| {
                defaults_of((body_scope, kind))
                    .iter()
                    .any(|&(_, (default, _))| default == row.2)
            })
            .map(|row| (row.1, row.2))
            .collect();
        own_rows.extend(
            own.iter()
                .map(|&(attr, default)| DefaultApplies(res, attr, default)),
        );
        for &(_, (instance, scope, _)) in of_define {
            // instance_applies(I, R, X, D) :- body(R, DS, T),
            //     instance_of(DS, I, _, _), default_applies(R, X, D),
            //     default(D, DS, T, X, _).
            found.extend(
                own.iter()
                    .map(|&(attr, default)| InstanceApplies(instance, res, attr, default)),
            );
            // The body's statements still run in order: a resource before
            // the body's own default takes what reaches from outside.
            // instance_applies(I, R, X, D) :- body(R, DS, T),
            //     instance_of(DS, I, S, _), late_clear(S, A, T, X),
            //     !(default_at(DS, T, X), !misses_default(R, DS, T, X)),
            //     default(D, A, T, X, _), !resource_sets(R, X).
            let outer = super::rows_with(&late_clear, (scope, kind), |&((scope, kind, _), _)| {
                (scope, kind)
            });
            for &((_, _, attr), ancestor) in outer {
                let slot = (body_scope, kind, attr);
                let own_first = default_at.binary_search(&slot).is_ok()
                    && !input.places.resource(res, slot).misses();
                if own_first || sets(res, attr) {
                    continue;
                }
                found.extend(
                    super::rows_with(&input.default, (ancestor, kind, attr), |&(slot, _)| slot)
                        .iter()
                        .map(|&(_, (default, _))| InstanceApplies(instance, res, attr, default)),
                );
            }
        }
    }
    let instance_applies: Relation<InstanceApplies> = found.into();
    // A body's resources take their define's own defaults, and what its
    // instances give them.
    // default_applies(R, X, D) :- instance_applies(_, R, X, D).
    let applies = applies
        .iter()
        .filter(|row| !of_body.contains(&row.0))
        .copied()
        .chain(own_rows)
        .chain(
            instance_applies
                .iter()
                .map(|row| DefaultApplies(row.1, row.2, row.3)),
        )
        .collect();
    (applies, instance_applies, per_instance.into())
}

/// `((scope, type), (attr, default, timing))`: a default in reach of a
/// scope's resources of a type.
type ScopeDefault = ((Id, Sym), (Sym, Id, Timing));

/// How a default in reach of a scope stands to the scope's own default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Timing {
    /// The scope's own default: for the resources after it.
    Own,
    /// From further out, past a scope without a default of its own.
    Outer,
    /// From further out, for the resources before the scope's own default.
    BeforeOwn,
}

// "what Puppet applies depends on evaluation order": a class (a singleton,
// parented by whichever declaration Puppet evaluates first) with two
// candidate parents, only one of which reaches a default the class's own
// resources would take. Each define instance has the one parent that
// declares it. A default the class sets itself is found first, whichever
// parent it has (and may be what a parent reaches back to, through a
// declaration cycle).
// order_dependent(S, T, X) :- scope_is(S, class), !default_at(S, T, X),
//     dynamic_parent(S, P1), dynamic_parent(S, P2), P1 != P2,
//     below_default(P1, A), default_at(A, T, X), !below_default(P2, A),
//     resource_in(R, S, T), !resource_sets(R, X).
// A parent that reaches `A` and one that does not differ, so pairs of
// parents need not be built (a class declared from k scopes has k * k):
// each default-setting scope a parent reaches meets the class's parents
// once.
fn order_dependent(
    input: &Input,
    parents: &Relation<(Id, Id)>,
    default_at: &Relation<Slot>,
    below_default: &Relation<(Id, Id)>,
) -> Relation<OrderDependent> {
    let classes = of_kind(&input.scope_is, ScopeKind::Class);
    // class_parent(S, P) :- scope_is(S, class), dynamic_parent(S, P).
    let class_parents: Relation<(Id, Id)> =
        Relation::from_join(parents, &classes, |&scope, &parent, &()| (scope, parent));
    // reached_via(S, A) :- class_parent(S, P1), below_default(P1, A).
    let reached_via: Relation<(Id, Id)> = Relation::from_join(
        &Relation::from_map(&class_parents, |&(scope, parent)| (parent, scope)),
        below_default,
        |_, &scope, &ancestor| (scope, ancestor),
    );
    // other_parent((P2, A), S) :- reached_via(S, A), class_parent(S, P2).
    let other_parent: Relation<((Id, Id), Id)> = Relation::from_join(
        &reached_via,
        &class_parents,
        |&scope, &ancestor, &second| ((second, ancestor), scope),
    );
    // only_first(A, S) :- other_parent((P2, A), S), !below_default(P2, A).
    let only_first: Relation<(Id, Id)> =
        antijoin(&other_parent, below_default, |&(_, ancestor), &scope| {
            (ancestor, scope)
        });
    // unset((S, T), X) :- only_first(A, S), default_at(A, T, X), !default_at(S, T, X).
    let at_ancestor: Relation<(Id, (Sym, Sym))> =
        Relation::from_map(default_at, |&(scope, kind, attr)| (scope, (kind, attr)));
    let reached: Relation<(Slot, ())> =
        Relation::from_join(&only_first, &at_ancestor, |_, &scope, &(kind, attr)| {
            ((scope, kind, attr), ())
        });
    let unset: Relation<((Id, Sym), Sym)> =
        antijoin(&reached, default_at, |&(scope, kind, attr), &()| {
            ((scope, kind), attr)
        });
    // order_dependent(S, T, X) :- unset(S, T, X), resource_in(R, S, T),
    //     !resource_sets(R, X).
    let taking: Relation<((Id, Sym), Slot)> =
        Relation::from_join(&unset, &input.resource_in, |&(scope, kind), &attr, &res| {
            ((res, attr), (scope, kind, attr))
        });
    antijoin(&taking, &input.resource_sets, |_, &(scope, kind, attr)| {
        OrderDependent(scope, kind, attr)
    })
}

/// `declared_late(class, scope)`: "top-level code runs before the
/// node's body", so a class that top-level code declares on every path
/// (directly, or through classes it declares) is never first declared by
/// what runs after it: a node, a define's body, or a class only those
/// declare. Its defaults come from the scopes of top-level code.
/// declared_late(C, D) :- declares(D, C), top_first(C), enclosing(D, E),
///     runs_after_top(E).
/// runs_after_top(E) :- scope_kind(E, node).
/// runs_after_top(E) :- scope_kind(E, define).
/// runs_after_top(E) :- class_scope(K, E), roots_node(K, _), !top_first(K),
///     !top_maybe(K).
///
/// And "a derived class's base is evaluated before its body": a class
/// that a base class's body declares unconditionally is declared there
/// first, never by the derived class's body.
/// declared_late(C, D) :- declares(D, C), class_scope(K, D),
///     inherits_tc(K, B), class_scope(B, BS), declares(BS, C, unconditional).
fn declared_late(
    extraction: &Extraction,
    graph: &super::scope_graph::Output,
    scope_kind: &Relation<(Id, ScopeKind)>,
) -> Relation<(Sym, Id)> {
    let outer: FxHashMap<Id, Id> = graph
        .enclosing
        .iter()
        .map(|row| (row.scope(), row.outer()))
        .collect();
    let kinds: FxHashMap<Id, ScopeKind> = scope_kind.iter().copied().collect();
    let enclosing_of = |scope: Id| {
        let outer = outer.get(&scope).copied().unwrap_or(TOP_SCOPE);
        (outer, kinds.get(&outer).copied().unwrap_or(ScopeKind::Top))
    };
    let mut first = FirstDeclarations::new(extraction, &enclosing_of);
    let mut late = Vec::new();
    for row in &extraction.facts.declares {
        if first.of(row.class).top_first.is_none() {
            continue;
        }
        let (outer, kind) = first.enclosing(row.scope);
        let runs_after_top = match kind {
            ScopeKind::Node | ScopeKind::Define | ScopeKind::Example => true,
            ScopeKind::Class => first.of_scope(outer).is_some_and(|roots| {
                !roots.nodes.is_empty() && roots.top_first.is_none() && !roots.top_maybe
            }),
            _ => false,
        };
        if runs_after_top {
            late.push((row.class, row.scope));
        }
    }
    // What each class's own body declares unconditionally.
    let class_of_scope: FxHashMap<Id, Sym> = extraction
        .facts
        .definitions(DefinitionKind::Class)
        .map(|row| (row.scope, row.name))
        .collect();
    let parent: FxHashMap<Sym, Sym> = extraction
        .facts
        .inherits
        .iter()
        .map(|row| (row.class, row.parent))
        .collect();
    let body_declares: FxHashSet<(Sym, Sym)> = extraction
        .facts
        .declares
        .iter()
        .filter(|row| !row.conditional)
        .filter_map(|row| Some((*class_of_scope.get(&row.scope)?, row.class)))
        .collect();
    for row in &extraction.facts.declares {
        let Some(&declarer) = class_of_scope.get(&row.scope) else {
            continue;
        };
        let bases = std::iter::successors(parent.get(&declarer), |base| parent.get(base))
            .take(FirstDeclarations::LONGEST_CHAIN);
        if bases
            .copied()
            .any(|base| body_declares.contains(&(base, row.class)))
        {
            late.push((row.class, row.scope));
        }
    }
    late.sort_unstable();
    late.dedup();
    late.into()
}

impl Input {
    fn load(extraction: &Extraction, scope_graph: &super::scope_graph::Output) -> Input {
        let facts = &extraction.facts;
        let graph = scope_relations(extraction);
        let declared_late = declared_late(extraction, scope_graph, &graph.kind);
        Input {
            declared_late,
            scope_is: graph.kind,
            lexical_parent: graph.lexical_parent,
            class_scope: facts
                .definitions(DefinitionKind::Class)
                .map(|row| (row.name, row.scope))
                .collect(),
            define_scope: facts
                .definitions(DefinitionKind::Define)
                .map(|row| (row.name, row.scope))
                .collect(),
            inherits: facts
                .inherits
                .iter()
                .map(|row| (row.class, row.parent))
                .collect(),
            declares: facts
                .declares
                .iter()
                .map(|row| (row.scope, row.class))
                .collect(),
            resource_in: facts
                .resource
                .iter()
                .map(|row| ((row.scope, row.type_name), row.res))
                .collect(),
            instance: facts
                .resource
                .iter()
                .map(|row| ((row.type_name, row.scope), (row.res, row.title_literal)))
                .collect(),
            resource_sets: facts
                .resource_attr
                .iter()
                .map(|row| (row.res, row.attr))
                .collect(),
            default: facts
                .resource_default
                .iter()
                .map(|row| ((row.scope, row.type_name, row.attr), (row.def, row.op)))
                .collect(),
            places: Places::load(extraction),
        }
    }
}

impl Places {
    fn load(extraction: &Extraction) -> Places {
        let facts = &extraction.facts;
        let sequences = Sequences::new(extraction);
        let mut places = Places {
            branches: Branches {
                of: facts
                    .branch
                    .iter()
                    .map(|row| (row.branch, (row.conditional, row.outer)))
                    .collect(),
            },
            ..Places::default()
        };
        for row in facts
            .resource_default
            .iter()
            .filter(|row| row.op == AttributeOp::Set)
        {
            let stand = Stand {
                place: sequences.place(row.file, row.line, row.col),
                branch: row.branch,
            };
            keep_earliest(
                &mut places.default,
                (row.scope, row.type_name, row.attr),
                stand,
            );
        }
        // A resource stands where its expression does.
        let expressions: FxHashMap<Id, (u32, Id)> = facts
            .resource_expression
            .iter()
            .map(|row| (row.expr, (row.col, row.branch)))
            .collect();
        places.resource = facts
            .resource
            .iter()
            .map(|row| {
                let (col, branch) = expressions.get(&row.expr).copied().unwrap_or_default();
                let stand = Stand {
                    place: sequences.place(row.file, row.line, col),
                    branch,
                };
                (row.res, stand)
            })
            .collect();
        let mut class_scope: FxHashMap<Sym, Vec<Id>> = FxHashMap::default();
        for row in facts.definitions(DefinitionKind::Class) {
            class_scope.entry(row.name).or_default().push(row.scope);
        }
        let parent: FxHashMap<Sym, Sym> = facts
            .inherits
            .iter()
            .map(|row| (row.class, row.parent))
            .collect();
        for row in &facts.declares {
            let stand = Stand {
                place: sequences.place(row.file, row.line, row.col),
                branch: row.branch,
            };
            // The class, and the base class its declaration evaluates
            // first.
            let classes = std::iter::once(row.class).chain(parent.get(&row.class).copied());
            for class in classes {
                for &scope in class_scope.get(&class).into_iter().flatten() {
                    keep_earliest(&mut places.declaration, (scope, row.scope), stand);
                }
            }
        }
        places
    }
}
