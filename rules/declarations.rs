//! What Puppet's compiler refuses about declarations, known without a node:
//! attributes a class, define or resource type does not have, parameters a
//! declaration leaves out, the same resource declared twice in what one
//! scope evaluates, the same definition written twice, and overrides from a
//! class that does not inherit the one declaring the resource.

use crepe::crepe;
use rustc_hash::{FxBuildHasher, FxHashMap};

use super::{named_columns, sorted};
use crate::facts::builtins::METAPARAMETERS;
use crate::facts::layout::Role;
use crate::facts::schema::{DefinitionKind, Id, Sym, TOP_SCOPE};
use crate::facts::Extraction;

crepe! {
    @input
    /// `declaration(res, target)`: resource `res` declares `target`: the
    /// define or resource type, or for `class { 'x': }` the class `x`.
    struct Declaration(Id, Sym);

    @input
    /// `sets(res, attr)`: `res` sets the attribute `attr`.
    struct Sets(Id, Sym);

    @input
    /// `sets_on(res, target, attr)`: `res`, declaring `target`, sets
    /// `attr` (`sets` with its declaration's target beside it).
    struct SetsOn(Id, Sym, Sym);

    @input
    /// `splat(res)`: `res` sets attributes from a hash (`* => $h`).
    struct Splat(Id);

    @input
    /// `accepts(target, param)`: a parameter of a class or define, or a
    /// parameter or property of a resource type.
    struct Accepts(Sym, Sym);

    @input
    /// `open(target)`: a Ruby type whose parameters pfacts cannot read.
    struct Open(Sym);

    @input
    /// `defined(target)`: a class, define or Ruby resource type.
    struct Defined(Sym);

    @input
    /// `metaparameter(attr)`: accepted by every declaration.
    struct Metaparameter(Sym);

    @input
    /// `required(target, param)`: a parameter without a default (Puppet 7
    /// wants a value for it even when its type accepts `undef`).
    struct Required(Sym, Sym);

    @input
    /// `defaulted(res, attr)`: a resource default reaches `res` with
    /// `attr` (`default_applies` of the defaults program).
    struct Defaulted(Id, Sym);

    @input
    /// `direct(scope, res, type, title)`: `res`, with a literal title,
    /// stands in `scope` outside any `if`, `unless`, `case` or selector.
    struct Direct(Id, Id, Sym, Sym);

    @input
    /// `expression_of(res, expr)`: the resource expression `res` stands in.
    struct ExpressionOf(Id, Id);

    @input
    /// `declares_always(scope, class)`: `scope` declares `class` outside
    /// any conditional.
    struct DeclaresAlways(Id, Sym);

    @input
    /// `body(target, scope)`: the scope of class or define `target`.
    struct Body(Sym, Id);

    @input
    /// `is_define(target)`.
    struct IsDefine(Sym);

    @input
    /// `definition(kind, name, site)`: a class, define, function or node
    /// matcher defined at row `site` of `definition`.
    struct Definition(DefinitionKind, Sym, u32);

    @input
    /// `declared(scope, res, type, title)`: `res`, with a literal title,
    /// stands in `scope`, conditionally or not.
    struct Declared(Id, Id, Sym, Sym);

    @input
    /// `own_body(scope)`: a scope that is a body of its own (top, node,
    /// class, define, function), not a lambda.
    struct OwnBody(Id);

    @input
    /// `nested(lambda, parent)`: a lambda's scope and its lexical parent.
    struct Nested(Id, Id);

    @input
    /// `inherits_tc(class, ancestor)`: `class` inherits from `ancestor`,
    /// directly or not (the inheritance program's).
    struct InheritsTc(Sym, Sym);

    @input
    /// `override_of(site, scope, type, title)`: the override at row `site`
    /// of `resource_override`, in `scope`, of a resource with a literal
    /// title.
    struct OverrideOf(u32, Id, Sym, Sym);

    @input
    /// `override_sets(site, attr)`.
    struct OverrideSets(u32, Sym);

    @output
    /// `unknown_parameter(res, attr)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownParameter(pub Id, pub Sym);

    @output
    /// `missing_parameter(res, param)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct MissingParameter(pub Id, pub Sym);

    @output
    /// `duplicate_resource(first, second)`: both are evaluated whenever
    /// one scope is, with the same type and title.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct DuplicateResource(pub Id, pub Id);

    @output
    /// `duplicate_in_define(res, first, second)`: two instances of a
    /// define evaluated by one scope both declare its resource `res`,
    /// whose title does not depend on the instance.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct DuplicateInDefine(pub Id, pub Id, pub Id);

    @output
    /// `duplicate_definition(first, second)`: rows of `definition` that
    /// define one name, of one kind.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct DuplicateDefinition(pub u32, pub u32);

    @output
    /// `foreign_override(site)`: an override whose resource only classes
    /// it does not inherit declare.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct ForeignOverride(pub u32);

    @output
    /// `redefined(site, attr)`: an override setting again an attribute
    /// that its own class or define gave the resource.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct Redefined(pub u32, pub Sym);

    struct Holds(Id, Id, Sym, Sym);
    struct Instantiates(Id, Id);
    struct SharedTitle(Sym, Sym);
    struct HoldsShared(Id, Id, Sym, Sym);
    struct FixedTitle(Sym);
    struct HeldInstance(Id, Sym, Id);
    struct Owner(Id, Id);
    struct Subclass(Id, Id);
    struct DeclaredIn(Id, Sym, Sym);
    struct MayOverride(u32);

    // "Foo[x]: has no parameter named 'y'"
    // unknown_parameter(R, A) :- sets_on(R, T, A), defined(T), !open(T),
    //     !accepts(T, A), !metaparameter(A).
    UnknownParameter(res, attr) <-
        SetsOn(res, target, attr),
        Defined(target),
        !Open(target),
        !Accepts(target, attr),
        !Metaparameter(attr);

    // "Foo[x]: expects a value for parameter 'y'"
    // missing_parameter(R, P) :- declaration(R, T), required(T, P),
    //     !sets(R, P), !splat(R), !defaulted(R, P).
    MissingParameter(res, param) <-
        Declaration(res, target),
        Required(target, param),
        !Sets(res, param),
        !Splat(res),
        !Defaulted(res, param);

    // What evaluating a scope always evaluates: its own resources, and
    // those of the classes it always declares and of the defines it
    // instantiates.
    // `holds` carries each resource's type and title, so that no relation
    // is looked up by resource.
    // holds(S, R, T, X) :- direct(S, R, T, X).
    Holds(scope, res, kind, title) <- Direct(scope, res, kind, title);
    // holds(S, R, T, X) :- declares_always(S, C), body(C, B), holds(B, R, T, X).
    Holds(scope, res, kind, title) <-
        DeclaresAlways(scope, class), Body(class, body), Holds(body, res, kind, title);
    // instantiates(I, B) :- declaration(I, D), body(D, B).
    Instantiates(instance, body) <- Declaration(instance, target), Body(target, body);
    // holds(S, R, T, X) :- holds(S, I, _, _), instantiates(I, B), holds(B, R, T, X).
    Holds(scope, res, kind, title) <-
        Holds(scope, instance, _, _), Instantiates(instance, body), Holds(body, res, kind, title);

    // Only a type and title that two resources share can be declared
    // twice; `holds` is paired on those alone, not on every resource.
    // shared_title(T, X) :- direct(_, R1, T, X), direct(_, R2, T, X), R1 != R2.
    SharedTitle(kind, title) <-
        Direct(_, first, kind, title), Direct(_, second, kind, title), (first != second);
    // holds_shared(S, R, T, X) :- holds(S, R, T, X), shared_title(T, X).
    HoldsShared(scope, res, kind, title) <- Holds(scope, res, kind, title), SharedTitle(kind, title);

    // "Duplicate declaration: T[x] is already declared"; one expression
    // with a title twice is Puppet's validation error instead
    // (`illegal-resource`).
    // duplicate_resource(R1, R2) :- holds_shared(S, R1, T, X),
    //     holds_shared(S, R2, T, X), R1 < R2, expression_of(R1, E1),
    //     expression_of(R2, E2), E1 != E2.
    DuplicateResource(first, second) <-
        HoldsShared(scope, first, kind, title),
        HoldsShared(scope, second, kind, title),
        (first < second),
        ExpressionOf(first, first_expression),
        ExpressionOf(second, second_expression),
        (first_expression != second_expression);

    // Only defines whose body declares a resource of a literal title can
    // have two instances clash; their instances are paired within each
    // scope that evaluates them, never across the code base.
    // fixed_title(D) :- is_define(D), body(D, B), direct(B, _, _, _).
    FixedTitle(define) <- IsDefine(define), Body(define, body), Direct(body, _, _, _);
    // (A define instance's type is its define.)
    // held_instance(S, D, I) :- holds(S, I, D, _), fixed_title(D).
    HeldInstance(scope, define, instance) <- Holds(scope, instance, define, _), FixedTitle(define);
    // duplicate_in_define(R, I1, I2) :- held_instance(S, D, I1),
    //     held_instance(S, D, I2), I1 < I2, body(D, B), direct(B, R, _, _).
    DuplicateInDefine(res, first, second) <-
        HeldInstance(scope, define, first),
        HeldInstance(scope, define, second),
        (first < second),
        Body(define, body),
        Direct(body, res, _, _);

    // The body a scope's code belongs to: its own, or a lambda's parent's.
    // owner(S, S) :- own_body(S).
    Owner(scope, scope) <- OwnBody(scope);
    // owner(L, O) :- nested(L, P), owner(P, O).
    Owner(lambda, owner) <- Nested(lambda, parent), Owner(parent, owner);

    // subclass(C, A) :- inherits_tc(CN, AN), body(CN, C), body(AN, A).
    Subclass(child, ancestor) <-
        InheritsTc(child_name, ancestor_name),
        Body(child_name, child),
        Body(ancestor_name, ancestor);

    // declared_in(O, T, X) :- declared(S, _, T, X), owner(S, O).
    DeclaredIn(owner, kind, title) <- Declared(scope, _, kind, title), Owner(scope, owner);

    // Puppet's `Resource#merge`: the override's source must be the
    // resource's or inherit from it.
    // may_override(V) :- override_of(V, S, T, X), owner(S, O), declared_in(O, T, X).
    MayOverride(site) <- OverrideOf(site, scope, kind, title), Owner(scope, owner), DeclaredIn(owner, kind, title);
    // may_override(V) :- override_of(V, S, T, X), owner(S, O), subclass(O, B),
    //     declared_in(B, T, X).
    MayOverride(site) <-
        OverrideOf(site, scope, kind, title),
        Owner(scope, owner),
        Subclass(owner, base),
        DeclaredIn(base, kind, title);

    // "Only subclasses can override parameters"
    // foreign_override(V) :- override_of(V, _, T, X), declared_in(_, T, X),
    //     !may_override(V).
    ForeignOverride(site) <- OverrideOf(site, _, kind, title), DeclaredIn(_, kind, title), !MayOverride(site);

    // "Parameter 'a' is already set on T[x] by ...; cannot redefine"
    // redefined(V, A) :- override_of(V, S, T, X), owner(S, O), declared(RS, R, T, X),
    //     owner(RS, O), sets(R, A), override_sets(V, A).
    Redefined(site, attr) <-
        OverrideOf(site, scope, kind, title),
        Owner(scope, owner),
        Declared(resource_scope, res, kind, title),
        Owner(resource_scope, owner),
        Sets(res, attr),
        OverrideSets(site, attr);

    // Puppet keeps the first definition it loads; the other is dead code.
    // duplicate_definition(K, S1, S2) :- definition(K, N, S1),
    //     definition(K, N, S2), S1 < S2.
    DuplicateDefinition(first, second) <-
        Definition(kind, name, first),
        Definition(kind, name, second),
        (first < second);
}

named_columns! {
    UnknownParameter { 0 resource: Id, 1 attr: Sym }
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
    pub missing_parameters: Vec<MissingParameter>,
    pub duplicate_resources: Vec<DuplicateResource>,
    pub duplicates_in_defines: Vec<DuplicateInDefine>,
    pub duplicate_definitions: Vec<DuplicateDefinition>,
    pub foreign_overrides: Vec<ForeignOverride>,
    pub redefinitions: Vec<Redefined>,
}

/// Loads the facts, the defaults that reach each resource (from the
/// defaults program) and the inheritance closure (from the inheritance
/// program), and runs the program.
pub fn run(
    extraction: &Extraction,
    defaults: &[super::defaults::DefaultApplies],
    inherits: &[super::inheritance::InheritsTc],
) -> Output {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let class = interner.get("class");
    let splat = interner.get("*");
    let name = interner.get("name");
    let mut runtime = Crepe::new();

    // Class and define bodies by scope, and what each accepts.
    let mut bodies: FxHashMap<Id, Sym> = FxHashMap::default();
    for row in facts.definitions(DefinitionKind::Class) {
        bodies.insert(row.scope, row.name);
        runtime.extend([Defined(row.name)]);
        runtime.extend([Body(row.name, row.scope)]);
    }
    for row in facts.definitions(DefinitionKind::Define) {
        bodies.insert(row.scope, row.name);
        runtime.extend([Defined(row.name)]);
        runtime.extend([IsDefine(row.name)]);
        runtime.extend([Body(row.name, row.scope)]);
    }
    if let Some(name) = name {
        runtime.extend(bodies.values().map(|&target| Accepts(target, name)));
    }
    for row in &facts.param_decl {
        let Some(&target) = bodies.get(&row.scope) else {
            continue;
        };
        runtime.extend([Accepts(target, row.name)]);
        if !row.has_default {
            runtime.extend([Required(target, row.name)]);
        }
    }
    for row in &facts.type_param {
        runtime.extend([Defined(row.type_name)]);
        if Some(row.param) == splat {
            runtime.extend([Open(row.type_name)]);
        } else {
            runtime.extend([Accepts(row.type_name, row.param)]);
        }
    }
    runtime.extend(
        METAPARAMETERS
            .iter()
            .filter_map(|name| interner.get(name))
            .map(Metaparameter),
    );
    runtime.extend(
        defaults
            .iter()
            .map(|applies| Defaulted(applies.resource(), applies.attr())),
    );

    // Top scope is one per environment: the environment's manifests share
    // it; each other file (an example) is applied on its own.
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
    let scope_in = |scope: Id, file: crate::facts::schema::FileId| {
        if scope == TOP_SCOPE {
            top_scope_of[file.0 as usize - 1]
        } else {
            scope
        }
    };

    let mut targets: FxHashMap<Id, Sym> = FxHashMap::default();
    for row in &facts.resource {
        let target = if Some(row.type_name) == class {
            if !row.title_literal {
                continue;
            }
            row.title
        } else {
            row.type_name
        };
        runtime.extend([Declaration(row.res, target)]);
        runtime.extend([ExpressionOf(row.res, row.expr)]);
        targets.insert(row.res, target);
        if row.title_literal {
            let scope = scope_in(row.scope, row.file);
            runtime.extend([Declared(scope, row.res, row.type_name, row.title)]);
            if !row.conditional {
                runtime.extend([Direct(scope, row.res, row.type_name, row.title)]);
            }
        }
    }
    for row in &facts.scope {
        if row.kind == crate::facts::schema::ScopeKind::Lambda {
            runtime.extend([Nested(row.scope, scope_in(row.lexical_parent, row.file))]);
        } else {
            runtime.extend([OwnBody(scope_in(row.scope, row.file))]);
        }
    }
    runtime.extend(top_scopes.values().map(|&top| OwnBody(top)));
    runtime.extend(
        inherits
            .iter()
            .map(|row| InheritsTc(row.class(), row.ancestor())),
    );
    for (site, row) in facts.resource_override.iter().enumerate() {
        let site = site as u32;
        runtime.extend([OverrideOf(
            site,
            scope_in(row.scope, row.file),
            row.type_name,
            row.title,
        )]);
        runtime.extend([OverrideSets(site, row.attr)]);
    }
    for row in &facts.resource_attr {
        if Some(row.attr) == splat {
            runtime.extend([Splat(row.res)]);
        } else {
            runtime.extend([Sets(row.res, row.attr)]);
            if let Some(&target) = targets.get(&row.res) {
                runtime.extend([SetsOn(row.res, target, row.attr)]);
            }
        }
    }
    runtime.extend(
        facts
            .declares
            .iter()
            .filter(|row| !row.conditional)
            .map(|row| DeclaresAlways(scope_in(row.scope, row.file), row.class)),
    );

    // Classes, defines, functions and nodes: what `duplicate-declaration`
    // is about.
    runtime.extend(
        facts
            .definition
            .iter()
            .enumerate()
            .filter(|(_, row)| !row.kind.is_type())
            .map(|(site, row)| Definition(row.kind, row.name, site as u32)),
    );

    let (unknown, missing, duplicates, in_defines, definitions, foreign, redefined) =
        runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        unknown_parameters: sorted(unknown),
        missing_parameters: sorted(missing),
        duplicate_resources: sorted(duplicates),
        duplicates_in_defines: sorted(in_defines),
        duplicate_definitions: sorted(definitions),
        foreign_overrides: sorted(foreign),
        redefinitions: sorted(redefined),
    }
}
