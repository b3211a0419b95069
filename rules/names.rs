//! Names used and defined nowhere: classes, resource types and functions
//! that neither a manifest, nor Puppet, nor a module's Ruby code defines;
//! what an unknown class entails (the reads of its variables), and which
//! modulepath entries pfacts cannot read might define it.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::sorted;
use crate::facts::schema::{Id, ModulepathState, Sym};
use crate::facts::Extraction;

crepe! {
    @input
    /// `class_used(class, site)`: a class declared (`include`, `require`,
    /// `contain`, `class { 'x': }`) at row `site` of `declares`.
    struct ClassUsed(Sym, u32);

    @input
    /// `class_referenced(class, site)`: `Class['x']` at row `site` of
    /// `resource_ref`.
    struct ClassReferenced(Sym, u32);

    @input
    /// `class_defined(class)`.
    struct ClassDefined(Sym);

    @input
    /// `resource_typed(type, site)`: a resource expression of a literal
    /// type at row `site` of `resource_expression`.
    struct ResourceTyped(Sym, u32);

    @input
    /// `type_defined(type)`: a define, a built-in or a Ruby resource type.
    struct TypeDefined(Sym);

    @input
    /// `function_called(name, site)`: a call at row `site` of `call`.
    struct FunctionCalled(Sym, u32);

    @input
    /// `function_defined(name)`: written in Puppet, built in, or in Ruby.
    struct FunctionDefined(Sym);

    @input
    /// `qualified_read(class, reference)`: `$class::x` read.
    struct QualifiedRead(Sym, Id);

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

    @output
    /// `unknown_class(class, relation, site)`; relation 0: declares, 1:
    /// resource_ref.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownClass(pub Sym, pub u8, pub u32);

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
    /// `might_define(entry, class)`: an unknown class whose module no
    /// analyzed file belongs to, which the modules of an unread modulepath
    /// entry might define.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct MightDefine(pub u32, pub Sym);

    @output
    /// `unknown_resource_type(type, site)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownResourceType(pub Sym, pub u32);

    @output
    /// `unknown_function(name, site)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownFunction(pub Sym, pub u32);

    // unknown_class(C, 0, S) :- class_used(C, S), !class_defined(C).
    UnknownClass(class, 0, site) <- ClassUsed(class, site), !ClassDefined(class);
    // unknown_class(C, 1, S) :- class_referenced(C, S), !class_defined(C).
    UnknownClass(class, 1, site) <- ClassReferenced(class, site), !ClassDefined(class);
    // unknown_resource_type(T, S) :- resource_typed(T, S), !type_defined(T).
    UnknownResourceType(name, site) <- ResourceTyped(name, site), !TypeDefined(name);
    // unknown_function(N, S) :- function_called(N, S), !function_defined(N).
    UnknownFunction(name, site) <- FunctionCalled(name, site), !FunctionDefined(name);

    // unknown_class_name(C) :- unknown_class(C, _, _).
    UnknownClassName(class) <- UnknownClass(class, _, _);
    // read_of_unknown_class(C, R) :- qualified_read(C, R),
    //     unknown_class_name(C).
    ReadOfUnknownClass(class, reference) <-
        QualifiedRead(class, reference), UnknownClassName(class);

    // module_of_class_present(C) :- class_in_module(C, M), module_present(M).
    ModuleOfClassPresent(class) <- ClassInModule(class, module), ModulePresent(module);
    // might_define(E, C) :- unread_modulepath(E), unknown_class_name(C),
    //     !module_of_class_present(C).
    MightDefine(entry, class) <-
        UnreadModulepath(entry), UnknownClassName(class), !ModuleOfClassPresent(class);
}

/// What the program derives.
pub struct Output {
    pub classes: Vec<UnknownClass>,
    pub resource_types: Vec<UnknownResourceType>,
    pub functions: Vec<UnknownFunction>,
    pub reads_of_unknown_classes: Vec<ReadOfUnknownClass>,
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
    let resource_type = interner.get("resource_type");
    let function = interner.get("function");
    let mut runtime = Crepe::new();
    runtime.extend(
        facts
            .declares
            .iter()
            .enumerate()
            .map(|(site, row)| ClassUsed(row.class, site as u32)),
    );
    runtime.extend(
        facts
            .resource_ref
            .iter()
            .enumerate()
            .filter(|(_, row)| Some(row.type_name) == class && is_name(interner.resolve(row.title)))
            .map(|(site, row)| ClassReferenced(row.title, site as u32)),
    );
    runtime.extend(facts.class_decl.iter().map(|row| ClassDefined(row.class)));
    runtime.extend(
        facts
            .resource_expression
            .iter()
            .enumerate()
            .filter(|(_, row)| {
                Some(row.type_name) != class && is_name(interner.resolve(row.type_name))
            })
            .map(|(site, row)| ResourceTyped(row.type_name, site as u32)),
    );
    runtime.extend(facts.define_decl.iter().map(|row| TypeDefined(row.define)));
    runtime.extend(
        facts
            .known
            .iter()
            .filter(|row| Some(row.kind) == resource_type)
            .map(|row| TypeDefined(row.name)),
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
            .map(|(site, row)| FunctionCalled(row.name, site as u32)),
    );
    runtime.extend(
        facts
            .known
            .iter()
            .filter(|row| Some(row.kind) == function)
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
    let used_classes = facts.declares.iter().map(|row| row.class).chain(
        facts
            .resource_ref
            .iter()
            .filter(|row| Some(row.type_name) == class)
            .map(|row| row.title),
    );
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
    let (classes, reads_of_unknown_classes, might_define, resource_types, functions) =
        runtime.run_with_hasher::<FxBuildHasher>();
    Output {
        classes: sorted(classes),
        resource_types: sorted(resource_types),
        functions: sorted(functions),
        reads_of_unknown_classes: sorted(reads_of_unknown_classes),
        might_define: sorted(might_define),
    }
}
