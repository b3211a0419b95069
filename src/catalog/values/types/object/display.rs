//! An object type's text as Puppet's `TypeFormatter` writes it at the top
//! (`Object[{name => 'Car', parent => Vehicle, attributes => {...}}]`):
//! the hash it was made from, keys bare, member types by name.

use super::{Attribute, AttributeKind, ObjectType};
use crate::catalog::values::display::quoted;
use crate::catalog::values::types::data_type::{generalized, infer, nested_text};
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::types::type_set::is_shown_member;
use crate::catalog::values::Value;

impl ObjectType {
    /// `Object[{...}]`, as `"${T}"` shows a named object type.
    pub fn expanded_text(&self) -> String {
        let mut entries: Vec<(&str, String)> = Vec::new();
        if let Some(annotations) = &self.annotations {
            entries.push(("annotations", init_value(annotations)));
        }
        if let Some(name) = self.name.as_ref().filter(|name| !is_shown_member(name)) {
            entries.push(("name", quoted(name)));
        }
        if let Some(parent) = &self.parent {
            entries.push(("parent", nested_text(parent)));
        }
        if !self.type_parameters.is_empty() {
            let parameters = self
                .type_parameters
                .iter()
                .map(|parameter| (parameter.name.as_str(), nested_text(&parameter.ty)));
            entries.push(("type_parameters", members(parameters)));
        }
        let (constants, others): (Vec<&Attribute>, Vec<&Attribute>) = self
            .attributes
            .iter()
            .partition(|attribute| is_plain_constant(attribute));
        if !others.is_empty() {
            let attributes = others
                .iter()
                .map(|attribute| (attribute.name.as_str(), attribute_text(attribute)));
            entries.push(("attributes", members(attributes)));
        }
        if !constants.is_empty() {
            let constants = constants.iter().map(|attribute| {
                let value = attribute.value.as_ref().map(init_value).unwrap_or_default();
                (attribute.name.as_str(), value)
            });
            entries.push(("constants", members(constants)));
        }
        if !self.functions.is_empty() {
            let functions = self.functions.iter().map(|function| {
                let mut features = vec![("type", nested_text(&function.ty))];
                features.extend(flags(function.is_final, function.is_override));
                if let Some(annotations) = &function.annotations {
                    features.push(("annotations", init_value(annotations)));
                }
                (function.name.as_str(), compressed(features))
            });
            entries.push(("functions", members(functions)));
        }
        if let Some(equality) = &self.equality {
            let names: Vec<String> = equality.iter().map(|name| quoted(name)).collect();
            entries.push(("equality", format!("[{}]", names.join(", "))));
        }
        if let Some(checks) = &self.checks {
            entries.push(("checks", init_value(checks)));
        }
        let body: Vec<String> = entries
            .into_iter()
            .map(|(key, value)| format!("{key} => {value}"))
            .collect();
        format!("Object[{{{}}}]", body.join(", "))
    }
}

/// A value in the hash: as `%p` writes it, but types by name, as they
/// are within a type's text.
fn init_value(value: &Value) -> String {
    match value {
        Value::Type(ty) => nested_text(ty),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(init_value).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Hash(entries) => {
            let entries: Vec<String> = entries
                .iter()
                .map(|(key, value)| format!("{} => {}", init_value(key), init_value(value)))
                .collect();
            format!("{{{}}}", entries.join(", "))
        }
        other => programmatic(other),
    }
}

/// A constant Puppet lists under `constants`: one whose type is its
/// value's.
pub(super) fn is_plain_constant(attribute: &Attribute) -> bool {
    attribute.kind == Some(AttributeKind::Constant)
        && attribute
            .value
            .as_ref()
            .is_some_and(|value| generalized(&infer(value)) == attribute.ty)
}

/// An attribute's features in Puppet's order (`type`, `final`,
/// `override`, `annotations`, `kind`, `value`); its type alone when it
/// has no other.
fn attribute_text(attribute: &Attribute) -> String {
    let mut features = vec![("type", nested_text(&attribute.ty))];
    let is_constant = attribute.kind == Some(AttributeKind::Constant);
    features.extend(flags(
        attribute.is_final && !is_constant,
        attribute.is_override,
    ));
    if let Some(annotations) = &attribute.annotations {
        features.push(("annotations", init_value(annotations)));
    }
    if let Some(kind) = attribute.kind {
        features.push(("kind", kind.name().to_string()));
    }
    if let Some(value) = &attribute.value {
        features.push(("value", init_value(value)));
    }
    compressed(features)
}

fn flags(is_final: bool, is_override: bool) -> Vec<(&'static str, String)> {
    let mut features = Vec::new();
    if is_final {
        features.push(("final", "true".to_string()));
    }
    if is_override {
        features.push(("override", "true".to_string()));
    }
    features
}

/// A member's features as a hash with bare keys, or its type alone.
fn compressed(features: Vec<(&str, String)>) -> String {
    if let [(_, ty)] = features.as_slice() {
        return ty.clone();
    }
    let parts: Vec<String> = features
        .into_iter()
        .map(|(key, value)| format!("{key} => {value}"))
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// Members by name, names quoted.
fn members<'a>(members: impl Iterator<Item = (&'a str, String)>) -> String {
    let parts: Vec<String> = members
        .map(|(name, text)| format!("{} => {text}", quoted(name)))
        .collect();
    format!("{{{}}}", parts.join(", "))
}
