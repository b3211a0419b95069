//! Private access ("Names, Scope and Access Control", Access Control).
//!
//! An entity is private through the `private` keyword, an
//! `assert_private()` call in its body, or an `@api private` doc tag.
//! Puppet's own check (`assert_private`) depends on evaluation order; this
//! one looks at every use in the code.

use crepe::crepe;
use rustc_hash::{FxBuildHasher, FxHashSet};

use super::{named_columns, sorted};
use crate::diagnostic::Severity;
use crate::facts::schema::{
    DeclarationHow, DefinitionKind, FileId, Id, PrivacyHow, Sym, TOP_SCOPE,
};
use crate::facts::Extraction;

/// How code uses an entity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UseKind {
    Include,
    Require,
    Contain,
    Resource,
    Inherits,
    Relationship,
    Instantiate,
}

impl UseKind {
    pub fn name(self) -> &'static str {
        match self {
            UseKind::Include => "include",
            UseKind::Require => "require",
            UseKind::Contain => "contain",
            UseKind::Resource => "resource",
            UseKind::Inherits => "inherits",
            UseKind::Relationship => "relationship",
            UseKind::Instantiate => "instantiate",
        }
    }
}

/// What a qualified read of a class reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReadKind {
    /// A parameter: `$class::name` of one it declares, or
    /// `Class['class']['name']`, an attribute of the class in the catalog.
    Parameter,
    /// Any other variable of the class, by `$class::name`.
    Variable,
}

impl ReadKind {
    pub fn name(self) -> &'static str {
        match self {
            ReadKind::Parameter => "parameter",
            ReadKind::Variable => "variable",
        }
    }
}

/// Where a use was found: the relation and the row of the fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Site {
    Declares(u32),
    Inherits(u32),
    Resource(u32),
    Relationship(u32),
    VarRef(u32),
    ParamRef(u32),
}

crepe! {
    @input
    /// `private(entity, how, definition, row)`: row `row` of `privacy`
    /// makes the class or define `entity` private.
    struct Private(Sym, PrivacyHow, DefinitionKind, u32);

    @input
    /// `entity_in(entity, file)`: a class or define definition.
    struct EntityIn(Sym, FileId);

    @input
    /// `define(name)`.
    struct Define(Sym);

    @input
    /// `file_module(file, module)`; environment manifests have the empty
    /// module, outside every module.
    struct FileModule(FileId, Sym);

    @input
    /// `direct_use(entity, kind, file, site)`: include, require, contain,
    /// `class { 'x': }`, inherits and relationship endpoints.
    struct DirectUse(Sym, UseKind, FileId, Site);

    @input
    /// `instance(type, file, site)`: a resource of type `type`.
    struct Instance(Sym, FileId, Site);

    @input
    /// `qualified_read(class, name, file, site)`: `$class::name`, or
    /// `Class['class']['name']`.
    struct QualifiedRead(Sym, Sym, FileId, Site);

    @input
    /// `class_scope(class, scope)`.
    struct ClassScope(Sym, Id);

    @input
    /// `private_parameter(scope, name, row)`: row `row` of `param_decl`.
    struct PrivateParameter(Id, Sym, u32);

    @input
    /// `parameter(scope, name)`: a parameter of the class, define or
    /// function of `scope`.
    struct Parameter(Id, Sym);

    @input
    /// `private_variable(scope, name, row)`: `private $name = ...` in a
    /// class, node or top scope, at row `row` of `var_assign`.
    struct PrivateVariable(Id, Sym, u32);

    @input
    /// `variable_read(class, name, file, site, scope)`: `$class::name` read
    /// in `scope`; class `::` is top scope.
    struct VariableRead(Sym, Sym, FileId, Site, Id);

    @input
    /// `local(scope, outer)`: `scope` is `outer` or a lambda within it (from
    /// the scope graph).
    struct Local(Id, Id);

    @output
    /// `violation(entity, kind, how, file, site, entity_module, from_module,
    /// definition, severity)`: `definition` says whether `entity` is a
    /// class or a define; `severity`, how serious the use is for `how`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct Violation(pub Sym, pub UseKind, pub PrivacyHow, pub FileId, pub Site, pub Sym, pub Sym, pub DefinitionKind, pub Severity);

    @output
    /// `made_private(entity, how, row)`: row `row` of `privacy` makes an
    /// entity that a violation uses private.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct MadePrivate(pub Sym, pub PrivacyHow, pub u32);

    @output
    /// `parameter_declared(class, parameter, row)`: row `row` of
    /// `param_decl` declares a private parameter that a violation reads.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct ParameterDeclared(pub Sym, pub Sym, pub u32);

    @output
    /// `variable_declared(class, variable, row)`: row `row` of `var_assign`
    /// declares a private variable that a violation reads.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct VariableDeclared(pub Sym, pub Sym, pub u32);

    @output
    /// `private_reference(class, name, how, file, site, class_module,
    /// from_module, read)`: `$class::name` or `Class['class']['name']`;
    /// `read` says whether a parameter or another variable is read.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct PrivateReference(pub Sym, pub Sym, pub PrivacyHow, pub FileId, pub Site, pub Sym, pub Sym, pub ReadKind);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `parameter_violation(class, parameter, file, site, class_module, from_module)`
    pub struct ParameterViolation(pub Sym, pub Sym, pub FileId, pub Site, pub Sym, pub Sym);

    @output
    #[derive(Debug, PartialOrd, Ord)]
    /// `variable_violation(class, variable, file, site)`
    pub struct VariableViolation(pub Sym, pub Sym, pub FileId, pub Site);

    struct EntityModule(Sym, Sym);

    struct Use(Sym, UseKind, FileId, Site);
    struct Restricts(PrivacyHow, UseKind, Severity);
    struct PrivateRead(Sym, Sym, FileId, Site);
    struct ClassParameter(Sym, Sym);
    struct ReadOf(Sym, Sym, Site, ReadKind);

    // entity_module(E, M) :- entity_in(E, F), file_module(F, M).
    EntityModule(entity, module) <- EntityIn(entity, file), FileModule(file, module);

    // "A private class may only be directly used from the module where it
    // is declared. The term directly-used means: including the class,
    // requiring the class, instantiating the class as a resource,
    // inheriting from the class, forming a relationship with the private
    // class."
    // use(E, K, F, S) :- direct_use(E, K, F, S).
    Use(entity, kind, file, site) <- DirectUse(entity, kind, file, site);
    // "A private user defined resource type may only be directly used from
    // the module where it is declared. The term directly-used means:
    // instantiating an instance of the resource type, forming a
    // relationship."
    // use(T, instantiate, F, S) :- instance(T, F, S), define(T).
    Use(define, UseKind::Instantiate, file, site) <- Instance(define, file, site), Define(define);

    // What each kind of privacy forbids, and how seriously. The keyword
    // follows "Names, Scope and Access Control", Access Control, which
    // counts "forming a relationship with the private class" as direct use:
    // an error, for every kind of use.
    // restricts(keyword, K, error) for every kind K.
    Restricts(PrivacyHow::Keyword, UseKind::Include, Severity::Error);
    Restricts(PrivacyHow::Keyword, UseKind::Require, Severity::Error);
    Restricts(PrivacyHow::Keyword, UseKind::Contain, Severity::Error);
    Restricts(PrivacyHow::Keyword, UseKind::Resource, Severity::Error);
    Restricts(PrivacyHow::Keyword, UseKind::Inherits, Severity::Error);
    Restricts(PrivacyHow::Keyword, UseKind::Relationship, Severity::Error);
    Restricts(PrivacyHow::Keyword, UseKind::Instantiate, Severity::Error);
    // `assert_private()` is a module convention that Puppet enforces (stdlib
    // fails the compilation) only on declaring and inheriting: an ordering
    // against such a class compiles, and modules document some (the apt
    // module, `Class['apt::update'] -> Package <| |>`), so the relationship
    // the spec counts as use is a warning.
    // restricts(assert_private, K, error) for K != relationship.
    // restricts(assert_private, relationship, warning).
    Restricts(PrivacyHow::AssertPrivate, UseKind::Include, Severity::Error);
    Restricts(PrivacyHow::AssertPrivate, UseKind::Require, Severity::Error);
    Restricts(PrivacyHow::AssertPrivate, UseKind::Contain, Severity::Error);
    Restricts(PrivacyHow::AssertPrivate, UseKind::Resource, Severity::Error);
    Restricts(PrivacyHow::AssertPrivate, UseKind::Inherits, Severity::Error);
    Restricts(PrivacyHow::AssertPrivate, UseKind::Instantiate, Severity::Error);
    Restricts(PrivacyHow::AssertPrivate, UseKind::Relationship, Severity::Warning);
    // `@api private` is documentation (puppet-strings) that Puppet never
    // reads: every use compiles (Puppet 7.23 includes `apache::params`,
    // tagged so, from module keystone), so each is a warning, kept for the
    // audit that `private-violations` makes.
    // restricts(api_tag, K, warning) for every kind K.
    Restricts(PrivacyHow::ApiTag, UseKind::Include, Severity::Warning);
    Restricts(PrivacyHow::ApiTag, UseKind::Require, Severity::Warning);
    Restricts(PrivacyHow::ApiTag, UseKind::Contain, Severity::Warning);
    Restricts(PrivacyHow::ApiTag, UseKind::Resource, Severity::Warning);
    Restricts(PrivacyHow::ApiTag, UseKind::Inherits, Severity::Warning);
    Restricts(PrivacyHow::ApiTag, UseKind::Instantiate, Severity::Warning);
    Restricts(PrivacyHow::ApiTag, UseKind::Relationship, Severity::Warning);

    // violation(E, K, H, F, S, M, FM, D, V) :-
    //     use(E, K, F, S), private(E, H, D, _), restricts(H, K, V),
    //     entity_module(E, M), file_module(F, FM), M != FM.
    Violation(entity, kind, how, file, site, module, from_module, definition, severity) <-
        Use(entity, kind, file, site),
        Private(entity, how, definition, _),
        Restricts(how, kind, severity),
        EntityModule(entity, module),
        FileModule(file, from_module),
        (module != from_module);

    // "A private variable is only available in the scope where it is
    // declared (and inner local scopes). [...] A private variable is simply
    // not visible to other scopes."
    // variable_violation(C, N, F, S) :-
    //     private_variable(CS, N), class_scope(C, CS),
    //     variable_read(C, N, F, S, R), !local(R, CS).
    VariableViolation(class, name, file, site) <-
        PrivateVariable(scope, name, _),
        ClassScope(class, scope),
        VariableRead(class, name, file, site, reader),
        !Local(reader, scope);

    // "Access to a private class and its parameters will issue a warning
    // as the intention is that it is an implementation concern of the
    // particular module."
    // private_reference(C, N, H, F, S, M, FM, R) :-
    //     qualified_read(C, N, F, S), private(C, H), entity_module(C, M),
    //     file_module(F, FM), M != FM, read_of(C, N, S, R).
    PrivateReference(class, name, how, file, site, module, from_module, read) <-
        PrivateRead(class, name, file, site),
        Private(class, how, _, _),
        EntityModule(class, module),
        FileModule(file, from_module),
        (module != from_module),
        ReadOf(class, name, site, read);
    // Only reads of private classes are judged further: few classes are.
    // private_read(C, N, F, S) :- qualified_read(C, N, F, S), private(C, _).
    PrivateRead(class, name, file, site) <-
        QualifiedRead(class, name, file, site),
        Private(class, _, _, _);
    // class_parameter(C, N) :- private(C, _), class_scope(C, S),
    //     parameter(S, N).
    ClassParameter(class, name) <-
        Private(class, _, _, _),
        ClassScope(class, scope),
        Parameter(scope, name);
    // A catalog lookup reads an attribute, a parameter of the class.
    // read_of(C, N, S, parameter) :- private_read(C, N, _, S), S is a
    //     catalog lookup.
    ReadOf(class, name, site, ReadKind::Parameter) <-
        PrivateRead(class, name, _, site),
        (matches!(site, Site::ParamRef(_)));
    // read_of(C, N, S, parameter) :- private_read(C, N, _, S),
    //     class_parameter(C, N).
    ReadOf(class, name, site, ReadKind::Parameter) <-
        PrivateRead(class, name, _, site),
        ClassParameter(class, name);
    // read_of(C, N, S, variable) :- private_read(C, N, _, S), S is a
    //     variable reference, !class_parameter(C, N).
    ReadOf(class, name, site, ReadKind::Variable) <-
        PrivateRead(class, name, _, site),
        (matches!(site, Site::VarRef(_))),
        !ClassParameter(class, name);

    // "A private parameter may only be directly used from the module where
    // it was declared. The term directly-used here means: referencing the
    // parameter using variable syntax, referencing the parameter via
    // catalog lookup of type/id and then accessing its parameter."
    // parameter_violation(C, P, F, S, M, FM) :-
    //     private_parameter(CS, P), class_scope(C, CS),
    //     qualified_read(C, P, F, S), entity_module(C, M), file_module(F, FM),
    //     M != FM.
    ParameterViolation(class, parameter, file, site, module, from_module) <-
        PrivateParameter(scope, parameter, _),
        ClassScope(class, scope),
        QualifiedRead(class, parameter, file, site),
        EntityModule(class, module),
        FileModule(file, from_module),
        (module != from_module);

    // Where a violation's entity, parameter or variable is made private,
    // for its report.
    // made_private(E, H, R) :- violation(E, _, H, _, _, _, _, _, _),
    //     private(E, H, _, R).
    MadePrivate(entity, how, row) <-
        Violation(entity, _, how, _, _, _, _, _, _),
        Private(entity, how, _, row);
    // parameter_declared(C, P, R) :- parameter_violation(C, P, _, _, _, _),
    //     class_scope(C, S), private_parameter(S, P, R).
    ParameterDeclared(class, parameter, row) <-
        ParameterViolation(class, parameter, _, _, _, _),
        ClassScope(class, scope),
        PrivateParameter(scope, parameter, row);
    // variable_declared(C, N, R) :- variable_violation(C, N, _, _),
    //     class_scope(C, S), private_variable(S, N, R).
    VariableDeclared(class, variable, row) <-
        VariableViolation(class, variable, _, _),
        ClassScope(class, scope),
        PrivateVariable(scope, variable, row);
}

named_columns! {
    Violation {
        0 entity: Sym,
        1 kind: UseKind,
        2 how: PrivacyHow,
        3 file: FileId,
        4 site: Site,
        5 entity_module: Sym,
        6 from_module: Sym,
        7 definition: DefinitionKind,
        8 severity: Severity,
    }
    MadePrivate { 0 entity: Sym, 1 how: PrivacyHow, 2 row: u32 }
    ParameterDeclared { 0 class: Sym, 1 parameter: Sym, 2 row: u32 }
    VariableDeclared { 0 class: Sym, 1 variable: Sym, 2 row: u32 }
    PrivateReference {
        0 class: Sym,
        1 name: Sym,
        2 how: PrivacyHow,
        3 file: FileId,
        4 site: Site,
        5 class_module: Sym,
        6 from_module: Sym,
        7 read: ReadKind,
    }
    ParameterViolation {
        0 class: Sym,
        1 parameter: Sym,
        2 file: FileId,
        3 site: Site,
        4 class_module: Sym,
        5 from_module: Sym,
    }
    VariableViolation { 0 class: Sym, 1 variable: Sym, 2 file: FileId, 3 site: Site }
}

/// What the program derives.
#[derive(Default)]
pub struct Output {
    pub violations: Vec<Violation>,
    pub references: Vec<PrivateReference>,
    pub parameters: Vec<ParameterViolation>,
    pub variables: Vec<VariableViolation>,
    /// Where the entities of `violations` are made private.
    pub made_private: Vec<MadePrivate>,
    /// Where the parameters of `parameters` are declared.
    pub parameters_declared: Vec<ParameterDeclared>,
    /// Where the variables of `variables` are declared.
    pub variables_declared: Vec<VariableDeclared>,
}

/// Loads the facts and the scope graph's `local` relation, and runs the
/// program.
pub fn run(extraction: &Extraction, local: &[super::scope_graph::Local]) -> Output {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let sym = |text: &str| interner.get(text);
    let class = sym("class");
    let top = sym("::");
    // Every rule starts from something private: an entity, a parameter or
    // a variable. Of the uses, reads and parameters of the code (a great
    // many), only those that can meet one are loaded.
    let private_entities: FxHashSet<Sym> = facts.privacy.iter().map(|row| row.entity).collect();
    let private_parameter_scopes: FxHashSet<Id> = facts
        .param_decl
        .iter()
        .filter(|row| row.private)
        .map(|row| row.scope)
        .collect();
    let private_variable_scopes: FxHashSet<Id> = facts
        .var_assign
        .iter()
        .filter(|row| row.private)
        .map(|row| row.scope)
        .collect();
    if private_entities.is_empty()
        && private_parameter_scopes.is_empty()
        && private_variable_scopes.is_empty()
    {
        return Output::default();
    }
    let class_scopes: Vec<(Sym, Id)> = facts
        .definitions(DefinitionKind::Class)
        .map(|row| (row.name, row.scope))
        .chain(top.map(|top| (top, TOP_SCOPE)))
        .collect();
    // The classes with a private parameter, or a private variable; and
    // the scopes of private classes, whose parameters are looked at.
    let classes_of = |scopes: &FxHashSet<Id>| -> FxHashSet<Sym> {
        class_scopes
            .iter()
            .filter(|(_, scope)| scopes.contains(scope))
            .map(|&(class, _)| class)
            .collect()
    };
    let parameter_classes = classes_of(&private_parameter_scopes);
    let variable_classes = classes_of(&private_variable_scopes);
    let private_class_scopes: FxHashSet<Id> = class_scopes
        .iter()
        .filter(|(class, _)| private_entities.contains(class))
        .map(|&(_, scope)| scope)
        .collect();
    let judged =
        |entity: &Sym| private_entities.contains(entity) || parameter_classes.contains(entity);
    let mut runtime = Crepe::new();
    runtime.extend(
        facts
            .privacy
            .iter()
            .enumerate()
            .map(|(at, row)| Private(row.entity, row.how, row.kind, at as u32)),
    );
    for kind in [DefinitionKind::Class, DefinitionKind::Define] {
        runtime.extend(
            facts
                .definitions(kind)
                .filter(|row| judged(&row.name))
                .map(|row| EntityIn(row.name, row.file)),
        );
    }
    runtime.extend(
        facts
            .definitions(DefinitionKind::Define)
            .map(|row| Define(row.name)),
    );
    runtime.extend(
        facts
            .file
            .iter()
            .map(|row| FileModule(row.file, row.module)),
    );
    for (index, row) in facts.declares.iter().enumerate() {
        if !private_entities.contains(&row.class) {
            continue;
        }
        let kind = match row.how {
            DeclarationHow::Include => UseKind::Include,
            DeclarationHow::Require => UseKind::Require,
            DeclarationHow::Contain => UseKind::Contain,
            DeclarationHow::ResourceLike => UseKind::Resource,
        };
        runtime.extend([DirectUse(
            row.class,
            kind,
            row.file,
            Site::Declares(index as u32),
        )]);
    }
    for (index, row) in facts.inherits.iter().enumerate() {
        if !private_entities.contains(&row.parent) {
            continue;
        }
        runtime.extend([DirectUse(
            row.parent,
            UseKind::Inherits,
            row.file,
            Site::Inherits(index as u32),
        )]);
    }
    for (index, row) in facts.resource.iter().enumerate() {
        if !private_entities.contains(&row.type_name) {
            continue;
        }
        runtime.extend([Instance(
            row.type_name,
            row.file,
            Site::Resource(index as u32),
        )]);
    }
    for (index, row) in facts.relationship.iter().enumerate() {
        // A class endpoint names the class; any other names its type.
        for (type_name, title) in [(row.from_type, row.from_title), (row.to_type, row.to_title)] {
            let entity = if Some(type_name) == class {
                title
            } else {
                type_name
            };
            if !private_entities.contains(&entity) {
                continue;
            }
            runtime.extend([DirectUse(
                entity,
                UseKind::Relationship,
                row.file,
                Site::Relationship(index as u32),
            )]);
        }
    }
    for (index, row) in facts.var_ref.iter().enumerate() {
        if interner.resolve(row.namespace).is_empty() {
            continue;
        }
        if variable_classes.contains(&row.namespace) {
            runtime.extend([VariableRead(
                row.namespace,
                row.short_name,
                row.file,
                Site::VarRef(index as u32),
                row.scope,
            )]);
        }
        if Some(row.namespace) == top || !judged(&row.namespace) {
            continue;
        }
        runtime.extend([QualifiedRead(
            row.namespace,
            row.short_name,
            row.file,
            Site::VarRef(index as u32),
        )]);
    }
    for (index, row) in facts.resource_param_ref.iter().enumerate() {
        if Some(row.type_name) == class && judged(&row.title) {
            runtime.extend([QualifiedRead(
                row.title,
                row.param,
                row.file,
                Site::ParamRef(index as u32),
            )]);
        }
    }
    runtime.extend(
        class_scopes
            .iter()
            .map(|&(class, scope)| ClassScope(class, scope)),
    );
    runtime.extend(
        facts
            .param_decl
            .iter()
            .enumerate()
            .filter(|(_, row)| row.private)
            .map(|(at, row)| PrivateParameter(row.scope, row.name, at as u32)),
    );
    runtime.extend(
        facts
            .param_decl
            .iter()
            .filter(|row| private_class_scopes.contains(&row.scope))
            .map(|row| Parameter(row.scope, row.name)),
    );
    runtime.extend(
        facts
            .var_assign
            .iter()
            .enumerate()
            .filter(|(_, row)| row.private)
            .map(|(at, row)| PrivateVariable(row.scope, row.name, at as u32)),
    );
    runtime.extend(
        local
            .iter()
            .filter(|row| private_variable_scopes.contains(&row.outer()))
            .map(|row| Local(row.scope(), row.outer())),
    );
    let (
        violations,
        made_private,
        parameters_declared,
        variables_declared,
        references,
        parameters,
        variables,
    ) = runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        violations: sorted(violations),
        references: sorted(references),
        parameters: sorted(parameters),
        variables: sorted(variables),
        made_private: sorted(made_private),
        parameters_declared: sorted(parameters_declared),
        variables_declared: sorted(variables_declared),
    }
}
