//! Arrays: Puppet's flattening of nested arrays.

use crate::catalog::values::Value;

/// The values, arrays among them spread out, recursively.
pub fn flatten(values: &[Value]) -> Vec<Value> {
    let mut flat = Vec::new();
    for value in values {
        match value {
            Value::Array(items) => flat.extend(flatten(items)),
            other => flat.push(other.clone()),
        }
    }
    flat
}

/// The elements `Array(from)` makes of a value: an array's own, a hash's
/// entries as pairs, what Puppet iterates over; `None` for other values.
pub fn elements_of(from: &Value) -> Option<Vec<Value>> {
    match from {
        Value::Array(items) => Some(items.clone()),
        other => super::iterable::elements(other).map(super::iterable::Elements::into_values),
    }
}
