//! Type sets the environment declares (`type TS = TypeSet { pcore_version
//! => '1.0.0', types => { ... } }`), as Puppet's `PTypeSetType` resolves
//! them: when the set is first referred to, each member becomes the type
//! `TS::Name`, and a member's body sees the set's other members by their
//! short names after Puppet's own types and the environment's.

use std::cell::RefCell;
use std::rc::Rc;

use super::*;
use crate::catalog::values::types::data_type::Alias;
use crate::catalog::values::types::object::ObjectType;
use crate::catalog::values::types::type_set::{TypeSet, RUNTIME_NAME_AUTHORITY};
use crate::catalog::values::Type;

/// A member of a type set, not yet resolved.
#[derive(Clone)]
pub(super) struct PendingMember<'e> {
    /// Its name as declared: `TS::MyObject`.
    name: String,
    /// The file of the set's declaration.
    file: usize,
    /// Its body: a hash (an object type), `Parent { ... }`, or a type.
    body: &'e ast::Expr,
}

/// The keys of a type set's initialization hash (Puppet's
/// `TYPE_TYPESET_I12N`).
const KEYS: [&str; 8] = [
    "pcore_uri",
    "pcore_version",
    "name_authority",
    "name",
    "version",
    "types",
    "references",
    "annotations",
];

/// Puppet's words for an initialization hash of the wrong shape.
fn wrong(detail: String) -> EvalError {
    error(
        format!("TypeSet initializer has wrong type, {detail}"),
        ast::Span::default(),
    )
}

impl<'e> Compiler<'e> {
    /// The type set `name` declares with `hash` (its `TypeSet[{...}]`
    /// body), its members resolved.
    pub(super) fn declare_type_set(
        &mut self,
        name: &str,
        hash: &'e ast::Expr,
        file: usize,
    ) -> Result<Type> {
        let ast::ExprKind::Hash(entries) = &hash.kind else {
            return Err(wrong("expects a Hash value".to_string()));
        };
        let mut values: Vec<(String, Value)> = Vec::new();
        let mut members: Vec<(String, &'e ast::Expr)> = Vec::new();
        for (key, value) in entries {
            let key = self.eval(key, TOP)?.to_text();
            if !KEYS.contains(&key.as_str()) {
                return Err(wrong(format!("unrecognized key '{key}'")));
            }
            match (&value.kind, key.as_str()) {
                // Members stay expressions until the set resolves them.
                (ast::ExprKind::Hash(declared), "types") => {
                    for (member, body) in declared {
                        let member = match &member.kind {
                            ast::ExprKind::TypeRef(member) => member.clone(),
                            _ => self.eval(member, TOP)?.to_text(),
                        };
                        members.push((member, body));
                    }
                }
                _ => values.push((key, self.eval(value, TOP)?)),
            }
        }
        let text = |key: &str| {
            values
                .iter()
                .find(|(given, _)| given == key)
                .map(|(_, value)| value.to_text())
        };
        if text("references").is_some() {
            return Err(error(
                "pfacts does not resolve the references of a type set to other type sets",
                ast::Span::default(),
            ));
        }
        let Some(pcore_version) = text("pcore_version") else {
            return Err(wrong("expects a value for key 'pcore_version'".to_string()));
        };
        if !pcore_version.starts_with("1.") {
            return Err(error(
                format!(
                    "The pcore version for TypeSet '{name}' is not understood by this runtime. \
                     Expected range 1.x, got {pcore_version}"
                ),
                ast::Span::default(),
            ));
        }
        if members.is_empty() && entries.iter().any(|(key, _)| is_types_key(key)) {
            return Err(wrong(
                "entry 'types' expects size to be at least 1, got 0".to_string(),
            ));
        }
        let set = Rc::new(TypeSet {
            name: name.to_string(),
            name_authority: text("name_authority")
                .unwrap_or_else(|| RUNTIME_NAME_AUTHORITY.to_string()),
            pcore_version,
            version: text("version"),
            types: RefCell::new(Vec::new()),
        });
        for (member, body) in &members {
            let full_name = format!("{name}::{member}");
            let key = full_name.to_lowercase();
            let pending = PendingMember {
                name: full_name,
                file,
                body,
            };
            self.type_set_members.insert(key, pending);
        }
        // Puppet resolves every member when it resolves the set.
        for (member, _) in members {
            let ty = self.type_named(&format!("{name}::{member}"))?;
            set.types.borrow_mut().push((member, ty));
        }
        Ok(Type::TypeSet(Some(set)))
    }

    /// The member of a type set named `full_name` (`TS::MyObject`),
    /// resolved on first use; `None` when no set declares it.
    pub(super) fn type_set_member(&mut self, full_name: &str) -> Option<Result<Type>> {
        let key = full_name.to_lowercase();
        let pending = self.type_set_members.remove(&key)?;
        let full_name = pending.name.as_str();
        // The member exists before its body is evaluated: members may
        // refer to each other and to themselves.
        let alias = Alias::new(full_name.to_string());
        self.alias_types.insert(key, Rc::clone(&alias));
        let set_name = full_name
            .rsplit_once("::")
            .map_or(full_name, |(set, _)| set);
        self.type_set_scopes.push(set_name.to_string());
        let saved = self.file.replace(pending.file);
        let body = self.member_type(full_name, pending.body);
        self.file = saved;
        self.type_set_scopes.pop();
        Some(body.and_then(|ty| {
            alias.resolve(ty);
            super::types::resolvable(alias)
        }))
    }

    /// A short name seen from inside a type set being resolved: one of
    /// its members (`MyObject` for `TS::MyObject`).
    pub(super) fn type_set_sibling(&mut self, name: &str) -> Option<Result<Type>> {
        let set = self.type_set_scopes.last()?.clone();
        let full_name = format!("{set}::{name}");
        let key = full_name.to_lowercase();
        if let Some(alias) = self.alias_types.get(&key) {
            return Some(super::types::resolvable(Rc::clone(alias)));
        }
        self.type_set_member(&full_name)
    }

    /// A member's type: an object type for a hash or `Parent { ... }`
    /// (Puppet's `resolve_literal_hash`), else the type its body is.
    fn member_type(&mut self, full_name: &str, body: &'e ast::Expr) -> Result<Type> {
        let entries = match &body.kind {
            ast::ExprKind::ResourceDefaults(parent, attributes) => {
                let mut entries = Vec::with_capacity(attributes.len() + 1);
                if !parent.eq_ignore_ascii_case("Object") && !parent.eq_ignore_ascii_case("TypeSet")
                {
                    let parent = self.type_named(parent)?;
                    entries.push((Value::string("parent"), Value::of_type(parent)));
                }
                for attribute in attributes {
                    let value = self.eval(&attribute.value, TOP)?;
                    entries.push((Value::string(&attribute.name), value));
                }
                Some(entries)
            }
            ast::ExprKind::Hash(_) => match self.eval(body, TOP)? {
                Value::Hash(entries) => Some(entries),
                _ => None,
            },
            _ => match super::types::object_definition(body) {
                Some(hash) => match self.eval(hash, TOP)? {
                    Value::Hash(entries) => Some(entries),
                    _ => None,
                },
                None => None,
            },
        };
        if let Some(entries) = entries {
            let object = ObjectType::from_init_hash(Some(full_name.to_string()), &entries)
                .map_err(|message| error(message, ast::Span::default()))?;
            return Ok(Type::Object(Rc::new(object)));
        }
        match self.eval(body, TOP)? {
            Value::Type(ty) => Ok(*ty),
            other => Err(error(
                format!(
                    "The expression <{}> is not a valid type specification.",
                    other.to_text()
                ),
                ast::Span::default(),
            )),
        }
    }
}

fn is_types_key(key: &ast::Expr) -> bool {
    matches!(&key.kind, ast::ExprKind::Name(name) | ast::ExprKind::Str(name) if name == "types")
}
