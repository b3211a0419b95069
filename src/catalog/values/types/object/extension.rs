//! An object type with values for its type parameters (`MyType['hello']`,
//! `Error['puppet/error', 'OOPS']`): Puppet's `PObjectTypeExtension`.
//! Its instances are the base type's whose attributes of those names
//! match the values; a parameter left out, or `default`, matches all.

use std::rc::Rc;

use super::{Object, ObjectType};
use crate::catalog::values::compare::{case_match, parameters_cover};
use crate::catalog::values::display::in_type;
use crate::catalog::values::types::data_type::{describe_mismatch, Type};
use crate::catalog::values::Value;

/// The base type and the values given, by parameter name, in the base
/// type's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Extension {
    pub base: Rc<ObjectType>,
    pub parameters: Vec<(String, Value)>,
}

impl Extension {
    /// `base[keys]`, as Puppet's `PObjectTypeExtension.new` reads the keys:
    /// by position, or by name in one hash.
    pub fn new(base: Rc<ObjectType>, keys: Vec<Value>) -> Result<Extension, String> {
        let declared = base.all_type_parameters();
        if declared.is_empty() {
            return Err(format!(
                "The {}-Type cannot be parameterized using []",
                base.label()
            ));
        }
        let by_name = match keys.as_slice() {
            [Value::Hash(entries)] if !optional(&declared[0].ty).is_instance(&keys[0]) => {
                let mut given = Vec::new();
                for (name, value) in entries {
                    let name = name.to_text();
                    if !declared.iter().any(|p| p.name == name) {
                        return Err(format!(
                            "'{name}' is not a known type parameter for {}-Type",
                            base.label()
                        ));
                    }
                    given.push((name, value.clone()));
                }
                given
            }
            _ => declared
                .iter()
                .zip(keys)
                .map(|(parameter, value)| (parameter.name.clone(), value))
                .collect(),
        };
        let mut parameters = Vec::new();
        for parameter in &declared {
            let Some((_, value)) = by_name.iter().find(|(name, _)| *name == parameter.name) else {
                continue;
            };
            if matches!(value, Value::Default) {
                continue;
            }
            let ty = optional(&parameter.ty);
            if let Some(mismatch) = describe_mismatch(&ty, value) {
                return Err(format!(
                    "type_parameter {}[{}] {mismatch}",
                    base.label(),
                    parameter.name
                ));
            }
            parameters.push((parameter.name.clone(), value.clone()));
        }
        if parameters.is_empty() {
            return Err(format!(
                "The {}-Type cannot be parameterized using an empty parameter list",
                base.label()
            ));
        }
        Ok(Extension { base, parameters })
    }

    /// The type of `object` with its parameters' attributes as values
    /// (Puppet's `create_from_instance`), as `type()` infers it.
    pub fn of_instance(object: &Object) -> Extension {
        let parameters = object
            .ty
            .all_type_parameters()
            .into_iter()
            .map(|parameter| {
                let value = object.attribute(&parameter.name).unwrap_or(Value::Undef);
                (parameter.name, value)
            })
            .collect();
        Extension {
            base: Rc::clone(&object.ty),
            parameters,
        }
    }

    pub fn is_instance(&self, object: &Object) -> bool {
        self.base.is_ancestor_of(&object.ty)
            && self.parameters.iter().all(|(name, pattern)| {
                object
                    .attribute(name)
                    .is_some_and(|value| case_match(pattern, &value, &mut None))
            })
    }

    /// Whether every instance of `other` is one of this (Puppet's
    /// `test_assignable?`): a parameter matches a value, or a type is
    /// assignable from the other's type.
    pub fn is_assignable_from(&self, other: &Type) -> bool {
        let (base, given): (&ObjectType, &[(String, Value)]) = match other {
            Type::ObjectExtension(other) => (&other.base, &other.parameters),
            Type::Object(object) => (object, &[]),
            _ => return false,
        };
        self.base.is_ancestor_of(base) && parameters_cover(&self.parameters, given)
    }

    /// `MyType['hello', 'world']`; with more than two parameters, by name
    /// (`MyType[{'p1' => 'my'}]`), as Puppet's `init_parameters` gives
    /// them.
    pub fn text(&self) -> String {
        let declared = self.base.all_type_parameters();
        let parts: Vec<String> = if declared.len() > 2 {
            let entries: Vec<String> = self
                .parameters
                .iter()
                .map(|(name, value)| {
                    format!("{} => {}", in_type(&Value::string(name)), in_type(value))
                })
                .collect();
            vec![format!("{{{}}}", entries.join(", "))]
        } else {
            let mut parts: Vec<String> = declared
                .iter()
                .map(|parameter| {
                    self.parameters
                        .iter()
                        .find(|(name, _)| *name == parameter.name)
                        .map_or_else(|| "default".to_string(), |(_, value)| in_type(value))
                })
                .collect();
            while parts.last().is_some_and(|part| part == "default") {
                parts.pop();
            }
            parts
        };
        format!("{}[{}]", self.base.label(), parts.join(", "))
    }
}

/// A type parameter takes undef besides its declared type.
fn optional(ty: &Type) -> Type {
    match ty.resolved() {
        Type::Optional(_) => ty.clone(),
        _ => Type::Optional(Some(Box::new(ty.clone()))),
    }
}
