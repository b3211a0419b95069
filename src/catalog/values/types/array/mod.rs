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
/// entries as pairs, a binary's bytes, what Puppet iterates over; `None` for other values.
pub fn elements_of(from: &Value) -> Option<Vec<Value>> {
    match from {
        Value::Array(items) => Some(items.clone()),
        Value::Binary(bytes) => Some(
            bytes
                .iter()
                .map(|&b| Value::Integer(i64::from(b)))
                .collect(),
        ),
        other => super::iterable::elements(other).map(super::iterable::Elements::into_values),
    }
}

/// `Array(from, wrap)`: with `wrap`, an array as it is and any other
/// value in one; else [`elements_of`], or Puppet's words for a value that
/// has none.
pub fn from_value(from: &Value, wrap: bool) -> Result<Vec<Value>, String> {
    match from {
        Value::Array(items) if wrap => Ok(items.clone()),
        other if wrap => Ok(vec![other.clone()]),
        other => elements_of(other).ok_or_else(|| {
            format!(
                "Value of type {} cannot be converted to Array",
                super::data_type::generalized(&super::data_type::infer(other))
            )
        }),
    }
}

/// The part `[from, count]` of a sequence of `len` elements, as Puppet's
/// access operator reads its two keys: a negative `from` counts from the
/// end, a negative `count` leaves that many less one at the end, a start
/// before the first element shortens the count; then Ruby's `[start,
/// length]`, which is nothing when the start is past the end.
pub fn slice_range(len: usize, from: i64, count: i64) -> Option<std::ops::Range<usize>> {
    let len = len as i64;
    let mut start = if from < 0 { len + from } else { from };
    let mut count = if count < 0 {
        len - start + count + 1
    } else {
        count
    };
    if start < 0 {
        count += start;
        start = 0;
    }
    if start > len || count < 0 {
        return None;
    }
    Some(start as usize..(start + count).min(len) as usize)
}

/// `array[index]` and `array[from, count]`, as Puppet's access operator
/// takes them (integer keys, already read).
pub fn access(items: &[Value], keys: &[i64]) -> Value {
    match *keys {
        [index] => {
            let index = if index < 0 {
                items.len() as i64 + index
            } else {
                index
            };
            usize::try_from(index)
                .ok()
                .and_then(|index| items.get(index))
                .cloned()
                .unwrap_or(Value::Undef)
        }
        [from, count] => Value::Array(
            slice_range(items.len(), from, count)
                .map(|range| items[range].to_vec())
                .unwrap_or_default(),
        ),
        _ => Value::Undef,
    }
}

/// The elements `array + other` and `array - other` take from `other`:
/// an array's, a hash's entries as pairs, or the value itself.
pub fn operand_elements(other: Value) -> Vec<Value> {
    match other {
        Value::Array(items) => items,
        Value::Hash(entries) => entries
            .into_iter()
            .map(|(key, value)| Value::Array(vec![key, value]))
            .collect(),
        single => vec![single],
    }
}
