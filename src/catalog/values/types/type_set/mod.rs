//! Type sets: `type TS = TypeSet { pcore_version => '1.0.0', types => {
//! ... } }` declares the types `TS::Name` at once (Puppet's
//! `PTypeSetType`). The compiler resolves the members; a type set holds
//! what Puppet's text and comparisons of it need.

use std::cell::RefCell;
use std::rc::Rc;

use crate::catalog::values::display::quoted;
use crate::catalog::values::Type;

/// The name authority of the types an environment declares (Puppet's
/// `Pcore::RUNTIME_NAME_AUTHORITY`).
pub const RUNTIME_NAME_AUTHORITY: &str = "http://puppet.com/2016.1/runtime";

/// A declared type set.
#[derive(Debug)]
pub struct TypeSet {
    pub name: String,
    pub name_authority: String,
    pub pcore_version: String,
    pub version: Option<String>,
    /// Its members by the names they are declared with (`MyObject`), each
    /// once resolved.
    pub types: RefCell<Vec<(String, Type)>>,
    /// The other type sets it refers to, resolved before its members.
    pub references: Vec<Reference>,
}

/// A type set's reference to another (`references => { B => { name =>
/// 'Base', version_range => '1.x' } }`): inside the set, `B::Thing` is
/// `Base::Thing` (Puppet's `TypeSetReference`).
#[derive(Debug)]
pub struct Reference {
    /// The name the referring set gives it (`B`).
    pub alias: String,
    pub name: String,
    /// Given only when it is not the referring set's.
    pub name_authority: Option<String>,
    /// The range as written.
    pub version_range: String,
    pub set: Rc<TypeSet>,
}

/// Two type sets are the same when their name, authority and version are
/// (Puppet's `eql?`).
impl PartialEq for TypeSet {
    fn eq(&self, other: &TypeSet) -> bool {
        self.name == other.name
            && self.name_authority == other.name_authority
            && self.version == other.version
    }
}

impl TypeSet {
    /// Puppet's text of the type set: its initialization hash, its
    /// members by their short names and as what they are (an object type
    /// by its hash, an alias by its type).
    pub fn text(&self) -> String {
        let mut entries = vec![
            format!("pcore_version => {}", quoted(&self.pcore_version)),
            format!("name_authority => {}", quoted(&self.name_authority)),
            format!("name => {}", quoted(&self.name)),
        ];
        if let Some(version) = &self.version {
            entries.push(format!("version => {}", quoted(version)));
        }
        let types = self.types.borrow();
        if !types.is_empty() {
            let outer = SHOWN.with(|shown| shown.replace(self.shown_prefixes()));
            let members: Vec<String> = types
                .iter()
                .map(|(name, ty)| {
                    let member = match ty {
                        Type::Object(object) => object.expanded_text(),
                        other => other.resolved().to_string(),
                    };
                    format!("{name} => {member}")
                })
                .collect();
            SHOWN.with(|shown| shown.replace(outer));
            entries.push(format!("types => {{{}}}", members.join(", ")));
        }
        if !self.references.is_empty() {
            let references: Vec<String> = self
                .references
                .iter()
                .map(|reference| {
                    let mut fields = Vec::new();
                    if let Some(authority) = &reference.name_authority {
                        fields.push(format!("'name_authority' => {}", quoted(authority)));
                    }
                    fields.push(format!("'name' => {}", quoted(&reference.name)));
                    fields.push(format!(
                        "'version_range' => {}",
                        quoted(&reference.version_range)
                    ));
                    format!("{} => {{{}}}", reference.alias, fields.join(", "))
                })
                .collect();
            entries.push(format!("references => {{{}}}", references.join(", ")));
        }
        format!("TypeSet[{{{}}}]", entries.join(", "))
    }

    /// The type `name` stands for inside the set (Puppet's `TypeSet#[]`):
    /// a member by its short name, in any case, else `Alias::Rest` in the
    /// set a reference names (the set itself for `Alias` alone).
    pub fn member(&self, name: &str) -> Option<Type> {
        let types = self.types.borrow();
        if let Some((_, ty)) = types
            .iter()
            .find(|(member, _)| member.eq_ignore_ascii_case(name))
        {
            return Some(ty.clone());
        }
        let (first, rest) = match name.split_once("::") {
            Some((first, rest)) => (first, Some(rest)),
            None => (name, None),
        };
        let reference = self
            .references
            .iter()
            .find(|reference| reference.alias.eq_ignore_ascii_case(first))?;
        match rest {
            None => Some(Type::TypeSet(Some(Rc::clone(&reference.set)))),
            Some(rest) => reference.set.member(rest),
        }
    }

    /// How the types of this set and of the sets it refers to are named
    /// inside its text: each set's prefix (`Base::`) and what it is
    /// written as there (`B::`; nothing for its own members).
    fn shown_prefixes(&self) -> Vec<(String, String)> {
        let mut prefixes = vec![(format!("{}::", self.name), String::new())];
        for reference in &self.references {
            for (prefix, shown) in reference.set.shown_prefixes() {
                prefixes.push((prefix, format!("{}::{shown}", reference.alias)));
            }
        }
        prefixes
    }
}

thread_local! {
    /// The prefixes of the type set whose text is being written and of
    /// the sets it refers to, each with what it is written as there
    /// (`TS::` as nothing, `Base::` as `B::`): inside the text, members go
    /// by those names (Puppet's `name_for`). Empty outside such a text.
    static SHOWN: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// The name a type is written by: a member of the type set being written
/// by its short name, one of a set it refers to through the reference's
/// name, another type by its own.
pub fn shown_name(name: &str) -> String {
    SHOWN.with(|shown| {
        shown
            .borrow()
            .iter()
            .find_map(|(prefix, written)| {
                name.strip_prefix(prefix.as_str())
                    .map(|rest| format!("{written}{rest}"))
            })
            .unwrap_or_else(|| name.to_string())
    })
}

/// Whether `name` is that of a member of the type set being written,
/// whose text then leaves it out.
pub fn is_shown_member(name: &str) -> bool {
    SHOWN.with(|shown| {
        shown
            .borrow()
            .first()
            .is_some_and(|(prefix, _)| name.starts_with(prefix.as_str()))
    })
}
