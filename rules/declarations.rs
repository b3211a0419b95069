//! What Puppet's compiler refuses about declarations, known without a node:
//! attributes a class, define or resource type does not have, parameters a
//! declaration leaves out, the same resource declared twice in what one
//! scope evaluates, the same definition written twice, and overrides from a
//! class that does not inherit the one declaring the resource.
//!
//! Its inputs are rows per resource and per attribute, the largest the
//! analysis has, so the program is written with datafrog, as polonius is:
//! relations are sorted vectors joined by merging, where crepe would build
//! a hash index with a vector per resource for every join and negation
//! (at 600,000 resources in one scope, 3.2 s instead of a few hundred
//! milliseconds; README, "Speed").

use datafrog::{Iteration, Relation, RelationLeaper, ValueFilter};
use rustc_hash::FxHashMap;

use super::named_columns;
use crate::facts::builtins::METAPARAMETERS;
use crate::facts::layout::Role;
use crate::facts::schema::{DefinitionKind, FileId, Id, ResourceAttr, ScopeKind, Sym, TOP_SCOPE};
use crate::facts::Extraction;

/// `unknown_parameter(res, attr)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnknownParameter(pub Id, pub Sym);

/// `unknown_function_parameter(site)`: row `site` of `function_attribute`
/// sets an attribute that its target does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnknownFunctionParameter(pub u32);

/// `missing_parameter(res, param)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MissingParameter(pub Id, pub Sym);

/// `duplicate_resource(first, second)`: both are evaluated whenever one
/// scope is, with the same type and title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DuplicateResource(pub Id, pub Id);

/// `duplicate_in_define(res, first, second)`: two instances of a define
/// evaluated by one scope both declare its resource `res`, whose title
/// does not depend on the instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DuplicateInDefine(pub Id, pub Id, pub Id);

/// `duplicate_definition(first, second)`: rows of `definition` that define
/// one name, of one kind, in one program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DuplicateDefinition(pub u32, pub u32);

/// `foreign_override(site)`: an override whose resource only classes it
/// does not inherit declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ForeignOverride(pub u32);

/// `redefined(site, attr)`: an override setting again an attribute that
/// its own class or define gave the resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Redefined(pub u32, pub Sym);

named_columns! {
    UnknownParameter { 0 resource: Id, 1 attr: Sym }
    UnknownFunctionParameter { 0 site: u32 }
    MissingParameter { 0 resource: Id, 1 parameter: Sym }
    DuplicateResource { 0 first: Id, 1 second: Id }
    DuplicateInDefine { 0 resource: Id, 1 first: Id, 2 second: Id }
    DuplicateDefinition { 0 first: u32, 1 second: u32 }
    ForeignOverride { 0 site: u32 }
    Redefined { 0 site: u32, 1 attr: Sym }
}

/// What the program derives.
pub struct Output {
    pub unknown_parameters: Vec<UnknownParameter>,
    pub unknown_function_parameters: Vec<UnknownFunctionParameter>,
    pub missing_parameters: Vec<MissingParameter>,
    pub duplicate_resources: Vec<DuplicateResource>,
    pub duplicates_in_defines: Vec<DuplicateInDefine>,
    pub duplicate_definitions: Vec<DuplicateDefinition>,
    pub foreign_overrides: Vec<ForeignOverride>,
    pub redefinitions: Vec<Redefined>,
}

/// The program's inputs, each keyed (its first column) for the joins that
/// read it; `()` as the value makes a relation a set to test against.
struct Input {
    /// `declaration(res, target)`: resource `res` declares `target`: the
    /// define or resource type, or for `class { 'x': }` the class `x`.
    declaration: Relation<(Id, Sym)>,
    /// `sets(res, attr)`: `res` sets the attribute `attr`.
    sets: Relation<(Id, Sym)>,
    /// `function_sets(site, target, attr)`: row `site` of
    /// `function_attribute`, where a function's literal parameters set
    /// `attr` on `target`.
    function_sets: Relation<(u32, Sym, Sym)>,
    /// `splat(res)`: `res` sets attributes from a hash (`* => $h`).
    splat: Relation<(Id, ())>,
    /// `accepts(target, param)`: a parameter of a class or define, or a
    /// parameter or property of a resource type.
    accepts: Relation<(Sym, Sym)>,
    /// `open(target)`: a Ruby type whose parameters pfacts cannot read.
    open: Relation<(Sym, ())>,
    /// `defined(target)`: a class, define or Ruby resource type.
    defined: Relation<(Sym, ())>,
    /// `metaparameter(attr)`: accepted by every declaration (with `name`).
    metaparameter: Relation<(Sym, ())>,
    /// `required(target, param)`: a parameter without a default (Puppet 7
    /// wants a value for it even when its type accepts `undef`).
    required: Relation<(Sym, Sym)>,
    /// `defaulted(res, attr)`: a resource default reaches `res` with
    /// `attr` (`default_applies` of the defaults program).
    defaulted: Relation<(Id, Sym)>,
    /// `direct(scope, res, type, title)`: `res`, with a literal title,
    /// stands in `scope` outside any `if`, `unless`, `case` or selector.
    direct: Relation<(Id, Id, Sym, Sym)>,
    /// `expression_of(res, expr)`: the resource expression `res` stands in.
    expression_of: Relation<(Id, Id)>,
    /// `declares_always(scope, class)`: `scope` declares `class` outside
    /// any conditional.
    declares_always: Relation<(Id, Sym)>,
    /// `body(target, scope)`: the scope of class or define `target`.
    body: Relation<(Sym, Id)>,
    /// `is_define(target)`.
    is_define: Relation<(Sym, ())>,
    /// `definition(kind, name, program, site)`: a class, define, function
    /// or node matcher defined at row `site` of `definition`, in `program`:
    /// the top scope that its definitions meet in (an environment's, or an
    /// example's, which `puppet apply` runs alone), or `TOP_SCOPE` for a
    /// class, define or function of a module, which every program loads.
    definition: Relation<(DefinitionKind, Sym, Id, u32)>,
    /// `declared(scope, res, type, title)`: `res`, with a literal title,
    /// stands in `scope`, conditionally or not.
    declared: Relation<(Id, Id, Sym, Sym)>,
    /// `own_body(scope)`: a scope that is a body of its own (top, node,
    /// class, define, function), not a lambda.
    own_body: Relation<Id>,
    /// `nested(lambda, parent)`: a lambda's scope and its lexical parent.
    nested: Relation<(Id, Id)>,
    /// `inherits_tc(class, ancestor)`: `class` inherits from `ancestor`,
    /// directly or not (the inheritance program's).
    inherits_tc: Relation<(Sym, Sym)>,
    /// `override_of(site, scope, type, title)`: the override at row `site`
    /// of `resource_override`, in `scope`, of a resource with a literal
    /// title.
    override_of: Relation<(u32, Id, Sym, Sym)>,
    /// `override_sets(site, attr)`.
    override_sets: Relation<(u32, Sym)>,
}

/// Loads the facts, the defaults that reach each resource (from the
/// defaults program) and the inheritance closure (from the inheritance
/// program), and runs the program.
pub fn run(
    extraction: &Extraction,
    defaults: &[super::defaults::DefaultApplies],
    inherits: &[super::inheritance::InheritsTc],
) -> Output {
    let input = Input::load(extraction, defaults, inherits);
    let owner = owner(&input);
    let holds = holds(&input);
    Output {
        unknown_parameters: unknown_parameters(&input),
        unknown_function_parameters: unknown_function_parameters(&input),
        missing_parameters: missing_parameters(&input),
        duplicate_resources: duplicate_resources(&input, &holds),
        duplicates_in_defines: duplicates_in_defines(&input, &holds),
        duplicate_definitions: duplicate_definitions(&input),
        foreign_overrides: foreign_overrides(&input, &owner),
        redefinitions: redefinitions(&input, &owner),
    }
}

// "Foo[x]: has no parameter named 'y'"
// unknown_parameter(R, A) :- sets_on(R, T, A), unaccepted(T, A).
// sets_on(R, T, A) :- declaration(R, T), sets(R, A).
fn unknown_parameters(input: &Input) -> Vec<UnknownParameter> {
    let sets_on: Relation<(Id, Sym, Sym)> =
        Relation::from_join(&input.declaration, &input.sets, |&res, &target, &attr| {
            (res, target, attr)
        });
    unaccepted(input, &sets_on, UnknownParameter)
}

// create_resources('file', {'/a' => {'contnet' => 'x'}}): "no parameter
// named 'contnet'", as for a declaration.
// unknown_function_parameter(S) :- function_sets(S, T, A), unaccepted(T, A).
fn unknown_function_parameters(input: &Input) -> Vec<UnknownFunctionParameter> {
    unaccepted(input, &input.function_sets, |site, _| {
        UnknownFunctionParameter(site)
    })
}

// What sets an attribute its target does not take, whichever way it sets
// it (`site` a resource or a function's parameter).
// unaccepted(S, T, A) :- sets_on(S, T, A), defined(T), !open(T),
//     !accepts(T, A), !metaparameter(A).
fn unaccepted<S: Copy + Ord, R: Ord>(
    input: &Input,
    sets_on: &Relation<(S, Sym, Sym)>,
    found: impl Fn(S, Sym) -> R,
) -> Vec<R> {
    Relation::from_leapjoin(
        sets_on,
        (
            input.defined.extend_with(|&(_, target, _)| target),
            input.open.filter_anti(|&(_, target, _)| (target, ())),
            input
                .accepts
                .filter_anti(|&(_, target, attr)| (target, attr)),
            input.metaparameter.filter_anti(|&(_, _, attr)| (attr, ())),
        ),
        |&(site, _, attr), &()| found(site, attr),
    )
    .elements
}

// "Foo[x]: expects a value for parameter 'y'"
// missing_parameter(R, P) :- declaration(R, T), required(T, P),
//     !sets(R, P), !splat(R), !defaulted(R, P).
fn missing_parameters(input: &Input) -> Vec<MissingParameter> {
    Relation::from_leapjoin(
        &input.declaration,
        (
            input.required.extend_with(|&(_, target)| target),
            input.sets.extend_anti(|&(res, _)| res),
            input.splat.filter_anti(|&(res, _)| (res, ())),
            input.defaulted.extend_anti(|&(res, _)| res),
        ),
        |&(res, _), &param| MissingParameter(res, param),
    )
    .elements
}

/// `holds(scope, res, type, title)`, keyed by scope: what evaluating
/// `scope` always evaluates: its own resources, and those of the classes
/// it always declares and of the defines it instantiates. It carries each
/// resource's type and title, so that no relation is looked up by
/// resource.
type Holds = Relation<(Id, (Id, Sym, Sym))>;

/// `(scope, type, title)`: where two resources clash.
type Slot = (Id, Sym, Sym);

fn holds(input: &Input) -> Holds {
    // (class, scope) of `declares_always`.
    let declared_by: Relation<(Sym, Id)> =
        Relation::from_map(&input.declares_always, |&(scope, class)| (class, scope));
    // always_body(B, S) :- declares_always(S, C), body(C, B).
    let always_body: Relation<(Id, Id)> =
        Relation::from_join(&declared_by, &input.body, |_, &scope, &body| (body, scope));
    // (target, res) of `declaration`.
    let declared_as: Relation<(Sym, Id)> =
        Relation::from_map(&input.declaration, |&(res, target)| (target, res));
    // instantiates(I, B) :- declaration(I, D), body(D, B).
    let instantiates: Relation<(Id, Id)> =
        Relation::from_join(&declared_as, &input.body, |_, &instance, &body| {
            (instance, body)
        });

    let mut iteration = Iteration::new();
    let holds = iteration.variable::<(Id, (Id, Sym, Sym))>("holds");
    // `evaluates(B, S)`, keyed by body: evaluating `S` evaluates the body
    // `B` of a define it instantiates.
    let evaluates = iteration.variable::<(Id, Id)>("evaluates");
    // holds(S, R, T, X) :- direct(S, R, T, X).
    holds.extend(
        input
            .direct
            .iter()
            .map(|&(scope, res, kind, title)| (scope, (res, kind, title))),
    );
    while iteration.changed() {
        // holds(S, R, T, X) :- always_body(B, S), holds(B, R, T, X).
        holds.from_leapjoin(
            &holds,
            always_body.extend_with(|&(body, _)| body),
            |&(_, held), &scope| (scope, held),
        );
        // evaluates(B, S) :- holds(S, I, _, _), instantiates(I, B).
        evaluates.from_leapjoin(
            &holds,
            instantiates.extend_with(|&(_, (instance, _, _))| instance),
            |&(scope, _), &body| (body, scope),
        );
        // holds(S, R, T, X) :- evaluates(B, S), holds(B, R, T, X).
        holds.from_join(&evaluates, &holds, |_, &scope, &held| (scope, held));
    }
    holds.complete()
}

// "Duplicate declaration: T[x] is already declared"; one expression with a
// title twice is Puppet's validation error instead (`illegal-resource`).
fn duplicate_resources(input: &Input, holds: &Holds) -> Vec<DuplicateResource> {
    // Only a type and title that two resources share can be declared
    // twice; `holds` is paired on those alone, not on every resource.
    // shared_title(T, X) :- direct(_, R1, T, X), direct(_, R2, T, X), R1 != R2.
    let by_title: Relation<((Sym, Sym), Id)> =
        Relation::from_map(&input.direct, |&(_, res, kind, title)| ((kind, title), res));
    // Sorted and distinct, the rows of one title that follow each other
    // are two resources: no pairs need be built to find them.
    let shared_title: Relation<((Sym, Sym), ())> = by_title
        .windows(2)
        .filter(|pair| pair[0].0 == pair[1].0)
        .map(|pair| (pair[0].0, ()))
        .collect();
    // held(S, T, X, R) :- holds(S, R, T, X), shared_title(T, X).
    let held: Relation<(Slot, Id)> = Relation::from_leapjoin(
        holds,
        shared_title.extend_with(|&(_, (_, kind, title))| (kind, title)),
        |&(scope, (res, kind, title)), &()| ((scope, kind, title), res),
    );
    // held_shared(S, T, X, R, E) :- held(S, T, X, R), expression_of(R, E).
    let held_shared: Relation<(Slot, (Id, Id))> = Relation::from_leapjoin(
        &held,
        input.expression_of.extend_with(|&(_, res)| res),
        |&(key, res), &expr| (key, (res, expr)),
    );
    // duplicate_resource(R1, R2) :- held_shared(S, T, X, R1, E1),
    //     held_shared(S, T, X, R2, E2), R1 < R2, E1 != E2.
    Relation::from_leapjoin(
        &held_shared,
        (
            held_shared.extend_with(|&(key, _)| key),
            ValueFilter::from(
                |&(_, (first, first_expression)), &(second, second_expression)| {
                    first < second && first_expression != second_expression
                },
            ),
        ),
        |&(_, (first, _)), &(second, _)| DuplicateResource(first, second),
    )
    .elements
}

// Only defines whose body declares a resource of a literal title can have
// two instances clash; their instances are paired within each scope that
// evaluates them, never across the code base.
fn duplicates_in_defines(input: &Input, holds: &Holds) -> Vec<DuplicateInDefine> {
    // (scope, res) of `direct`.
    let direct_in: Relation<(Id, Id)> =
        Relation::from_map(&input.direct, |&(scope, res, _, _)| (scope, res));
    // define_resource(D, R) :- is_define(D), body(D, B), direct(B, R, _, _).
    let define_resource: Relation<(Sym, Id)> = Relation::from_leapjoin(
        &Relation::from_map(&input.body, |&(target, body)| (body, target)),
        (
            direct_in.extend_with(|&(body, _)| body),
            input.is_define.filter_with(|&(_, target)| (target, ())),
        ),
        |&(_, define), &res| (define, res),
    );
    // fixed_title(D) :- define_resource(D, _).
    let fixed_title: Relation<(Sym, ())> =
        Relation::from_map(&define_resource, |&(define, _)| (define, ()));
    // (A define instance's type is its define.)
    // held_instance(S, D, I) :- holds(S, I, D, _), fixed_title(D).
    let held_instance: Relation<((Id, Sym), Id)> = Relation::from_leapjoin(
        holds,
        fixed_title.extend_with(|&(_, (_, define, _))| define),
        |&(scope, (instance, define, _)), &()| ((scope, define), instance),
    );
    // instance_pair(D, I1, I2) :- held_instance(S, D, I1),
    //     held_instance(S, D, I2), I1 < I2.
    let instance_pair: Relation<(Sym, (Id, Id))> = Relation::from_leapjoin(
        &held_instance,
        (
            held_instance.extend_with(|&(key, _)| key),
            ValueFilter::from(|&(_, first), &second| first < second),
        ),
        |&((_, define), first), &second| (define, (first, second)),
    );
    // duplicate_in_define(R, I1, I2) :- instance_pair(D, I1, I2),
    //     define_resource(D, R).
    Relation::from_join(
        &instance_pair,
        &define_resource,
        |_, &(first, second), &res| DuplicateInDefine(res, first, second),
    )
    .elements
}

/// `owner(scope, body)`, keyed by scope: the body a scope's code belongs
/// to: its own, or a lambda's parent's.
fn owner(input: &Input) -> Relation<(Id, Id)> {
    // (parent, lambda) of `nested`.
    let nested_in: Relation<(Id, Id)> =
        Relation::from_map(&input.nested, |&(lambda, parent)| (parent, lambda));
    let mut iteration = Iteration::new();
    let owner = iteration.variable::<(Id, Id)>("owner");
    // owner(S, S) :- own_body(S).
    owner.extend(input.own_body.iter().map(|&scope| (scope, scope)));
    while iteration.changed() {
        // owner(L, O) :- nested(L, P), owner(P, O).
        owner.from_leapjoin(
            &owner,
            nested_in.extend_with(|&(parent, _)| parent),
            |&(_, owner), &lambda| (lambda, owner),
        );
    }
    owner.complete()
}

/// `override_owner(site, owner, type, title)`: the override at `site` is
/// code of the body `owner`.
/// override_owner(V, O, T, X) :- override_of(V, S, T, X), owner(S, O).
fn override_owners(input: &Input, owner: &Relation<(Id, Id)>) -> Relation<(u32, Id, Sym, Sym)> {
    Relation::from_leapjoin(
        &input.override_of,
        owner.extend_with(|&(_, scope, _, _)| scope),
        |&(site, _, kind, title), &owner| (site, owner, kind, title),
    )
}

// Puppet's `Resource#merge`: the override's source must be the resource's
// or inherit from it.
// "Only subclasses can override parameters"
// foreign_override(V) :- override_of(V, _, T, X), declared_in(_, T, X),
//     !may_override(V).
fn foreign_overrides(input: &Input, owner: &Relation<(Id, Id)>) -> Vec<ForeignOverride> {
    // declared_in(O, T, X) :- declared(S, _, T, X), owner(S, O).
    let declared_in: Relation<((Id, Sym, Sym), ())> = Relation::from_leapjoin(
        &input.declared,
        owner.extend_with(|&(scope, _, _, _)| scope),
        |&(_, _, kind, title), &owner| ((owner, kind, title), ()),
    );
    let declared_anywhere: Relation<((Sym, Sym), ())> =
        Relation::from_map(&declared_in, |&((_, kind, title), ())| ((kind, title), ()));
    // subclass(C, A) :- inherits_tc(CN, AN), body(CN, C), body(AN, A).
    let subclass: Relation<(Id, Id)> = Relation::from_join(
        &Relation::from_leapjoin(
            &input.inherits_tc,
            input.body.extend_with(|&(child, _)| child),
            |&(_, ancestor), &child| (ancestor, child),
        ),
        &input.body,
        |_, &child, &ancestor| (child, ancestor),
    );
    let override_owner = override_owners(input, owner);
    // may_override(V) :- override_owner(V, O, T, X), declared_in(O, T, X).
    let own = Relation::from_leapjoin(
        &override_owner,
        declared_in.extend_with(|&(_, owner, kind, title)| (owner, kind, title)),
        |&(site, ..), &()| (site, ()),
    );
    // may_override(V) :- override_owner(V, O, T, X), subclass(O, B),
    //     declared_in(B, T, X).
    let inherited = Relation::from_leapjoin(
        &override_owner,
        subclass.extend_with(|&(_, owner, _, _)| owner),
        |&(site, _, kind, title), &base| ((base, kind, title), site),
    );
    let inherited = Relation::from_leapjoin(
        &inherited,
        declared_in.extend_with(|&(key, _)| key),
        |&(_, site), &()| (site, ()),
    );
    let may_override: Relation<(u32, ())> = own.merge(inherited);
    Relation::from_leapjoin(
        &input.override_of,
        (
            declared_anywhere.extend_with(|&(_, _, kind, title)| (kind, title)),
            may_override.filter_anti(|&(site, ..): &(u32, Id, Sym, Sym)| (site, ())),
        ),
        |&(site, ..), &()| ForeignOverride(site),
    )
    .elements
}

// "Parameter 'a' is already set on T[x] by ...; cannot redefine"
// redefined(V, A) :- override_of(V, S, T, X), owner(S, O), declared(RS, R, T, X),
//     owner(RS, O), sets(R, A), override_sets(V, A).
fn redefinitions(input: &Input, owner: &Relation<(Id, Id)>) -> Vec<Redefined> {
    // declared_by(T, X, O, R) :- declared(RS, R, T, X), owner(RS, O).
    let declared_by: Relation<((Sym, Sym, Id), Id)> = Relation::from_leapjoin(
        &input.declared,
        owner.extend_with(|&(scope, _, _, _)| scope),
        |&(_, res, kind, title), &owner| ((kind, title, owner), res),
    );
    // overridden(R, V) :- override_owner(V, O, T, X), declared_by(T, X, O, R).
    let overridden: Relation<(Id, u32)> = Relation::from_leapjoin(
        &override_owners(input, owner),
        declared_by.extend_with(|&(_, owner, kind, title)| (kind, title, owner)),
        |&(site, ..), &res| (res, site),
    );
    // redefined(V, A) :- overridden(R, V), sets(R, A), override_sets(V, A).
    Relation::from_leapjoin(
        &overridden,
        (
            input.sets.extend_with(|&(res, _)| res),
            input.override_sets.extend_with(|&(_, site)| site),
        ),
        |&(_, site), &attr| Redefined(site, attr),
    )
    .elements
}

// Puppet keeps the first definition it loads; the other is dead code.
// duplicate_definition(S1, S2) :- definition(K, N, P, S1),
//     definition(K, N, P, S2), S1 < S2.
fn duplicate_definitions(input: &Input) -> Vec<DuplicateDefinition> {
    let by_name: Relation<((DefinitionKind, Sym, Id), u32)> =
        Relation::from_map(&input.definition, |&(kind, name, program, site)| {
            ((kind, name, program), site)
        });
    Relation::from_leapjoin(
        &by_name,
        (
            by_name.extend_with(|&(key, _)| key),
            ValueFilter::from(|&(_, first), &second| first < second),
        ),
        |&(_, first), &second| DuplicateDefinition(first, second),
    )
    .elements
}

impl Input {
    fn load(
        extraction: &Extraction,
        defaults: &[super::defaults::DefaultApplies],
        inherits: &[super::inheritance::InheritsTc],
    ) -> Input {
        let facts = &extraction.facts;
        let interner = &extraction.interner;
        let class = interner.get("class");
        let splat_attr = interner.get("*");
        let name = interner.get("name");

        // Class and define bodies by scope, and what each accepts.
        let bodies_of = || {
            facts
                .definitions(DefinitionKind::Class)
                .chain(facts.definitions(DefinitionKind::Define))
        };
        let bodies: FxHashMap<Id, Sym> = bodies_of().map(|row| (row.scope, row.name)).collect();
        let body: Vec<_> = bodies_of().map(|row| (row.name, row.scope)).collect();
        let is_define: Vec<_> = facts
            .definitions(DefinitionKind::Define)
            .map(|row| (row.name, ()))
            .collect();
        let mut accepts: Vec<(Sym, Sym)> = Vec::new();
        let mut required: Vec<(Sym, Sym)> = Vec::new();
        if let Some(name) = name {
            accepts.extend(bodies.values().map(|&target| (target, name)));
        }
        for row in &facts.param_decl {
            let Some(&target) = bodies.get(&row.scope) else {
                continue;
            };
            accepts.push((target, row.name));
            if !row.has_default {
                required.push((target, row.name));
            }
        }
        let mut defined: Vec<(Sym, ())> = bodies_of().map(|row| (row.name, ())).collect();
        let mut open: Vec<(Sym, ())> = Vec::new();
        for row in &facts.type_param {
            defined.push((row.type_name, ()));
            if Some(row.param) == splat_attr {
                open.push((row.type_name, ()));
            } else {
                accepts.push((row.type_name, row.param));
            }
        }
        // `name` is accepted everywhere too: a class's or define's own,
        // and every resource type's alias of its namevar (Puppet 7
        // compiles `file { '/a': name => '/b' }`).
        let metaparameter: Vec<_> = METAPARAMETERS
            .iter()
            .chain(&["name"])
            .filter_map(|name| interner.get(name))
            .map(|attr| (attr, ()))
            .collect();
        let defaulted: Vec<_> = defaults
            .iter()
            .map(|applies| (applies.resource(), applies.attr()))
            .collect();

        // Top scope is one per environment: the environment's manifests
        // share it; each other file (an example) is applied on its own.
        let mut top_scopes: FxHashMap<Sym, Id> = FxHashMap::default();
        let top_scope_of: Vec<Id> = facts
            .file
            .iter()
            .map(|row| {
                let key = if row.role == Role::EnvironmentManifest {
                    row.environment
                } else {
                    row.path
                };
                let next = Id(u32::MAX - top_scopes.len() as u32);
                *top_scopes.entry(key).or_insert(next)
            })
            .collect();
        let scope_in = |scope: Id, file: FileId| {
            if scope == TOP_SCOPE {
                top_scope_of[file.0 as usize - 1]
            } else {
                scope
            }
        };

        let mut declaration = Vec::with_capacity(facts.resource.len());
        let mut expression_of = Vec::with_capacity(facts.resource.len());
        let mut declared = Vec::with_capacity(facts.resource.len());
        let mut direct = Vec::with_capacity(facts.resource.len());
        for row in &facts.resource {
            let target = if Some(row.type_name) == class {
                if !row.title_literal {
                    continue;
                }
                row.title
            } else {
                row.type_name
            };
            declaration.push((row.res, target));
            expression_of.push((row.res, row.expr));
            if row.title_literal {
                let scope = scope_in(row.scope, row.file);
                declared.push((scope, row.res, row.type_name, row.title));
                if !row.conditional {
                    direct.push((scope, row.res, row.type_name, row.title));
                }
            }
        }

        let mut nested = Vec::new();
        let mut own_body: Vec<Id> = top_scopes.values().copied().collect();
        for row in &facts.scope {
            if row.kind == ScopeKind::Lambda {
                nested.push((row.scope, scope_in(row.lexical_parent, row.file)));
            } else {
                own_body.push(scope_in(row.scope, row.file));
            }
        }
        let inherits_tc: Vec<_> = inherits
            .iter()
            .map(|row| (row.class(), row.ancestor()))
            .collect();
        let override_of: Vec<_> = (0u32..)
            .zip(&facts.resource_override)
            .map(|(site, row)| {
                (
                    site,
                    scope_in(row.scope, row.file),
                    row.type_name,
                    row.title,
                )
            })
            .collect();
        let override_sets: Vec<_> = (0u32..)
            .zip(&facts.resource_override)
            .map(|(site, row)| (site, row.attr))
            .collect();
        let (splats, sets): (Vec<&ResourceAttr>, Vec<&ResourceAttr>) = facts
            .resource_attr
            .iter()
            .partition(|row| Some(row.attr) == splat_attr);
        let splat: Vec<_> = splats.iter().map(|row| (row.res, ())).collect();
        let sets: Vec<_> = sets.iter().map(|row| (row.res, row.attr)).collect();
        let declares_always: Vec<_> = facts
            .declares
            .iter()
            .filter(|row| !row.conditional)
            .map(|row| (scope_in(row.scope, row.file), row.class))
            .collect();

        // Classes, defines, functions and nodes: what
        // `duplicate-declaration` is about. Nodes, and whatever an example
        // defines, belong to the program of their file's top scope.
        let definition: Vec<_> = (0u32..)
            .zip(&facts.definition)
            .filter(|(_, row)| !row.kind.is_type())
            .map(|(site, row)| {
                let in_example = facts.file[row.file.0 as usize - 1].role == Role::Example;
                let program = if row.kind == DefinitionKind::Node || in_example {
                    scope_in(TOP_SCOPE, row.file)
                } else {
                    TOP_SCOPE
                };
                (row.kind, row.name, program, site)
            })
            .collect();
        Input {
            declaration: Relation::from_vec(declaration),
            sets: Relation::from_vec(sets),
            function_sets: Relation::from_iter(
                (0u32..)
                    .zip(&facts.function_attribute)
                    .map(|(site, row)| (site, row.target, row.attr)),
            ),
            splat: Relation::from_vec(splat),
            accepts: Relation::from_vec(accepts),
            open: Relation::from_vec(open),
            defined: Relation::from_vec(defined),
            metaparameter: Relation::from_vec(metaparameter),
            required: Relation::from_vec(required),
            defaulted: Relation::from_vec(defaulted),
            direct: Relation::from_vec(direct),
            expression_of: Relation::from_vec(expression_of),
            declares_always: Relation::from_vec(declares_always),
            body: Relation::from_vec(body),
            is_define: Relation::from_vec(is_define),
            definition: Relation::from_vec(definition),
            declared: Relation::from_vec(declared),
            own_body: Relation::from_vec(own_body),
            nested: Relation::from_vec(nested),
            inherits_tc: Relation::from_vec(inherits_tc),
            override_of: Relation::from_vec(override_of),
            override_sets: Relation::from_vec(override_sets),
        }
    }
}
