//! What Puppet iterates over (its `Iterable.on`): the elements of an
//! array, the entries of a hash, the characters of a string, the integers
//! below a positive integer, those of a bounded `Integer[a, b]`, the values
//! of an `Enum`.

use crate::catalog::values::{Type, Value};

/// The elements an iteration yields: a hash's entries (which a block of
/// two parameters takes as key and value), or values.
pub enum Elements {
    Entries(Vec<(Value, Value)>),
    Values(Vec<Value>),
}

impl Elements {
    /// Each element as one value: an entry as a `[key, value]` pair.
    pub fn into_values(self) -> Vec<Value> {
        match self {
            Elements::Entries(entries) => entries
                .into_iter()
                .map(|(key, value)| Value::Array(vec![key, value]))
                .collect(),
            Elements::Values(values) => values,
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Elements::Entries(entries) => entries.len(),
            Elements::Values(values) => values.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The elements of `value`; `None` when Puppet does not iterate over it.
pub fn elements(value: &Value) -> Option<Elements> {
    Some(match value {
        Value::Array(items) => Elements::Values(items.clone()),
        Value::Hash(entries) => Elements::Entries(entries.clone()),
        Value::Iterator(iterator) => iterator.iteration(),
        Value::Str(text) => {
            Elements::Values(text.chars().map(|c| Value::Str(c.to_string())).collect())
        }
        Value::Integer(count) => Elements::Values((0..*count).map(Value::Integer).collect()),
        Value::Type(ty) => match &**ty {
            Type::Integer(range) => match (range.from, range.to) {
                (Some(from), Some(to)) if from <= to => {
                    Elements::Values((from..=to).map(Value::Integer).collect())
                }
                _ => return None,
            },
            Type::Enum(values, _) => {
                Elements::Values(values.iter().cloned().map(Value::Str).collect())
            }
            _ => return None,
        },
        _ => return None,
    })
}
