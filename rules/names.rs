//! Names used and defined nowhere: classes, resource types and functions
//! that neither a manifest, nor Puppet, nor a module's Ruby code defines;
//! what an unknown class entails (the reads of its variables), and which
//! modulepath entries pfacts cannot read might define it. Nothing is
//! reported in a branch that Puppet evaluates only when a name defined
//! nowhere is defined (`if defined('portage') { ... }`): dead code here.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, sorted};
use crate::facts::names::lowercase;
use crate::facts::schema::{DefinitionKind, Id, KnownKind, ModulepathState, RefForm, Sym};
use crate::facts::Extraction;

crepe! {
    @input
    /// `class_used(class, site, guard)`: a class declared (`include`,
    /// `require`, `contain`, `class { 'x': }`) at row `site` of `declares`,
    /// in guarded branch `guard`.
    struct ClassUsed(Sym, u32, Id);

    @input
    /// `class_related(class, site, guard)`: a class that a relationship at
    /// row `site` of `relationship` orders (`Class['x'] -> ...`, `require
    /// => Class['x']`), which Puppet must find; a reference elsewhere
    /// (`defined(Class['x'])`, a value) is only a type.
    struct ClassRelated(Sym, u32, Id);

    @input
    /// `class_defined(class)`.
    struct ClassDefined(Sym);

    @input
    /// `resource_typed(type, relation, site, guard)`: a literal type other
    /// than `class` at row `site` of `relation`: a resource expression, a
    /// function that declares resources (`create_resources('type', ...)`)
    /// or a reference written `Type['title']`.
    struct ResourceTyped(Sym, TypeSite, u32, Id);

    @input
    /// `type_defined(type)`: a define, a built-in or a Ruby resource type.
    struct TypeDefined(Sym);

    @input
    /// `alias_defined(type)`: a type alias, by its name in lower case as
    /// references are recorded: `Alias['x']` parameterizes it.
    struct AliasDefined(Sym);

    @input
    /// `function_called(name, site, guard)`: a call at row `site` of
    /// `call`.
    struct FunctionCalled(Sym, u32, Id);

    @input
    /// `guard_test(branch, outer, name)`: branch `branch`, inside guarded
    /// branch `outer`, runs only when `name` is defined.
    struct GuardTest(Id, Id, Sym);

    @input
    /// `function_defined(name)`: written in Puppet, built in, or in Ruby.
    struct FunctionDefined(Sym);

    @input
    /// `qualified_read(class, reference)`: `$class::x` read.
    struct QualifiedRead(Sym, Id);

    @input
    /// `known_class(class)`: a class the configuration says is defined
    /// where pfacts cannot see (`[known] classes`).
    struct KnownClass(Sym);

    @input
    /// `class_in_module(class, module)`: the module a class name's first
    /// segment names, where some file has that module's name.
    struct ClassInModule(Sym, Sym);

    @input
    /// `module_present(module)`: an analyzed file belongs to the module.
    struct ModulePresent(Sym);

    @input
    /// `unread_modulepath(entry)`: row `entry` of `modulepath_entry`, a
    /// directory whose modules pfacts does not read (missing, or outside
    /// the analyzed paths).
    struct UnreadModulepath(u32);

    // `name_defined(name)`: what `defined('name')` finds.
    struct NameDefined(Sym);

    // `dead(branch)`: a guarded branch Puppet never evaluates here.
    struct Dead(Id);

    @output
    /// `unknown_class(class, relation, site)`: at row `site` of `declares`
    /// or `relationship`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownClass(pub Sym, pub ClassSite, pub u32);

    // `unknown_class_name(class)`.
    struct UnknownClassName(Sym);

    // `module_of_class_present(class)`.
    struct ModuleOfClassPresent(Sym);

    @output
    /// `read_of_unknown_class(class, reference)`: `$class::x` read, where
    /// `class` is an unknown class: a consequence of it, not a finding of
    /// its own.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct ReadOfUnknownClass(pub Sym, pub Id);

    @output
    /// `read_of_known_class(class, reference)`: `$class::x` read, where
    /// `class` is known only from the configuration: its variables are not
    /// known, and not unknown either.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct ReadOfKnownClass(pub Sym, pub Id);

    @output
    /// `might_define(entry, class)`: an unknown class whose module no
    /// analyzed file belongs to, which the modules of an unread modulepath
    /// entry might define.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct MightDefine(pub u32, pub Sym);

    @output
    /// `unknown_resource_type(type, relation, site)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownResourceType(pub Sym, pub TypeSite, pub u32);

    @output
    /// `unknown_function(name, site)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownFunction(pub Sym, pub u32);

    // name_defined(N) :- class_defined(N).
    NameDefined(name) <- ClassDefined(name);
    // name_defined(N) :- type_defined(N).
    NameDefined(name) <- TypeDefined(name);
    // dead(B) :- guard_test(B, _, N), !name_defined(N).
    Dead(branch) <- GuardTest(branch, _, name), !NameDefined(name);
    // dead(B) :- guard_test(B, O, _), dead(O).
    Dead(branch) <- GuardTest(branch, outer, _), Dead(outer);

    // unknown_class(C, declares, S) :- class_used(C, S, G),
    //     !class_defined(C), !dead(G).
    UnknownClass(class, ClassSite::Declares, site) <-
        ClassUsed(class, site, guard), !ClassDefined(class), !Dead(guard);
    // unknown_class(C, relationship, S) :- class_related(C, S, G),
    //     !class_defined(C), !dead(G).
    UnknownClass(class, ClassSite::Relationship, site) <-
        ClassRelated(class, site, guard), !ClassDefined(class), !Dead(guard);
    // unknown_resource_type(T, R, S) :- resource_typed(T, R, S, G),
    //     R != reference, !type_defined(T), !dead(G).
    UnknownResourceType(name, relation, site) <-
        ResourceTyped(name, relation, site, guard),
        (relation != TypeSite::Reference),
        !TypeDefined(name),
        !Dead(guard);
    // unknown_resource_type(T, reference, S) :-
    //     resource_typed(T, reference, S, G), !type_defined(T),
    //     !alias_defined(T), !dead(G).
    UnknownResourceType(name, TypeSite::Reference, site) <-
        ResourceTyped(name, TypeSite::Reference, site, guard),
        !TypeDefined(name),
        !AliasDefined(name),
        !Dead(guard);
    // unknown_function(N, S) :- function_called(N, S, G),
    //     !function_defined(N), !dead(G).
    UnknownFunction(name, site) <-
        FunctionCalled(name, site, guard), !FunctionDefined(name), !Dead(guard);

    // unknown_class_name(C) :- unknown_class(C, _, _).
    UnknownClassName(class) <- UnknownClass(class, _, _);
    // read_of_unknown_class(C, R) :- qualified_read(C, R),
    //     unknown_class_name(C).
    ReadOfUnknownClass(class, reference) <-
        QualifiedRead(class, reference), UnknownClassName(class);
    // read_of_known_class(C, R) :- qualified_read(C, R), known_class(C).
    ReadOfKnownClass(class, reference) <- QualifiedRead(class, reference), KnownClass(class);

    // module_of_class_present(C) :- class_in_module(C, M), module_present(M).
    ModuleOfClassPresent(class) <- ClassInModule(class, module), ModulePresent(module);
    // might_define(E, C) :- unread_modulepath(E), unknown_class_name(C),
    //     !module_of_class_present(C).
    MightDefine(entry, class) <-
        UnreadModulepath(entry), UnknownClassName(class), !ModuleOfClassPresent(class);
}

/// The relation whose row names an unknown class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ClassSite {
    Declares,
    Relationship,
}

/// The relation whose row names an unknown resource type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TypeSite {
    /// `resource_expression`: `nosuch { 'x': }`.
    Declaration,
    /// `function_resources`: `create_resources('nosuch', ...)`.
    Function,
    /// `resource_ref` written `Nosuch['t']`.
    Reference,
}

named_columns! {
    UnknownClass { 0 class: Sym, 1 relation: ClassSite, 2 site: u32 }
    ReadOfUnknownClass { 0 class: Sym, 1 reference: Id }
    ReadOfKnownClass { 0 class: Sym, 1 reference: Id }
    MightDefine { 0 entry: u32, 1 class: Sym }
    UnknownResourceType { 0 type_name: Sym, 1 relation: TypeSite, 2 site: u32 }
    UnknownFunction { 0 name: Sym, 1 site: u32 }
}

/// What the program derives.
pub struct Output {
    pub classes: Vec<UnknownClass>,
    pub resource_types: Vec<UnknownResourceType>,
    pub functions: Vec<UnknownFunction>,
    pub reads_of_unknown_classes: Vec<ReadOfUnknownClass>,
    pub reads_of_known_classes: Vec<ReadOfKnownClass>,
    pub might_define: Vec<MightDefine>,
}

/// Whether `name` is a literal name (not the source text of an
/// expression).
fn is_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == '-')
}

/// Loads the facts and runs the program.
pub fn run(extraction: &Extraction) -> Output {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let class = interner.get("class");
    let mut runtime = Crepe::new();
    runtime.extend(
        facts
            .declares
            .iter()
            .enumerate()
            .map(|(site, row)| ClassUsed(row.class, site as u32, row.guard)),
    );
    let is_class = |type_name, title| Some(type_name) == class && is_name(interner.resolve(title));
    runtime.extend(
        facts
            .relationship
            .iter()
            .enumerate()
            .flat_map(|(site, row)| {
                [(row.from_type, row.from_title), (row.to_type, row.to_title)]
                    .into_iter()
                    .filter(|&(type_name, title)| is_class(type_name, title))
                    .map(move |(_, title)| ClassRelated(title, site as u32, row.guard))
            }),
    );
    runtime.extend(
        facts
            .guard
            .iter()
            .map(|row| GuardTest(row.branch, row.outer, row.name)),
    );
    runtime.extend(
        facts
            .definitions(DefinitionKind::Class)
            .map(|row| ClassDefined(row.name)),
    );
    let known_classes = facts
        .known
        .iter()
        .filter(|row| row.kind == KnownKind::Class)
        .map(|row| row.name);
    runtime.extend(known_classes.clone().map(ClassDefined));
    runtime.extend(known_classes.map(KnownClass));
    let typed = facts
        .resource_expression
        .iter()
        .map(|row| (TypeSite::Declaration, row.type_name, row.guard))
        .enumerate()
        .chain(
            facts
                .function_resources
                .iter()
                .map(|row| (TypeSite::Function, row.type_name, row.guard))
                .enumerate(),
        )
        .chain(
            facts
                .resource_ref
                .iter()
                .map(|row| (TypeSite::Reference, row.type_name, row.guard))
                .enumerate()
                .filter(|&(site, _)| facts.resource_ref[site].written == RefForm::Type),
        );
    runtime.extend(
        typed
            .filter(|&(_, (_, name, _))| Some(name) != class && is_name(interner.resolve(name)))
            .map(|(site, (relation, name, guard))| {
                ResourceTyped(name, relation, site as u32, guard)
            }),
    );
    runtime.extend(
        facts
            .definitions(DefinitionKind::Define)
            .map(|row| TypeDefined(row.name)),
    );
    runtime.extend(
        facts
            .known
            .iter()
            .filter(|row| row.kind == KnownKind::ResourceType)
            .map(|row| TypeDefined(row.name)),
    );
    // A name no reference wrote in lower case is not interned.
    runtime.extend(
        facts
            .definitions(DefinitionKind::TypeAlias)
            .filter_map(|row| interner.get(&lowercase(interner.resolve(row.name))))
            .map(AliasDefined),
    );
    // Calls of types (`Integer($x)`) create values: they are not functions.
    runtime.extend(
        facts
            .call
            .iter()
            .enumerate()
            .filter(|(_, row)| {
                interner
                    .resolve(row.name)
                    .starts_with(|c: char| c.is_ascii_lowercase())
            })
            .map(|(site, row)| FunctionCalled(row.name, site as u32, row.guard)),
    );
    runtime.extend(
        facts
            .known
            .iter()
            .filter(|row| row.kind == KnownKind::Function)
            .map(|row| FunctionDefined(row.name)),
    );
    let top = interner.get("::");
    runtime.extend(
        facts
            .var_ref
            .iter()
            .filter(|row| Some(row.namespace) != top && !interner.resolve(row.namespace).is_empty())
            .map(|row| QualifiedRead(row.namespace, row.reference)),
    );
    let related_classes = facts.relationship.iter().flat_map(|row| {
        [(row.from_type, row.from_title), (row.to_type, row.to_title)]
            .into_iter()
            .filter(|&(type_name, _)| Some(type_name) == class)
            .map(|(_, title)| title)
    });
    let used_classes = facts
        .declares
        .iter()
        .map(|row| row.class)
        .chain(related_classes);
    runtime.extend(used_classes.filter_map(|class| {
        let (module, _) = crate::facts::names::split_first(interner.resolve(class));
        Some(ClassInModule(class, interner.get(module)?))
    }));
    let empty = interner.get("");
    runtime.extend(
        facts
            .file
            .iter()
            .filter(|row| Some(row.module) != empty)
            .map(|row| ModulePresent(row.module)),
    );
    runtime.extend(
        facts
            .modulepath_entry
            .iter()
            .enumerate()
            .filter(|(_, row)| {
                matches!(
                    row.state,
                    ModulepathState::Missing | ModulepathState::Outside
                )
            })
            .map(|(index, _)| UnreadModulepath(index as u32)),
    );
    let (
        classes,
        reads_of_unknown_classes,
        reads_of_known_classes,
        might_define,
        resource_types,
        functions,
    ) = runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        classes: sorted(classes),
        resource_types: sorted(resource_types),
        functions: sorted(functions),
        reads_of_unknown_classes: sorted(reads_of_unknown_classes),
        reads_of_known_classes: sorted(reads_of_known_classes),
        might_define: sorted(might_define),
    }
}
