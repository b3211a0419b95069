//! Type sets: `type TS = TypeSet { pcore_version => '1.0.0', types => {
//! ... } }` declares the types `TS::Name` at once (Puppet's
//! `PTypeSetType`). The compiler resolves the members; a type set holds
//! what Puppet's text and comparisons of it need.

use std::cell::RefCell;

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
            let outer = SHOWN.with(|shown| shown.replace(Some(format!("{}::", self.name))));
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
        format!("TypeSet[{{{}}}]", entries.join(", "))
    }
}

thread_local! {
    /// The prefix of the members of the type set whose text is being
    /// written (`TS::`): inside it they go by their short names (Puppet's
    /// `name_for`).
    static SHOWN: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The name a type is written by: a member of the type set being written
/// by its short name, another type by its own.
pub fn shown_name(name: &str) -> String {
    SHOWN.with(|shown| match &*shown.borrow() {
        Some(prefix) => name
            .strip_prefix(prefix.as_str())
            .unwrap_or(name)
            .to_string(),
        None => name.to_string(),
    })
}

/// Whether `name` is that of a member of the type set being written,
/// whose text then leaves it out.
pub fn is_shown_member(name: &str) -> bool {
    SHOWN.with(|shown| {
        shown
            .borrow()
            .as_ref()
            .is_some_and(|prefix| name.starts_with(prefix.as_str()))
    })
}
