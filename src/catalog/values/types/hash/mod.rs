//! Hashes: Puppet's `+` and `-` on them (`EvaluatorImpl#concatenate` and
//! `#delete`). Entries keep their order, as Ruby's hashes do.

use crate::catalog::values::Value;

/// `key => value` as Ruby's hash sets it: a key keeps its first place.
pub fn insert(entries: &mut Vec<(Value, Value)>, key: Value, value: Value) {
    match entries.iter_mut().find(|(k, _)| *k == key) {
        Some(entry) => entry.1 = value,
        None => entries.push((key, value)),
    }
}

/// `hash + other`: another hash merged in, or an array read as pairs
/// (`[[k, v], ...]`) or as keys and values in turn (`[k, v, ...]`);
/// `Err` with Puppet's words otherwise.
pub fn merged(mut entries: Vec<(Value, Value)>, other: Value) -> Result<Value, String> {
    let more: Vec<(Value, Value)> = match other {
        Value::Hash(more) => more,
        Value::Array(items)
            if !items.is_empty() && items.iter().all(|i| matches!(i, Value::Array(_))) =>
        {
            let mut pairs = Vec::with_capacity(items.len());
            for item in items {
                let Value::Array(pair) = item else { continue };
                match <[Value; 2]>::try_from(pair) {
                    Ok([key, value]) => pairs.push((key, value)),
                    Err(pair) => {
                        return Err(format!(
                            "invalid number of elements ({} for 1..2)",
                            pair.len()
                        ))
                    }
                }
            }
            pairs
        }
        Value::Array(items) => {
            if items.len() % 2 != 0 {
                return Err("odd number of arguments for Hash".to_string());
            }
            let mut items = items.into_iter();
            let mut pairs = Vec::new();
            while let (Some(key), Some(value)) = (items.next(), items.next()) {
                pairs.push((key, value));
            }
            pairs
        }
        _ => return Err("Can only append Array or Hash to a Hash".to_string()),
    };
    for (key, value) in more {
        insert(&mut entries, key, value);
    }
    Ok(Value::Hash(entries))
}

/// `hash - other`: without the keys an array lists, a hash has, or the
/// one key given.
pub fn without(entries: Vec<(Value, Value)>, other: &Value) -> Value {
    let keys: Vec<&Value> = match other {
        Value::Array(items) => items.iter().collect(),
        Value::Hash(more) => more.iter().map(|(key, _)| key).collect(),
        single => vec![single],
    };
    Value::Hash(
        entries
            .into_iter()
            .filter(|(key, _)| !keys.contains(&key))
            .collect(),
    )
}
