//! Resources that the code requires by name and that no code declares.
//! A relationship (`->`, `before => File['/x']`) or `realize` naming a
//! resource that is not in the catalog fails Puppet's compilation ("Could
//! not find resource 'File[/x]' for relationship ...", "Failed to realize
//! virtual resources"). Without a node only what holds for every node is
//! known: a resource named with a literal type and title that no
//! declaration of the code base can produce.
//!
//! Any declaration of the type that may produce other names keeps the
//! type open, and then nothing is a finding for it: a title computed by
//! the code, an `alias` or a namevar set (`file { 'motd': path =>
//! '/etc/motd' }` is `File['/etc/motd']` too), a function that declares
//! resources of the type (`ensure_packages`, `create_resources`); one whose
//! type is computed keeps every type open.

use crepe::crepe;
use rustc_hash::FxBuildHasher;

use super::{named_columns, sorted};
use crate::facts::schema::Sym;
use crate::facts::Extraction;

/// A row of `required_resource`, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RequiredRow(pub u32);

crepe! {
    @input
    /// `required(row, type, title)`: `required_resource`, titles of files
    /// without their trailing slashes (Puppet's title pattern for files).
    struct Required(RequiredRow, Sym, Sym);

    @input
    /// `declared(type, title)`: a resource of `resource` with a literal
    /// title, or one Puppet builds in (`Stage[main]`).
    struct Declared(Sym, Sym);

    @input
    /// `opens_type(type)`: a declaration that may give resources of the
    /// type another name: a computed title, an `alias` or namevar
    /// attribute, a function that declares resources of it; the empty
    /// type when it computes its type.
    struct OpensType(Sym);

    @input
    /// `every_type(type)`: the empty type, which stands for all of them.
    struct EveryType(Sym);

    struct OpenType(Sym);

    @output
    /// `declared_nowhere(row)`.
    #[derive(Debug, PartialOrd, Ord)]
    pub struct DeclaredNowhere(pub RequiredRow);

    // open_type(T) :- opens_type(T).
    OpenType(type_name) <- OpensType(type_name);

    // open_type(T) :- required(_, T, _), every_type(A), opens_type(A).
    OpenType(type_name) <-
        Required(_, type_name, _),
        EveryType(any),
        OpensType(any);

    // declared_nowhere(R) :- required(R, T, N), !declared(T, N),
    //     !open_type(T).
    DeclaredNowhere(row) <-
        Required(row, type_name, title),
        !Declared(type_name, title),
        !OpenType(type_name);
}

named_columns! {
    DeclaredNowhere { 0 required: RequiredRow }
}

/// Attributes that name a resource besides its title, for every type.
const NAMING_ATTRIBUTES: &[&str] = &["alias", "name"];

pub fn run(extraction: &Extraction) -> Vec<DeclaredNowhere> {
    let facts = &extraction.facts;
    let interner = &extraction.interner;
    let file_type = interner.get("file");
    // A file's title without trailing slashes, when the code writes that
    // form somewhere (otherwise no declaration has it either).
    let title_key = |type_name: Sym, title: Sym| {
        if Some(type_name) != file_type {
            return title;
        }
        let text = interner.resolve(title);
        let trimmed = text.trim_end_matches('/');
        match trimmed.is_empty() || trimmed.len() == text.len() {
            true => title,
            false => interner.get(trimmed).unwrap_or(title),
        }
    };
    let mut runtime = Crepe::new();
    runtime.extend(
        facts
            .required_resource
            .iter()
            .enumerate()
            .map(|(index, row)| {
                Required(
                    RequiredRow(index as u32),
                    row.type_name,
                    title_key(row.type_name, row.title),
                )
            }),
    );
    let mut open = Vec::new();
    for row in &facts.resource {
        if row.title_literal {
            runtime.extend([Declared(row.type_name, title_key(row.type_name, row.title))]);
        } else {
            open.push(OpensType(row.type_name));
        }
    }
    if let (Some(stage), Some(main)) = (interner.get("stage"), interner.get("main")) {
        runtime.extend([Declared(stage, main)]);
    }
    let type_of: rustc_hash::FxHashMap<_, Sym> = facts
        .resource
        .iter()
        .map(|row| (row.res, row.type_name))
        .collect();
    for row in &facts.resource_attr {
        let Some(&type_name) = type_of.get(&row.res) else {
            continue;
        };
        let attribute = interner.resolve(row.attr);
        let namevar = crate::facts::builtins::naming(interner.resolve(type_name))
            .is_some_and(|naming| naming.namevar == attribute);
        if namevar || NAMING_ATTRIBUTES.contains(&attribute) {
            open.push(OpensType(type_name));
        }
    }
    open.extend(
        facts
            .function_resources
            .iter()
            .map(|row| OpensType(row.type_name)),
    );
    runtime.extend(open);
    runtime.extend(interner.get("").map(EveryType));
    let (declared_nowhere,) = runtime.run_with_hasher::<FxBuildHasher>();
    sorted(declared_nowhere)
}
