//! Object types and their values as a catalog carries them (rich data):
//! a value is its type's name and its init hash (`{"__ptype": "Car",
//! "wheels": 4}`), a type `Pcore::ObjectType` and the hash it was made
//! from, each member type in its own rich form.

use serde_json::{json, Map, Value as Json};

use super::display::is_plain_constant;
use super::{Attribute, AttributeKind, Object, ObjectType};
use crate::catalog::values::rich_data::{Serialized, Unserializable};
use crate::catalog::values::Value;

impl Object {
    /// `{"__ptype": "Car", "wheels": 4}`: the attributes that differ from
    /// their defaults.
    pub fn to_json(&self) -> Serialized {
        let mut object = Map::new();
        object.insert("__ptype".to_string(), json!(self.ty.label()));
        for (name, value) in self.init_hash() {
            object.insert(name.to_string(), value.to_json()?);
        }
        Ok(Json::Object(object))
    }
}

/// A member's type in rich form; `aliases` are those being written.
type TypeJson<'a> = &'a mut dyn FnMut(&crate::catalog::values::Type) -> Serialized;

impl ObjectType {
    /// `{"__ptype": "Pcore::ObjectType", "_pcore_init_hash": {...}}`, the
    /// keys in Puppet's order; member types written by `type_json`.
    pub fn to_rich_data(&self, type_json: TypeJson) -> Serialized {
        let mut hash = Map::new();
        if let Some(annotations) = &self.annotations {
            hash.insert("annotations".into(), annotations.to_json()?);
        }
        if let Some(name) = &self.name {
            hash.insert("name".into(), json!(name));
        }
        if let Some(parent) = &self.parent {
            hash.insert("parent".into(), type_json(parent)?);
        }
        if !self.type_parameters.is_empty() {
            let mut parameters = Map::new();
            for parameter in &self.type_parameters {
                parameters.insert(parameter.name.clone(), type_json(&parameter.ty)?);
            }
            hash.insert("type_parameters".into(), Json::Object(parameters));
        }
        let (constants, others): (Vec<&Attribute>, Vec<&Attribute>) = self
            .attributes
            .iter()
            .partition(|attribute| is_plain_constant(attribute));
        if !others.is_empty() {
            let mut attributes = Map::new();
            for attribute in others {
                attributes.insert(
                    attribute.name.clone(),
                    attribute_json(attribute, type_json)?,
                );
            }
            hash.insert("attributes".into(), Json::Object(attributes));
        }
        if !constants.is_empty() {
            let mut values = Map::new();
            for constant in constants {
                let value = constant
                    .value
                    .as_ref()
                    .map_or(Ok(Json::Null), Value::to_json)?;
                values.insert(constant.name.clone(), value);
            }
            hash.insert("constants".into(), Json::Object(values));
        }
        if !self.functions.is_empty() {
            let mut functions = Map::new();
            for function in &self.functions {
                let mut features = vec![("type", type_json(&function.ty)?)];
                features.extend(flags(function.is_final, function.is_override));
                if let Some(annotations) = &function.annotations {
                    features.push(("annotations", annotations.to_json()?));
                }
                functions.insert(function.name.clone(), compressed(features));
            }
            hash.insert("functions".into(), Json::Object(functions));
        }
        if let Some(equality) = &self.equality {
            hash.insert("equality".into(), json!(equality));
        }
        if !self.equality_include_type && !self.is_default() {
            hash.insert("equality_include_type".into(), json!(false));
        }
        if let Some(checks) = &self.checks {
            hash.insert("checks".into(), checks.to_json()?);
        }
        Ok(json!({"__ptype": "Pcore::ObjectType", "_pcore_init_hash": hash}))
    }
}

/// An attribute's features in Puppet's order, or its type alone.
fn attribute_json(attribute: &Attribute, type_json: TypeJson) -> Result<Json, Unserializable> {
    let mut features = vec![("type", type_json(&attribute.ty)?)];
    let is_constant = attribute.kind == Some(AttributeKind::Constant);
    features.extend(flags(
        attribute.is_final && !is_constant,
        attribute.is_override,
    ));
    if let Some(annotations) = &attribute.annotations {
        features.push(("annotations", annotations.to_json()?));
    }
    if let Some(kind) = attribute.kind {
        features.push(("kind", json!(kind.name())));
    }
    if let Some(value) = &attribute.value {
        features.push(("value", value.to_json()?));
    }
    Ok(compressed(features))
}

fn flags(is_final: bool, is_override: bool) -> Vec<(&'static str, Json)> {
    let mut features = Vec::new();
    if is_final {
        features.push(("final", json!(true)));
    }
    if is_override {
        features.push(("override", json!(true)));
    }
    features
}

/// A member's features as a hash, or its type alone.
fn compressed(mut features: Vec<(&str, Json)>) -> Json {
    if features.len() == 1 {
        return features.remove(0).1;
    }
    Json::Object(
        features
            .into_iter()
            .map(|(key, value)| (key.to_string(), value))
            .collect(),
    )
}
