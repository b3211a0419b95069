//! A value of an object type: the type, and the value of each of its
//! attributes. Made by `new` (by position or from a hash), read by
//! attribute (`$car.wheels`), compared by the type's equality
//! attributes, written as Puppet writes it (`Car({'wheels' => 4})`).

use std::rc::Rc;

use super::{AttributeKind, ObjectType};
use crate::catalog::values::compare::equal;
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::Value;

#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    pub ty: Rc<ObjectType>,
    /// The given attributes and the defaults of those not given, in the
    /// type's order (inherited ones first); constants are the type's.
    pub values: Vec<(String, Value)>,
    /// What the type's implementation keeps beside the attributes (the
    /// cache of a `Puppet::LookupContext`); none for a type declared in
    /// Puppet.
    pub native: Option<Native>,
}

/// State of a value of a type that Puppet implements in Ruby.
#[derive(Clone, Debug)]
pub enum Native {
    LookupCache(Rc<super::lookup_context::LookupCache>),
}

/// Two values share state only when they share the same.
impl PartialEq for Native {
    fn eq(&self, other: &Native) -> bool {
        match (self, other) {
            (Native::LookupCache(a), Native::LookupCache(b)) => Rc::ptr_eq(a, b),
        }
    }
}

impl Object {
    /// A value of `ty` from a hash of attribute values (checked against
    /// the type's `init_hash_type` by the caller).
    pub fn from_hash(ty: Rc<ObjectType>, entries: &[(Value, Value)]) -> Object {
        let given = |name: &str| Value::entry(entries, name).cloned();
        let values = ty
            .all_attributes()
            .into_iter()
            .filter(|attribute| attribute.is_settable())
            .map(|attribute| {
                let value = given(&attribute.name)
                    .or_else(|| attribute.value.clone())
                    .unwrap_or(Value::Undef);
                (attribute.name, value)
            })
            .collect();
        Object {
            ty,
            values,
            native: None,
        }
    }

    /// A value of `ty` from arguments in the order of its
    /// `init_parameters` (checked by the caller).
    pub fn from_args(ty: Rc<ObjectType>, args: &[Value]) -> Object {
        let entries: Vec<(Value, Value)> = ty
            .init_parameters()
            .into_iter()
            .zip(args)
            .map(|(parameter, value)| (Value::string(parameter.name), value.clone()))
            .collect();
        Object::from_hash(ty, &entries)
    }

    /// The attribute `name`: given, defaulted or constant; `None` when the
    /// type has none of that name, or derives it (by code of the type's
    /// implementation, which pfacts does not run).
    pub fn attribute(&self, name: &str) -> Option<Value> {
        if let Some((_, value)) = self.values.iter().find(|(n, _)| n == name) {
            return Some(value.clone());
        }
        self.ty
            .all_attributes()
            .into_iter()
            .find(|attribute| attribute.name == name)
            .filter(|attribute| attribute.kind != Some(AttributeKind::Derived))
            .map(|attribute| attribute.value.unwrap_or(Value::Undef))
    }

    /// The attributes that differ from their defaults, as Puppet's
    /// `_pcore_init_hash` lists them.
    pub fn init_hash(&self) -> Vec<(&str, &Value)> {
        let defaults = self.ty.all_attributes();
        self.values
            .iter()
            .filter(|(name, value)| {
                let default = defaults
                    .iter()
                    .find(|attribute| attribute.name == *name)
                    .and_then(|attribute| attribute.value.as_ref());
                default != Some(value)
            })
            .map(|(name, value)| (name.as_str(), value))
            .collect()
    }

    /// `Name({'a' => 1})`: its type and its init hash.
    pub fn text(&self) -> String {
        let entries: Vec<String> = self
            .init_hash()
            .into_iter()
            .map(|(name, value)| {
                format!(
                    "{} => {}",
                    programmatic(&Value::string(name)),
                    programmatic(value)
                )
            })
            .collect();
        format!("{}({{{}}})", self.ty.label(), entries.join(", "))
    }

    /// Puppet's `==` of objects: the same type (unless equality leaves
    /// the type out) and equal equality attributes.
    pub fn equals(&self, other: &Object) -> bool {
        if self.ty.equality_include_type && self.ty != other.ty {
            return false;
        }
        self.ty.equality_attributes().iter().all(|name| {
            match (self.attribute(name), other.attribute(name)) {
                (Some(a), Some(b)) => equal(&a, &b),
                (a, b) => a.is_none() && b.is_none(),
            }
        })
    }
}
