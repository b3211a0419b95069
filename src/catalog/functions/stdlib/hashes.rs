//! Hashes: `stdlib::merge` (stdlib 8's `merge`), `deep_merge`,
//! `join_keys_to_values`, `delete_values`, `pick`, `pick_default`,
//! `stdlib::nested_values`, and stdlib 8's `has_key`, `hash`, `dig44`,
//! `try_get_value`.

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Level, Registry};
use crate::catalog::values::ruby::{self, class_name, legacy_args};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::types::iterable::{elements, Elements};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry, version: Version) {
    let merge_name = match version {
        Version::V8 => "merge",
        Version::V9 => "stdlib::merge",
    };
    registry
        .add(
            merge_name,
            "Variant[Hash[Scalar,Any], Undef, String[0,0]] *$args",
            merge_hashes,
        )
        .add(
            merge_name,
            "Iterable *$args, Callable[3,3] &$block",
            merge_iterable,
        )
        .add(
            merge_name,
            "Iterable *$args, Callable[2,2] &$block",
            merge_iterable,
        )
        .legacy("deep_merge", -1, deep_merge)
        .legacy("join_keys_to_values", -1, join_keys_to_values)
        .legacy("delete_values", -1, delete_values)
        .legacy("pick", -1, pick)
        .legacy("pick_default", -1, pick_default)
        .add("stdlib::nested_values", "Hash $hash", |_, args| {
            let mut values = Vec::new();
            nested_values(args.get(0), &mut values);
            Ok(Value::Array(values))
        });
    if version == Version::V8 {
        registry
            .legacy("has_key", -1, has_key)
            .legacy("hash", -1, hash)
            .legacy("dig44", -2, |_, args| dig44(&legacy_args(&args.values)))
            .legacy("try_get_value", -2, try_get_value);
    }
}

/// `into.merge!(from)`: keys found by `eql?` keep their place.
pub fn merge_into(into: &mut Vec<(Value, Value)>, from: &[(Value, Value)]) {
    for (key, value) in from {
        match into.iter_mut().find(|(k, _)| ruby::eql(k, key)) {
            Some(entry) => entry.1 = value.clone(),
            None => into.push((key.clone(), value.clone())),
        }
    }
}

fn merge_hashes(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let mut merged = Vec::new();
    for arg in &args.values {
        if let Value::Hash(entries) = arg {
            merge_into(&mut merged, entries);
        }
    }
    Ok(Value::Hash(merged))
}

/// `merge(iterable) |$acc, $v|` or `|$acc, $k_or_index, $v|`: the hashes
/// the block returns merged, each call seeing the merge so far.
fn merge_iterable(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    if args.values.len() != 1 {
        return Err(fault(format!(
            "wrong number of arguments (given {}, expected 1)",
            args.values.len()
        )));
    }
    let three = block.arity().min == 3;
    let Some(items) = elements(args.get(0)) else {
        return Ok(Value::Hash(Vec::new()));
    };
    let calls: Vec<Vec<Value>> = match (items, three) {
        (Elements::Entries(entries), true) => {
            entries.into_iter().map(|(k, v)| vec![k, v]).collect()
        }
        (Elements::Values(values), true) => values
            .into_iter()
            .enumerate()
            .map(|(index, v)| vec![Value::Integer(index as i64), v])
            .collect(),
        (items, false) => items.into_values().into_iter().map(|v| vec![v]).collect(),
    };
    let mut merged = Vec::new();
    for rest in calls {
        let mut block_args = vec![Value::Hash(merged.clone())];
        block_args.extend(rest);
        if let Value::Hash(entries) = context.call_block(&block, block_args)? {
            merge_into(&mut merged, &entries);
        }
    }
    Ok(Value::Hash(merged))
}

fn deep_merge(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "deep_merge(): wrong number of arguments ({}; must be at least 2)",
            args.len()
        )));
    }
    let mut result = Vec::new();
    for arg in &args {
        match arg {
            Value::Str(text) if text.is_empty() => {}
            Value::Hash(entries) => deep_merge_into(&mut result, entries),
            other => {
                return Err(fault(format!(
                    "deep_merge: unexpected argument type {}, only expects hash arguments",
                    class_name(other)
                )))
            }
        }
    }
    Ok(Value::Hash(result))
}

fn deep_merge_into(into: &mut Vec<(Value, Value)>, from: &[(Value, Value)]) {
    for (key, value) in from {
        match into.iter_mut().find(|(k, _)| ruby::eql(k, key)) {
            Some((_, existing)) => match (existing, value) {
                (Value::Hash(old), Value::Hash(new)) => deep_merge_into(old, new),
                (existing, value) => *existing = value.clone(),
            },
            None => into.push((key.clone(), value.clone())),
        }
    }
}

fn join_keys_to_values(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 2 {
        return Err(fault(format!(
            "join_keys_to_values(): Takes exactly two arguments, but {} given.",
            args.len()
        )));
    }
    let Value::Hash(entries) = &args[0] else {
        return Err(fault(format!(
            "join_keys_to_values(): The first argument must be a hash, but a {} was given.",
            class_name(&args[0])
        )));
    };
    let Value::Str(separator) = &args[1] else {
        return Err(fault(format!(
            "join_keys_to_values(): The second argument must be a string, but a {} was given.",
            class_name(&args[1])
        )));
    };
    let mut joined = Vec::new();
    for (key, value) in entries {
        let key = ruby::to_s(key);
        match value {
            Value::Array(items) => joined.extend(
                items
                    .iter()
                    .map(|item| Value::Str(format!("{key}{separator}{}", ruby::to_s(item)))),
            ),
            value if ruby::to_s(value) == "undef" => joined.push(Value::Str(key)),
            value => joined.push(Value::Str(format!("{key}{separator}{}", ruby::to_s(value)))),
        }
    }
    Ok(Value::Array(joined))
}

fn delete_values(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 2 {
        return Err(fault(format!(
            "delete_values(): Wrong number of arguments given ({} of 2)",
            args.len()
        )));
    }
    let Value::Hash(entries) = &args[0] else {
        return Err(fault(format!(
            "delete_values(): First argument must be a Hash. Given an argument of class {}.",
            class_name(&args[0])
        )));
    };
    Ok(Value::Hash(
        entries
            .iter()
            .filter(|(_, value)| !ruby::eq(&args[1], value))
            .cloned()
            .collect(),
    ))
}

/// Whether `pick` passes over the value: undef or `''`.
fn is_empty(value: &Value) -> bool {
    matches!(value, Value::Undef) || matches!(value, Value::Str(text) if text.is_empty())
}

fn pick(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    match args.into_iter().find(|value| !is_empty(value)) {
        Some(value) if !ruby::to_s(&value).is_empty() => Ok(value),
        _ => Err(fault("pick(): must receive at least one non empty value")),
    }
}

fn pick_default(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let mut args = legacy_args(&args.values);
    let Some(default) = args.pop() else {
        return Err(fault("Must receive at least one argument."));
    };
    Ok(args
        .into_iter()
        .find(|value| !is_empty(value))
        .unwrap_or(default))
}

fn nested_values(value: &Value, values: &mut Vec<Value>) {
    if let Value::Hash(entries) = value {
        for (_, value) in entries {
            match value {
                Value::Hash(_) => nested_values(value, values),
                other => values.push(other.clone()),
            }
        }
    }
}

fn has_key(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 2 {
        return Err(fault(format!(
            "has_key(): wrong number of arguments ({}; must be 2)",
            args.len()
        )));
    }
    let Value::Hash(entries) = &args[0] else {
        return Err(fault(format!(
            "has_key(): expects the first argument to be a hash, got {} which is of type {}",
            ruby::inspect(&args[0]),
            class_name(&args[0])
        )));
    };
    Ok(Value::Bool(
        entries.iter().any(|(key, _)| ruby::eql(key, &args[1])),
    ))
}

fn hash(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let Some(first) = args.first() else {
        return Err(fault("hash(): Wrong number of arguments given (0 for 1)"));
    };
    let Value::Array(items) = first else {
        return Err(fault("hash(): Requires array to work with"));
    };
    let flat = flatten(items);
    if !flat.len().is_multiple_of(2) {
        return Err(fault("hash(): Unable to compute hash from array given"));
    }
    let mut entries = Vec::new();
    for pair in flat.chunks(2) {
        merge_into(&mut entries, &[(pair[0].clone(), pair[1].clone())]);
    }
    Ok(Value::Hash(entries))
}

/// stdlib 8's `dig44(data, path, default)`: the value down the path of
/// keys and indexes, or the default where the path ends in nothing.
pub fn dig44(args: &[Value]) -> Result<Value> {
    if args.len() < 2 {
        return Err(fault(format!(
            "dig44(): Wrong number of arguments given ({} for at least 2)",
            args.len()
        )));
    }
    let (data, path) = (&args[0], &args[1]);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) {
        return Err(fault(format!(
            "dig44(): first argument must be a hash or an array, given {}",
            class_name(data)
        )));
    }
    let Value::Array(path) = path else {
        return Err(fault(format!(
            "dig44(): second argument must be an array, given {}",
            class_name(path)
        )));
    };
    let mut current = Some(data.clone());
    for key in path {
        let found = match &current {
            Some(Value::Hash(entries)) => entries
                .iter()
                .find(|(k, _)| ruby::eql(k, key))
                .map(|(_, v)| v.clone()),
            Some(Value::Array(items)) => {
                let index = match key {
                    Value::Integer(i) => Some(*i),
                    Value::Float(f) => Some(f.trunc() as i64),
                    Value::Str(text) => ruby::integer(text),
                    _ => None,
                };
                index.and_then(|i| {
                    let at = if i < 0 { items.len() as i64 + i } else { i };
                    usize::try_from(at)
                        .ok()
                        .and_then(|at| items.get(at).cloned())
                })
            }
            _ => None,
        };
        match found {
            Some(value) if value != Value::Undef => current = Some(value),
            _ => {
                current = None;
                break;
            }
        }
    }
    Ok(current.unwrap_or_else(|| args.get(2).cloned().unwrap_or(Value::Undef)))
}

fn try_get_value(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    // A 3.x function's `warning` logs from the calling scope.
    context.log(
        Level::Warning,
        "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.",
    );
    let data = args[0].clone();
    let truthy = |value: Option<&Value>| value.filter(|v| v.is_truthy()).cloned();
    let path = truthy(args.get(1)).unwrap_or_else(|| Value::string(""));
    let default = args.get(2).cloned().unwrap_or(Value::Undef);
    if !matches!(data, Value::Hash(_) | Value::Array(_)) || path == Value::string("") {
        return Ok(if default.is_truthy() { default } else { data });
    }
    let separator = truthy(args.get(3))
        .map(|s| ruby::to_s(&s))
        .unwrap_or_else(|| "/".to_string());
    let Value::Str(path) = path else {
        return Err(fault(ruby::no_method("split", &path)));
    };
    let keys: Vec<Value> = ruby_split(&path, &separator)
        .into_iter()
        .map(|key| {
            if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) {
                Value::Integer(key.parse().unwrap_or(0))
            } else {
                Value::Str(key)
            }
        })
        .collect();
    context.log(Level::Warning, "dig() DEPRECATED: This function has been replaced in Puppet 4.5.0, please use dig44() for backwards compatibility or use the new version.");
    super::network::autoload(context, "dig44");
    dig44(&[data, Value::Array(keys), default])
}

/// Ruby's `String#split(separator)`: trailing empty parts dropped; a
/// single space splits on runs of white space.
fn ruby_split(text: &str, separator: &str) -> Vec<String> {
    let mut parts: Vec<String> = if separator == " " {
        text.split_whitespace().map(str::to_string).collect()
    } else if separator.is_empty() {
        text.chars().map(|c| c.to_string()).collect()
    } else {
        text.split(separator).map(str::to_string).collect()
    };
    while parts.last().is_some_and(String::is_empty) {
        parts.pop();
    }
    parts
}
