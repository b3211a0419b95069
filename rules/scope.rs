//! Static scope ("Scope Lookup Rules", Static scope; "Names, Scope and
//! Access Control", Scope): which variables each scope sees,
//! what each reference resolves to, and what it cannot.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{assignments, named_columns, scopes, sorted, ScopeKind as Kind};
use crate::facts::builtins::METAPARAMETERS;
use crate::facts::schema::{DefinitionKind, Id, KnownKind, Sym, TOP_SCOPE};
use crate::facts::Extraction;

crepe! {
    @input
    /// `scope_kind(scope, kind)`; top scope is `TOP_SCOPE`.
    struct ScopeKind(Id, Kind);

    @input
    /// `lexical_parent(scope, parent)`.
    struct LexicalParent(Id, Id);

    @input
    /// `class_scope(class, scope)`.
    struct ClassScope(Sym, Id);

    @input
    /// `inherits_tc(class, ancestor)`: `class` inherits from `ancestor`,
    /// directly or not (the inheritance program's).
    struct InheritsTc(Sym, Sym);

    @input
    /// `declared_in(class_or_define, scope)`: a class declared, or a define
    /// instantiated, in a scope.
    struct DeclaredIn(Sym, Id);

    @input
    /// `define_scope(define, scope)`.
    struct DefineScope(Sym, Id);

    @input
    /// `assigned(scope, name, private)`: a variable or parameter.
    struct Assigned(Id, Sym, bool);

    @input
    /// `parameter(scope, name)`: a parameter of a class, define or function.
    struct Parameter(Id, Sym);

    @input
    /// `plain_ref(ref, scope, name)`: `$x`.
    struct PlainRef(Id, Id, Sym);

    @input
    /// `top_ref(ref, scope, name)`: `$::x`, read in `scope`.
    struct TopRef(Id, Id, Sym);

    @input
    /// `qualified_ref(ref, scope, class, name)`: `$a::b::x`, read in
    /// `scope`.
    struct QualifiedRef(Id, Id, Sym, Sym);

    @input
    /// `builtin_name(ref)`: `$facts`, `$title`, `$0`, `$settings::x`...:
    /// a variable Puppet provides in every scope.
    struct BuiltinName(Id);

    @input
    /// `metaparameter_ref(ref, scope)`: `$alias`, `$before`... read in
    /// `scope`: a variable in a define's body.
    struct MetaparameterRef(Id, Id);

    @input
    /// `fact_name(ref)`: the name is a Facter or custom fact.
    struct FactName(Id);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `sees(scope, seen)`: `scope` sees the public variables of `seen`.
    pub struct Sees(pub Id, pub Id);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `local(scope, outer)`: `scope` is `outer` or a lambda within it,
    /// and sees its private variables.
    pub struct Local(pub Id, pub Id);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `resolves(ref, declared_in)`.
    pub struct Resolves(pub Id, pub Id);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `unknown_variable(ref)`.
    pub struct UnknownVariable(pub Id);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `top_scope_fact(ref)`.
    pub struct TopScopeFact(pub Id);

    struct Scope(Id);
    struct InDefine(Id);
    struct Builtin(Id);
    struct Resolved(Id);
    struct UnresolvedPlain(Id);
    struct Unresolved(Id);

    // scope(top).
    Scope(TOP_SCOPE) <- (true);
    // scope(S) :- scope_kind(S, _).
    Scope(scope) <- ScopeKind(scope, _);

    // "a scope sees its own variables and parameters"
    // sees(S, S) :- scope(S).
    Sees(scope, scope) <- Scope(scope);
    // "... and top scope"
    // sees(S, top) :- scope(S).
    Sees(scope, TOP_SCOPE) <- Scope(scope);
    // "a lambda sees its enclosing scope"
    // sees(L, T) :- scope_kind(L, lambda), lexical_parent(L, P), sees(P, T).
    Sees(lambda, seen) <- ScopeKind(lambda, Kind::Lambda), LexicalParent(lambda, parent), Sees(parent, seen);

    // "Parameters and Variables in a Class C is in scope for C, and in all
    // classes inheriting C."
    // sees(CS, AS) :- class_scope(C, CS), inherits_tc(C, A), class_scope(A, AS).
    Sees(scope, ancestor_scope) <-
        ClassScope(class, scope), InheritsTc(class, ancestor), ClassScope(ancestor, ancestor_scope);
    // node scope, only for classes declared inside a node definition (and
    // instances of defines declared there)
    // sees(CS, N) :- declared_in(C, N), scope_kind(N, node), class_scope(C, CS).
    Sees(scope, node) <- DeclaredIn(class, node), ScopeKind(node, Kind::Node), ClassScope(class, scope);
    // sees(DS, N) :- declared_in(D, N), scope_kind(N, node), define_scope(D, DS).
    Sees(scope, node) <- DeclaredIn(define, node), ScopeKind(node, Kind::Node), DefineScope(define, scope);

    // "A private variable is only available in the scope where it is
    // declared (and inner local scopes)."
    // local(S, S) :- scope(S).
    Local(scope, scope) <- Scope(scope);
    // local(L, T) :- scope_kind(L, lambda), lexical_parent(L, P), local(P, T).
    Local(lambda, outer) <- ScopeKind(lambda, Kind::Lambda), LexicalParent(lambda, parent), Local(parent, outer);

    // Resolution joins each reference with the few scopes its scope sees,
    // never with every variable visible there (top scope's are visible
    // everywhere): the cost grows with the references, not their product.
    // resolves(R, T) :- plain_ref(R, S, N), sees(S, T), assigned(T, N, false).
    Resolves(reference, declared) <- PlainRef(reference, scope, name), Sees(scope, declared), Assigned(declared, name, false);
    // resolves(R, T) :- plain_ref(R, S, N), local(S, T), assigned(T, N, true).
    Resolves(reference, declared) <- PlainRef(reference, scope, name), Local(scope, declared), Assigned(declared, name, true);
    // "$::x is top scope"
    // resolves(R, top) :- top_ref(R, _, N), assigned(top, N, false).
    Resolves(reference, TOP_SCOPE) <- TopRef(reference, _, name), Assigned(TOP_SCOPE, name, false);
    // "$a::b::x names a parameter or class-level variable of class a::b"
    // (or of a class it inherits from); never a private one.
    // resolves(R, CS) :- qualified_ref(R, _, C, N), class_scope(C, CS), assigned(CS, N, false).
    Resolves(reference, scope) <- QualifiedRef(reference, _, class, name), ClassScope(class, scope), Assigned(scope, name, false);
    // resolves(R, AS) :- qualified_ref(R, _, C, N), class_scope(C, CS), sees(CS, AS),
    //     class_scope(_, AS), assigned(AS, N, false).
    Resolves(reference, seen) <-
        QualifiedRef(reference, _, class, name),
        ClassScope(class, scope),
        Sees(scope, seen),
        ClassScope(_, seen),
        Assigned(seen, name, false);

    // "A private variable is only available in the scope where it is
    // declared (and inner local scopes)", by its qualified name too.
    // resolves(R, top) :- top_ref(R, S, N), local(S, top),
    //     assigned(top, N, true).
    Resolves(reference, TOP_SCOPE) <-
        TopRef(reference, scope, name),
        Local(scope, TOP_SCOPE),
        Assigned(TOP_SCOPE, name, true);
    // resolves(R, CS) :- qualified_ref(R, S, C, N), class_scope(C, CS),
    //     local(S, CS), assigned(CS, N, true).
    Resolves(reference, class_scope) <-
        QualifiedRef(reference, scope, class, name),
        ClassScope(class, class_scope),
        Local(scope, class_scope),
        Assigned(class_scope, name, true);

    // "A private parameter may only be directly used from the module where
    // it was declared": by qualified name it resolves (the privacy program
    // judges the module).
    // resolves(R, CS) :- qualified_ref(R, _, C, N), class_scope(C, CS), parameter(CS, N).
    Resolves(reference, scope) <- QualifiedRef(reference, _, class, name), ClassScope(class, scope), Parameter(scope, name);

    // A define's metaparameters are variables in its body, and in what its
    // body encloses.
    // in_define(S) :- scope_kind(S, define).
    InDefine(scope) <- ScopeKind(scope, Kind::Define);
    // in_define(S) :- lexical_parent(S, P), in_define(P).
    InDefine(scope) <- LexicalParent(scope, parent), InDefine(parent);
    // builtin(R) :- builtin_name(R).
    Builtin(reference) <- BuiltinName(reference);
    // builtin(R) :- metaparameter_ref(R, S), in_define(S).
    Builtin(reference) <- MetaparameterRef(reference, scope), InDefine(scope);

    // resolved(R) :- resolves(R, _).
    Resolved(reference) <- Resolves(reference, _);
    // Each kind of reference is judged from its own relation, so that no
    // relation is looked up by reference (an index of a row per
    // reference).
    // "top-scope names that no manifest assigns are node facts"
    // top_scope_fact(R) :- top_ref(R, _, _), !resolved(R), !builtin(R).
    TopScopeFact(reference) <- TopRef(reference, _, _), !Resolved(reference), !Builtin(reference);
    // unresolved_plain(R) :- plain_ref(R, _, _), !resolved(R), !builtin(R).
    UnresolvedPlain(reference) <- PlainRef(reference, _, _), !Resolved(reference), !Builtin(reference);
    // top_scope_fact(R) :- unresolved_plain(R), fact_name(R).
    TopScopeFact(reference) <- UnresolvedPlain(reference), FactName(reference);
    // unresolved(R) :- unresolved_plain(R).
    Unresolved(reference) <- UnresolvedPlain(reference);
    // unresolved(R) :- qualified_ref(R, _, _, _), !resolved(R), !builtin(R).
    Unresolved(reference) <- QualifiedRef(reference, _, _, _), !Resolved(reference), !Builtin(reference);
    // unknown_variable(R) :- unresolved(R), !top_scope_fact(R).
    UnknownVariable(reference) <- Unresolved(reference), !TopScopeFact(reference);
}

named_columns! {
    Sees { 0 scope: Id, 1 seen: Id }
    Local { 0 scope: Id, 1 outer: Id }
    Resolves { 0 reference: Id, 1 declared_in: Id }
    UnknownVariable { 0 reference: Id }
    TopScopeFact { 0 reference: Id }
}

/// What the program derives.
pub struct Output {
    pub sees: Vec<Sees>,
    pub local: Vec<Local>,
    pub resolves: Vec<Resolves>,
    pub unknown: Vec<UnknownVariable>,
    pub facts: Vec<TopScopeFact>,
}

/// Variables that Puppet provides in every scope.
const BUILTIN_VARIABLES: &[&str] = &[
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

/// Loads the facts and the inheritance closure (from the inheritance
/// program), and runs the program.
pub fn run(extraction: &Extraction, inherits: &[super::inheritance::InheritsTc]) -> Output {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let text = |sym: Sym| interner.resolve(sym);
    let mut runtime = Crepe::new();
    for (scope, kind, parent) in scopes(extraction) {
        runtime.extend([ScopeKind(scope, kind)]);
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
        inherits
            .iter()
            .map(|row| InheritsTc(row.class(), row.ancestor())),
    );
    runtime.extend(
        facts
            .declares
            .iter()
            .map(|row| DeclaredIn(row.class, row.scope)),
    );
    runtime.extend(
        facts
            .resource
            .iter()
            .map(|row| DeclaredIn(row.type_name, row.scope)),
    );
    runtime.extend(
        assignments(extraction).map(|(scope, name, private)| Assigned(scope, name, private)),
    );
    runtime.extend(
        facts
            .param_decl
            .iter()
            .map(|row| Parameter(row.scope, row.name)),
    );

    // Fact names, exact or as a prefix (`processor<N>`), looked up by hash.
    let mut exact_facts: rustc_hash::FxHashSet<&str> = Default::default();
    let mut fact_prefixes: Vec<&str> = Vec::new();
    for row in facts.known.iter().filter(|row| row.kind == KnownKind::Fact) {
        match text(row.name).split_once('<') {
            Some((prefix, _)) => fact_prefixes.push(prefix),
            None => {
                exact_facts.insert(text(row.name));
            }
        }
    }
    fact_prefixes.sort_unstable();
    fact_prefixes.dedup();
    let is_fact = |name: &str| {
        exact_facts.contains(name) || fact_prefixes.iter().any(|prefix| name.starts_with(prefix))
    };
    for row in &facts.var_ref {
        let (name, namespace, short) = (text(row.name), text(row.namespace), text(row.short_name));
        let builtin = BUILTIN_VARIABLES.contains(&short)
            && (namespace.is_empty() || namespace == "::")
            || short.bytes().all(|byte| byte.is_ascii_digit())
            || namespace == "settings";
        if builtin {
            runtime.extend([BuiltinName(row.reference)]);
        } else if namespace.is_empty() && METAPARAMETERS.contains(&short) {
            runtime.extend([MetaparameterRef(row.reference, row.scope)]);
        }
        match namespace {
            "" => {
                runtime.extend([PlainRef(row.reference, row.scope, row.short_name)]);
                if is_fact(name) {
                    runtime.extend([FactName(row.reference)]);
                }
            }
            "::" => runtime.extend([TopRef(row.reference, row.scope, row.short_name)]),
            _ => runtime.extend([QualifiedRef(
                row.reference,
                row.scope,
                row.namespace,
                row.short_name,
            )]),
        }
    }
    let (sees, local, resolves, unknown, top_scope_facts) =
        runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        sees: sorted(sees),
        local: sorted(local),
        resolves: sorted(resolves),
        unknown: sorted(unknown),
        facts: sorted(top_scope_facts),
    }
}
