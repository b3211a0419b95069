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
