//! Collection functions: `join`, `keys`, `values`, `flatten`, `unique`,
//! `sort`, `size`, `length`, `empty`.

use crate::catalog::functions::{Args, Context, Registry};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add("join", "Array $arg, String $delimiter?", join)
        .add("keys", "Hash $hsh", |_, args| {
            Ok(entries(args.get(0), |(key, _)| key.clone()))
        })
        .add("values", "Hash $hsh", |_, args| {
            Ok(entries(args.get(0), |(_, value)| value.clone()))
        })
        .add("flatten", "Any *$args", |_, args| {
            Ok(Value::Array(flatten(&args.values)))
        })
        .add("unique", "Array $array, Callable[1, 1] &$block?", unique)
        .add("sort", "Array $array_value, Callable[2, 2] &$block?", sort)
        .add("size", "Variant[Collection, String, Binary] $arg", length)
        .add("length", "Collection $arg", length)
        .add("length", "String $arg", length)
        .add("empty", "Collection $coll", empty)
        .add("empty", "String $str", empty)
        .add("empty", "Numeric $num", |_, _| Ok(Value::Bool(false)))
        .add("empty", "Undef $x", |_, _| Ok(Value::Bool(true)));
}

fn entries(hash: &Value, pick: fn(&(Value, Value)) -> Value) -> Value {
    match hash {
        Value::Hash(entries) => Value::Array(entries.iter().map(pick).collect()),
        _ => Value::Array(Vec::new()),
    }
}

fn join(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let separator = args.opt(1).map(Value::to_text).unwrap_or_default();
    // Ruby's `Array#join` joins nested arrays' elements too.
    Ok(Value::Str(
        flatten(std::slice::from_ref(args.get(0)))
            .iter()
            .map(Value::to_text)
            .collect::<Vec<_>>()
            .join(&separator),
    ))
}

fn unique(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Array(items) = args.get(0) else {
        return Ok(args.get(0).clone());
    };
    let mut unique: Vec<Value> = Vec::new();
    for item in items {
        if !unique.contains(item) {
            unique.push(item.clone());
        }
    }
    Ok(Value::Array(unique))
}

fn sort(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Array(items) = args.get(0) else {
        return Ok(args.get(0).clone());
    };
    let mut sorted = items.clone();
    sorted.sort_by(|a, b| match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
        _ => a.to_text().cmp(&b.to_text()),
    });
    Ok(Value::Array(sorted))
}

fn length(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::Integer(match args.get(0) {
        Value::Array(items) => items.len() as i64,
        Value::Hash(entries) => entries.len() as i64,
        Value::Str(text) => text.chars().count() as i64,
        _ => 0,
    }))
}

fn empty(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::Bool(match args.get(0) {
        Value::Array(items) => items.is_empty(),
        Value::Hash(entries) => entries.is_empty(),
        Value::Str(text) => text.is_empty(),
        _ => false,
    }))
}
