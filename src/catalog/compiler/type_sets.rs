//! Type sets the environment declares (`type TS = TypeSet { pcore_version
//! => '1.0.0', types => { ... } }`), as Puppet's `PTypeSetType` resolves
//! them: when the set is first referred to, each member becomes the type
//! `TS::Name`, and a member's body sees the set's other members by their
//! short names after Puppet's own types and the environment's.

use std::cell::RefCell;
use std::rc::Rc;

use super::*;
use crate::catalog::values::types::data_type::{
    describe_mismatch, Alias, IntRange, StringType, StructMember,
};
use crate::catalog::values::types::object::ObjectType;
use crate::catalog::values::types::semver::range::VersionRange;
use crate::catalog::values::types::semver::Version;
use crate::catalog::values::types::type_set::{Reference, TypeSet, RUNTIME_NAME_AUTHORITY};
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
    /// The set, whose other members and references its body sees.
    set: Rc<TypeSet>,
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
        let mut types_given = false;
        for (key, value) in entries {
            let key = self.eval(key, TOP)?.to_text();
            if !KEYS.contains(&key.as_str()) {
                return Err(wrong(format!("unrecognized key '{key}'")));
            }
            match (&value.kind, key.as_str()) {
                // Members stay expressions until the set resolves them.
                (ast::ExprKind::Hash(declared), "types") => {
                    types_given = true;
                    for (member, body) in declared {
                        let member = match &member.kind {
                            ast::ExprKind::TypeRef(member) => member.clone(),
                            _ => self.eval(member, TOP)?.to_text(),
                        };
                        members.push((member, body));
                    }
                }
                // Puppet takes the aliases as names, not as type references.
                (ast::ExprKind::Hash(declared), "references") => {
                    let mut references = Vec::with_capacity(declared.len());
                    for (alias, fields) in declared {
                        let alias = match &alias.kind {
                            ast::ExprKind::TypeRef(alias) => Value::string(alias),
                            _ => self.eval(alias, TOP)?,
                        };
                        references.push((alias, self.eval(fields, TOP)?));
                    }
                    values.push((key, Value::Hash(references)));
                }
                _ => values.push((key, self.eval(value, TOP)?)),
            }
        }
        let given = |key: &str| {
            values
                .iter()
                .find(|(given, _)| given == key)
                .map(|(_, value)| value)
        };
        let text = |key: &str| given(key).map(Value::to_text);
        let Some(pcore_version) = text("pcore_version") else {
            return Err(wrong("expects a value for key 'pcore_version'".to_string()));
        };
        if types_given && members.is_empty() {
            return Err(wrong(
                "entry 'types' expects size to be at least 1, got 0".to_string(),
            ));
        }
        if let Some(mismatch) = given("references").and_then(reference_mismatch) {
            return Err(wrong(format!("entry 'references' {mismatch}")));
        }
        if !pcore_version.starts_with("1.") {
            return Err(error(
                format!(
                    "The pcore version for TypeSet '{name}' is not understood by this runtime. \
                     Expected range 1.x, got {pcore_version}"
                ),
                ast::Span::default(),
            ));
        }
        let name_authority =
            text("name_authority").unwrap_or_else(|| RUNTIME_NAME_AUTHORITY.to_string());
        let references = match given("references") {
            Some(Value::Hash(declared)) => {
                let declared = declared.clone();
                self.type_set_references(name, &name_authority, &declared, &members)?
            }
            _ => Vec::new(),
        };
        let set = Rc::new(TypeSet {
            name: name.to_string(),
            name_authority,
            pcore_version,
            version: text("version"),
            types: RefCell::new(Vec::new()),
            references,
        });
        for (member, body) in &members {
            let full_name = format!("{name}::{member}");
            let key = full_name.to_lowercase();
            let pending = PendingMember {
                name: full_name,
                file,
                body,
                set: Rc::clone(&set),
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
        self.type_set_scopes.push(Rc::clone(&pending.set));
        let saved = self.file.replace(pending.file);
        let body = self.member_type(full_name, pending.body);
        self.file = saved;
        self.type_set_scopes.pop();
        Some(body.and_then(|ty| {
            alias.resolve(ty);
            super::types::resolvable(alias)
        }))
    }

    /// A name seen from inside a type set being resolved: one of its
    /// members (`MyObject` for `TS::MyObject`), else a type of a set it
    /// refers to (`B::Thing`, Puppet's `TypeSet#[]`).
    pub(super) fn type_set_sibling(&mut self, name: &str) -> Option<Result<Type>> {
        let set = Rc::clone(self.type_set_scopes.last()?);
        let full_name = format!("{}::{name}", set.name);
        let key = full_name.to_lowercase();
        if let Some(alias) = self.alias_types.get(&key) {
            return Some(super::types::resolvable(Rc::clone(alias)));
        }
        if let Some(member) = self.type_set_member(&full_name) {
            return Some(member);
        }
        set.member(name).map(Ok)
    }

    /// The type sets a set refers to, each resolved and its version
    /// checked, as Puppet's `TypeSetReference#resolve` does; `members`
    /// are the set's own, whose names no reference may take.
    fn type_set_references(
        &mut self,
        set_name: &str,
        name_authority: &str,
        declared: &[(Value, Value)],
        members: &[(String, &'e ast::Expr)],
    ) -> Result<Vec<Reference>> {
        let label = format!("TypeSet '{set_name}'");
        let mut references = Vec::with_capacity(declared.len());
        for (alias, fields) in declared {
            let alias = alias.to_text();
            let field = |key: &str| match fields {
                Value::Hash(fields) => fields
                    .iter()
                    .find(|(given, _)| given.to_text() == key)
                    .map(|(_, value)| value.to_text()),
                _ => None,
            };
            let (Some(name), Some(version_range)) = (field("name"), field("version_range")) else {
                continue;
            };
            let authority = field("name_authority");
            let full_name = format!("{}/{name}", authority.as_deref().unwrap_or(name_authority));
            // Ruby's `VersionRange#&` is never nil: any second reference
            // to the same set is one "using overlapping version ranges".
            if references.iter().any(|earlier: &Reference| {
                format!(
                    "{}/{}",
                    earlier.name_authority.as_deref().unwrap_or(name_authority),
                    earlier.name
                ) == full_name
            }) {
                return Err(error(
                    format!(
                        "{label} references TypeSet '{full_name}' more than once using overlapping version ranges"
                    ),
                    ast::Span::default(),
                ));
            }
            if members.iter().any(|(member, _)| *member == alias) {
                return Err(error(
                    format!(
                        "{label} references a TypeSet using alias '{alias}'. The alias collides with the name of a declared type"
                    ),
                    ast::Span::default(),
                ));
            }
            let range = VersionRange::parse(&version_range)
                .map_err(|message| error(message, ast::Span::default()))?;
            let reference = format!("{label} reference to TypeSet named '{name}'");
            let cannot = || {
                error(
                    format!("{reference} cannot be resolved"),
                    ast::Span::default(),
                )
            };
            // Only the environment's own types are there to be found.
            if authority
                .as_deref()
                .is_some_and(|given| given != name_authority)
            {
                return Err(cannot());
            }
            let set = match self.type_named(&name)? {
                Type::TypeSet(Some(set)) => set,
                Type::Resource(..) => return Err(cannot()),
                Type::Alias(alias) => {
                    return Err(error(
                        format!("{reference} resolves to a {}", alias.name),
                        ast::Span::default(),
                    ))
                }
                other => {
                    return Err(error(
                        format!("{reference} resolves to a {other}"),
                        ast::Span::default(),
                    ))
                }
            };
            let Some(version) = &set.version else {
                // Puppet 7 compares the range with the set's missing version.
                return Err(error(
                    "undefined method `>=' for nil:NilClass",
                    ast::Span::default(),
                ));
            };
            let included = Version::parse(version).is_ok_and(|version| range.includes(&version));
            if !included {
                return Err(error(
                    format!(
                        "{reference} resolves to an incompatible version. Expected {version_range}, got {version}"
                    ),
                    ast::Span::default(),
                ));
            }
            references.push(Reference {
                alias,
                name,
                name_authority: authority,
                version_range,
                set,
            });
        }
        Ok(references)
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
                    let value = self.eval_type_literal(&attribute.value)?;
                    entries.push((Value::string(&attribute.name), value));
                }
                Some(entries)
            }
            ast::ExprKind::Hash(_) => match self.eval_type_literal(body)? {
                Value::Hash(entries) => Some(entries),
                _ => None,
            },
            _ => match super::types::object_definition(body) {
                Some(hash) => match self.eval_type_literal(hash)? {
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

/// Why a set's `references` are not Puppet's `TYPE_TYPESET_I12N` asks
/// (a non-empty hash of `{ name, version_range, name_authority,
/// annotations }`), in Puppet's words.
fn reference_mismatch(references: &Value) -> Option<String> {
    let text = |size| Type::String(StringType { size, value: None });
    let member = |name: &str, optional_key, value| StructMember {
        name: name.to_string(),
        optional_key,
        required_key: false,
        value,
    };
    let reference = Type::Struct(vec![
        member("name", false, text(IntRange::new(Some(1), None))),
        member(
            "version_range",
            false,
            Type::Variant(vec![text(IntRange::new(Some(1), None)), Type::SemVerRange]),
        ),
        member("name_authority", true, text(IntRange::new(Some(1), None))),
        member(
            "annotations",
            true,
            Type::Hash(
                Box::new(Type::Any),
                Box::new(Type::Any),
                IntRange::UNBOUNDED,
            ),
        ),
    ]);
    let hash = Type::Hash(
        Box::new(Type::String(StringType::default())),
        Box::new(Type::Any),
        IntRange::new(Some(1), None),
    );
    if let Some(mismatch) = describe_mismatch(&hash, references) {
        return Some(mismatch);
    }
    let Value::Hash(entries) = references else {
        return None;
    };
    entries.iter().find_map(|(alias, fields)| {
        describe_mismatch(&reference, fields)
            .map(|mismatch| format!("entry '{}' {mismatch}", alias.to_text()))
    })
}
