//! Hiera data that binds nothing. Puppet's automatic parameter lookup asks
//! Hiera for each class parameter by its name, `class::parameter`, and a
//! module's data answers only for keys of its own namespace; a key that
//! no lookup asks for is silently kept and never used:
//! - `unbound_key`: named for a class that is defined but has no such
//!   parameter;
//! - `unknown_class_key`: named for a class no manifest defines, in a
//!   module that is there (a module not in the tree may be installed
//!   elsewhere: no finding);
//! - `foreign_module_key`: in a module's data (a module with a
//!   `hiera.yaml`), outside the module's namespace.
//!
//! And data that no lookup can read: `lookup_cycle`, a key whose value
//! interpolates (`alias`, `lookup`, `hiera`) a key that leads back to it in
//! the same file, which Puppet refuses ("Recursive lookup detected").
//!
//! A key some code looks up by name (`lookup('x')`, `hiera('x')`, or data's
//! `%{lookup('x')}` and `%{alias('x')}`) is used, whatever its name; a key
//! that a manifest writes as a string (`$key = 'app::vault::token'`, then
//! `lookup($key)`) may be: neither is a finding.

use crepe::crepe;
use rustc_hash::{FxBuildHasher, FxHashSet};

use super::{named_columns, sorted};
use crate::facts::layout::Role;
use crate::facts::names;
use crate::facts::schema::{DefinitionKind, FileId, Sym};
use crate::facts::Extraction;

/// A row of `hiera_key`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HieraKeyRow(pub u32);

/// A row of `param_decl`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ParamRow(pub u32);

/// A row of `hiera_reference`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReferenceRow(pub u32);

crepe! {
    @input
    /// `parameter_key(row, key, class, parameter)`: a data key named as a
    /// class parameter, `class::parameter`, whose class name some code
    /// writes.
    struct ParameterKey(HieraKeyRow, Sym, Sym, Sym);

    @input
    /// `classless_key(row, key)`: a data key named as a class parameter
    /// whose class name no code writes (so no class has it).
    struct ClasslessKey(HieraKeyRow, Sym);

    @input
    /// `key_module(row, module)`: the module a `class::parameter` key
    /// names, its first segment.
    struct KeyModule(HieraKeyRow, Sym);

    @input
    /// `key_namespace(row, namespace)`: a key's first segment (the key
    /// itself when it has no `::`).
    struct KeyNamespace(HieraKeyRow, Sym);

    @input
    /// `module_data_key(row, module)`: a key of a data file of a module.
    struct ModuleDataKey(HieraKeyRow, Sym);

    @input
    /// `module(name)`: a module with files in the tree.
    struct Module(Sym);

    @input
    /// `module_with_hiera(name)`: a module with a `hiera.yaml`, whose data
    /// Puppet reads.
    struct ModuleWithHiera(Sym);

    @input
    /// `class(name)`: a class some manifest defines.
    struct Class(Sym);

    @input
    /// `class_parameter_row(class, parameter, row)`: a class's parameter
    /// and its declaration.
    struct ClassParameterRow(Sym, Sym, ParamRow);

    struct ClassParameter(Sym, Sym);

    @input
    /// `looked_up(key)`: a key some code looks up by name (`lookup_key`).
    struct LookedUp(Sym);

    @input
    /// `named_in_code(key)`: a literal string of a manifest that writes
    /// the key (`key_literal`), which code may look up through a variable.
    struct NamedInCode(Sym);

    struct OwnNamespace(HieraKeyRow);

    @input
    /// `data_reference(row, key, referenced, file)`: `hiera_reference`.
    struct DataReference(ReferenceRow, Sym, Sym, FileId);

    struct Reaches(Sym, Sym, FileId);

    @output
    /// `lookup_cycle(row)`: a reference that leads back to its key.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct LookupCycle(pub ReferenceRow);

    @output
    /// `unbound_key(row)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnboundKey(pub HieraKeyRow);

    @output
    /// `unknown_class_key(row)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct UnknownClassKey(pub HieraKeyRow);

    @output
    /// `bound_parameter(row, parameter)`: the class parameter a key binds.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct BoundParameter(pub HieraKeyRow, pub ParamRow);

    @output
    /// `foreign_module_key(row, module)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct ForeignModuleKey(pub HieraKeyRow, pub Sym);

    // class_parameter(C, P) :- class_parameter_row(C, P, _).
    ClassParameter(class, parameter) <- ClassParameterRow(class, parameter, _);

    // bound_parameter(R, D) :- parameter_key(R, _, C, P),
    //     class_parameter_row(C, P, D).
    BoundParameter(row, declaration) <-
        ParameterKey(row, _, class, parameter),
        ClassParameterRow(class, parameter, declaration);

    // unbound_key(R) :- parameter_key(R, K, C, P), class(C),
    //     !class_parameter(C, P), !looked_up(K), !named_in_code(K).
    UnboundKey(row) <-
        ParameterKey(row, key, class, parameter),
        Class(class),
        !ClassParameter(class, parameter),
        !LookedUp(key),
        !NamedInCode(key);

    // unknown_class_key(R) :- parameter_key(R, K, C, _), !class(C),
    //     key_module(R, M), module(M), !looked_up(K), !named_in_code(K).
    UnknownClassKey(row) <-
        ParameterKey(row, key, class, _),
        !Class(class),
        KeyModule(row, module),
        Module(module),
        !LookedUp(key),
        !NamedInCode(key);

    // unknown_class_key(R) :- classless_key(R, K), key_module(R, M),
    //     module(M), !looked_up(K), !named_in_code(K).
    UnknownClassKey(row) <-
        ClasslessKey(row, key),
        KeyModule(row, module),
        Module(module),
        !LookedUp(key),
        !NamedInCode(key);

    // reaches(A, B, F) :- data_reference(_, A, B, F).
    Reaches(key, referenced, file) <- DataReference(_, key, referenced, file);

    // reaches(A, C, F) :- reaches(A, B, F), data_reference(_, B, C, F).
    Reaches(key, further, file) <-
        Reaches(key, referenced, file),
        DataReference(_, referenced, further, file);

    // lookup_cycle(R) :- data_reference(R, A, B, F), reaches(B, A, F).
    LookupCycle(row) <-
        DataReference(row, key, referenced, file),
        Reaches(referenced, key, file);

    // own_namespace(R) :- module_data_key(R, M), key_namespace(R, M).
    OwnNamespace(row) <-
        ModuleDataKey(row, module),
        KeyNamespace(row, module);

    // foreign_module_key(R, M) :- module_data_key(R, M),
    //     module_with_hiera(M), !own_namespace(R).
    ForeignModuleKey(row, module) <-
        ModuleDataKey(row, module),
        ModuleWithHiera(module),
        !OwnNamespace(row);
}

named_columns! {
    UnboundKey { 0 key: HieraKeyRow }
    UnknownClassKey { 0 key: HieraKeyRow }
    BoundParameter { 0 key: HieraKeyRow, 1 parameter: ParamRow }
    ForeignModuleKey { 0 key: HieraKeyRow, 1 module: Sym }
    LookupCycle { 0 reference: ReferenceRow }
}

/// The program's outputs.
#[derive(Debug, Default)]
pub struct HieraKeys {
    pub unbound: Vec<UnboundKey>,
    pub unknown_class: Vec<UnknownClassKey>,
    pub bound: Vec<BoundParameter>,
    pub foreign_module: Vec<ForeignModuleKey>,
    pub cycles: Vec<LookupCycle>,
}

/// The key whose options the data sets: no parameter's.
const LOOKUP_OPTIONS: &str = "lookup_options";

pub fn run(extraction: &Extraction) -> HieraKeys {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    // Every output is about a key or a data reference.
    if facts.hiera_key.is_empty() && facts.hiera_reference.is_empty() {
        return HieraKeys::default();
    }
    let mut runtime = Crepe::new();
    // Every rule starts from a key: of the classes, parameters, modules
    // and names the code has (many more than a project has keys), only
    // those a key names are loaded.
    let mut keys: FxHashSet<Sym> = FxHashSet::default();
    let mut key_classes: FxHashSet<Sym> = FxHashSet::default();
    let mut key_modules: FxHashSet<Sym> = FxHashSet::default();
    let module_of = |file: crate::facts::schema::FileId| &facts.file[file.0 as usize - 1];
    for (index, row) in facts.hiera_key.iter().enumerate() {
        let key = names::absolute(interner.resolve(row.key));
        if key == LOOKUP_OPTIONS {
            continue;
        }
        let row_id = HieraKeyRow(index as u32);
        let namespace = key.split("::").next().unwrap_or(key);
        runtime.extend(
            interner
                .get(namespace)
                .map(|namespace| KeyNamespace(row_id, namespace)),
        );
        let file = module_of(row.file);
        if !interner.resolve(file.module).is_empty() {
            runtime.extend([ModuleDataKey(row_id, file.module)]);
        }
        let Some(at) = names::last_separator(key).filter(|&at| at > 0) else {
            continue;
        };
        if let Some(module) = interner.get(namespace) {
            key_modules.insert(module);
            runtime.extend([KeyModule(row_id, module)]);
        }
        keys.insert(row.key);
        // A parameter name no code writes (as the empty name) is no
        // parameter of the class.
        let parameter = interner.get(&key[at + 2..]).or_else(|| interner.get(""));
        match (interner.get(&key[..at]), parameter) {
            (Some(class), Some(parameter)) => {
                key_classes.insert(class);
                runtime.extend([ParameterKey(row_id, row.key, class, parameter)])
            }
            (None, _) => runtime.extend([ClasslessKey(row_id, row.key)]),
            (Some(_), None) => {}
        }
    }
    for file in &facts.file {
        if interner.resolve(file.module).is_empty() {
            continue;
        }
        if key_modules.contains(&file.module) {
            runtime.extend([Module(file.module)]);
        }
        if file.role == Role::HieraConfig {
            runtime.extend([ModuleWithHiera(file.module)]);
        }
    }
    let scopes: rustc_hash::FxHashMap<_, Sym> = facts
        .definitions(DefinitionKind::Class)
        .filter(|row| key_classes.contains(&row.name))
        .map(|row| (row.scope, row.name))
        .collect();
    runtime.extend(scopes.values().map(|&class| Class(class)));
    runtime.extend(
        facts
            .param_decl
            .iter()
            .enumerate()
            .filter_map(|(index, row)| {
                scopes
                    .get(&row.scope)
                    .map(|&class| ClassParameterRow(class, row.name, ParamRow(index as u32)))
            }),
    );
    runtime.extend(
        facts
            .lookup_key
            .iter()
            .filter(|row| keys.contains(&row.key))
            .map(|row| LookedUp(row.key)),
    );
    runtime.extend(
        facts
            .key_literal
            .iter()
            .filter(|row| keys.contains(&row.key))
            .map(|row| NamedInCode(row.key)),
    );
    runtime.extend(
        facts
            .hiera_reference
            .iter()
            .enumerate()
            .map(|(index, row)| {
                DataReference(
                    ReferenceRow(index as u32),
                    row.key,
                    row.referenced,
                    row.file,
                )
            }),
    );
    let (cycles, unbound, unknown_class, bound, foreign_module) =
        runtime.run_with_hasher::<FxBuildHasher>();
    HieraKeys {
        unbound: sorted(unbound),
        unknown_class: sorted(unknown_class),
        bound: sorted(bound),
        foreign_module: sorted(foreign_module),
        cycles: sorted(cycles),
    }
}
