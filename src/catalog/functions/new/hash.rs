//! `Hash(...)`: Puppet's `new_hash`, from `[key, value]` pairs (also as a
//! tree of paths), from an array of keys and values in turn, or from what
//! Puppet iterates over.

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::hash::insert;
use crate::catalog::values::types::{data_type, iterable};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add(
            "new_hash",
            "Array[Tuple[Array, Any], 1] $from, Enum['tree', 'hash_tree'] $build_option?",
            from_tree,
        )
        .add("new_hash", "Array[Tuple[Any, Any], 1] $from", from_tuples)
        .add("new_hash", "Any $from", from_values);
}

fn pairs(from: &Value) -> Vec<(Value, Value)> {
    let mut entries = Vec::new();
    if let Value::Array(items) = from {
        for item in items {
            if let Value::Array(pair) = item {
                let key = pair.first().cloned().unwrap_or(Value::Undef);
                insert(
                    &mut entries,
                    key,
                    pair.get(1).cloned().unwrap_or(Value::Undef),
                );
            }
        }
    }
    entries
}

fn from_tuples(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::Hash(pairs(args.get(0))))
}

/// A hash as an array of its values by index (`hash_tree`'s arrays).
fn array_as_hash(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Hash(
            items
                .into_iter()
                .enumerate()
                .map(|(index, item)| (Value::Integer(index as i64), array_as_hash(item)))
                .collect(),
        ),
        Value::Hash(entries) => Value::Hash(
            entries
                .into_iter()
                .map(|(key, item)| (key, array_as_hash(item)))
                .collect(),
        ),
        other => other,
    }
}

fn from_tree(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Some(option) = args.opt(1).map(Value::to_text) else {
        return Ok(Value::Hash(pairs(args.get(0))));
    };
    let all_hashes = option == "hash_tree";
    let mut result = Value::Hash(Vec::new());
    let Value::Array(items) = args.get(0) else {
        return Ok(result);
    };
    for item in items {
        let Value::Array(pair) = item else { continue };
        let (Some(Value::Array(path)), Some(value)) = (pair.first(), pair.get(1)) else {
            continue;
        };
        let value = if all_hashes {
            array_as_hash(value.clone())
        } else {
            value.clone()
        };
        let Some((last, parents)) = path.split_last() else {
            // The root: its entries (an array's by index) merge in.
            if let Value::Hash(entries) = &mut result {
                if let Value::Hash(more) = array_as_hash(value) {
                    for (key, item) in more {
                        insert(entries, key, item);
                    }
                }
            }
            continue;
        };
        place(&mut result, parents, last, value);
    }
    Ok(result)
}

/// Sets `last` below the nodes `parents` name, making hashes on the way
/// (an array's element is only followed).
fn place(node: &mut Value, parents: &[Value], last: &Value, value: Value) {
    if let Some((step, rest)) = parents.split_first() {
        let child = match node {
            Value::Hash(entries) => {
                let position = match entries.iter().position(|(k, _)| k == step) {
                    Some(position) => position,
                    None => {
                        entries.push((step.clone(), Value::Hash(Vec::new())));
                        entries.len() - 1
                    }
                };
                &mut entries[position].1
            }
            Value::Array(items) => match step {
                Value::Integer(index) if (*index as usize) < items.len() => {
                    &mut items[*index as usize]
                }
                _ => return,
            },
            _ => return,
        };
        return place(child, rest, last, value);
    }
    match node {
        Value::Hash(entries) => insert(entries, last.clone(), value),
        Value::Array(items) => {
            if let Value::Integer(index) = last {
                let index = *index as usize;
                if index >= items.len() {
                    items.resize(index + 1, Value::Undef);
                }
                items[index] = value;
            }
        }
        _ => {}
    }
}

fn from_values(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let from = args.get(0);
    let flat = match from {
        Value::Hash(_) => return Ok(from.clone()),
        Value::Array(items) => items.clone(),
        other => match iterable::elements(other) {
            Some(elements) => elements.into_values(),
            None => {
                return Err(fault(format!(
                    "Value of type {} cannot be converted to Hash",
                    data_type::generalized(&data_type::infer(other))
                )))
            }
        },
    };
    if flat.len() % 2 != 0 {
        return Err(fault("odd number of arguments for Hash"));
    }
    let mut entries = Vec::new();
    for pair in flat.chunks(2) {
        insert(&mut entries, pair[0].clone(), pair[1].clone());
    }
    Ok(Value::Hash(entries))
}
