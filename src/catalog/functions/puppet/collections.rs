//! Collection functions: `join`, `keys`, `values`, `flatten`, `unique`,
//! `sort`, `size`, `length`, `empty`.

use std::cell::RefCell;
use std::cmp::Ordering;

use crate::catalog::functions::{fault, Args, Block, Context, Registry};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::types::iterable::elements;
use crate::catalog::values::Value;
use crate::catalog::Result;

use crate::catalog::values::ruby;

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
        .add(
            "unique",
            "String $string, Callable[String] &$block?",
            unique_string,
        )
        .add("unique", "Hash $hash, Callable[Any] &$block?", unique_hash)
        .add(
            "unique",
            "Array $array, Callable[Any] &$block?",
            unique_values,
        )
        .add(
            "unique",
            "Iterable $iterable, Callable[Any] &$block?",
            unique_values,
        )
        .add(
            "sort",
            "String $string_value, Callable[2, 2] &$block?",
            sort_string,
        )
        .add(
            "sort",
            "Array $array_value, Callable[2, 2] &$block?",
            |c, a| {
                let Value::Array(items) = a.get(0) else {
                    return Ok(Value::Undef);
                };
                sort(c, items.clone(), a.block.as_ref()).map(Value::Array)
            },
        )
        .add("size", "Variant[Collection, String, Binary] $arg", length)
        .add("length", "Collection $arg", length)
        .add("length", "String $arg", length)
        .add("length", "Binary $arg", length)
        .add("empty", "Collection $coll", empty)
        .add("empty", "Sensitive[String] $str", |_, args| {
            match args.get(0) {
                Value::Sensitive(inner) => Ok(Value::Bool(inner.to_text().is_empty())),
                _ => Ok(Value::Bool(false)),
            }
        })
        .add("empty", "String $str", empty)
        .add("empty", "Numeric $num", |context, _| {
            context.warn_once_at_call(
                "empty-from",
                "Calling function empty() with Numeric value is deprecated.",
                true,
            );
            Ok(Value::Bool(false))
        })
        .add("empty", "Binary $bin", empty)
        .add("empty", "Undef $x", |_, _| Ok(Value::Bool(true)));
}

fn entries(hash: &Value, pick: fn(&(Value, Value)) -> Value) -> Value {
    match hash {
        Value::Hash(entries) => Value::Array(entries.iter().map(pick).collect()),
        _ => Value::Array(Vec::new()),
    }
}

/// Ruby's `Array#join`: nested arrays' elements too, each as Ruby's
/// `to_s` writes it.
fn join(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let separator = args.opt(1).map(Value::to_text).unwrap_or_default();
    Ok(Value::Str(
        flatten(std::slice::from_ref(args.get(0)))
            .iter()
            .map(ruby::to_s)
            .collect::<Vec<_>>()
            .join(&separator),
    ))
}

/// The values once each, the first of those the block (if any) gives the
/// same value for.
fn uniques(
    context: &mut dyn Context,
    values: Vec<Value>,
    block: Option<&Block<'_>>,
) -> Result<Vec<Value>> {
    let mut seen: Vec<Value> = Vec::new();
    let mut kept = Vec::new();
    for value in values {
        let key = match block {
            Some(block) => context.call_block(block, vec![value.clone()])?,
            None => value.clone(),
        };
        if !seen.contains(&key) {
            seen.push(key);
            kept.push(value);
        }
    }
    Ok(kept)
}

/// A string's characters, each a string, as the functions on strings
/// take them, and the string they make again.
fn characters(value: &Value) -> Vec<Value> {
    value
        .to_text()
        .chars()
        .map(|c| Value::Str(c.to_string()))
        .collect()
}

fn joined(characters: &[Value]) -> Value {
    Value::Str(characters.iter().map(Value::to_text).collect())
}

fn unique_string(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let kept = uniques(context, characters(args.get(0)), args.block.as_ref())?;
    Ok(joined(&kept))
}

fn unique_values(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let values = elements(args.get(0))
        .ok_or_else(|| fault("the value is not Iterable"))?
        .into_values();
    uniques(context, values, args.block.as_ref()).map(Value::Array)
}

/// A hash's values once each (by the block's value, if any), keyed by
/// the keys that had them.
fn unique_hash(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Hash(entries) = args.get(0) else {
        return Ok(Value::Undef);
    };
    let mut groups: Vec<(Value, Vec<Value>, Vec<Value>)> = Vec::new();
    for (key, value) in entries {
        let by = match &args.block {
            Some(block) => context.call_block(block, vec![value.clone()])?,
            None => value.clone(),
        };
        match groups.iter_mut().find(|(existing, _, _)| *existing == by) {
            Some((_, keys, values)) => {
                keys.push(key.clone());
                values.push(value.clone());
            }
            None => groups.push((by, vec![key.clone()], vec![value.clone()])),
        }
    }
    Ok(Value::Hash(
        groups
            .into_iter()
            .map(|(_, keys, mut values)| {
                let mut once: Vec<Value> = Vec::new();
                for value in values.drain(..) {
                    if !once.contains(&value) {
                        once.push(value);
                    }
                }
                (Value::Array(keys), Value::Array(once))
            })
            .collect(),
    ))
}

fn sort_string(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let sorted = sort(context, characters(args.get(0)), args.block.as_ref())?;
    Ok(joined(&sorted))
}

/// The values in the block's order, or Ruby's `<=>`.
fn sort(
    context: &mut dyn Context,
    mut values: Vec<Value>,
    block: Option<&Block<'_>>,
) -> Result<Vec<Value>> {
    let Some(block) = block else {
        // Ruby compares neighbours first: the first pair it cannot
        // compare is the error.
        for pair in values.windows(2) {
            ruby_compare(&pair[0], &pair[1])?;
        }
        let failure = RefCell::new(None);
        values.sort_by(|a, b| {
            ruby_compare(a, b).unwrap_or_else(|e| {
                failure.borrow_mut().get_or_insert(e);
                Ordering::Equal
            })
        });
        return match failure.into_inner() {
            Some(e) => Err(e),
            None => Ok(values),
        };
    };
    let failure = RefCell::new(None);
    let context = RefCell::new(context);
    values.sort_by(|a, b| {
        if failure.borrow().is_some() {
            return Ordering::Equal;
        }
        let order = context
            .borrow_mut()
            .call_block(block, vec![a.clone(), b.clone()]);
        match order {
            Ok(Value::Integer(order)) => order.cmp(&0),
            Ok(Value::Float(order)) => order.partial_cmp(&0.0).unwrap_or(Ordering::Equal),
            Ok(other) => {
                failure.borrow_mut().get_or_insert(fault(format!(
                    "comparison of {} with {} failed (the block gave {})",
                    ruby::class_name(a),
                    ruby::class_name(b),
                    ruby::inspect(&other)
                )));
                Ordering::Equal
            }
            Err(e) => {
                failure.borrow_mut().get_or_insert(e);
                Ordering::Equal
            }
        }
    });
    match failure.into_inner() {
        Some(e) => Err(e),
        None => Ok(values),
    }
}

/// Ruby's `<=>` as `sort` uses it: numbers, strings byte by byte, arrays
/// element by element; equal values of other kinds; else Ruby's error.
fn ruby_compare(a: &Value, b: &Value) -> Result<Ordering> {
    let order = match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let number =
                |value: &Value| crate::catalog::values::compare::number(value).unwrap_or(0.0);
            number(a).partial_cmp(&number(b))
        }
        (Value::Str(x), Value::Str(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Array(x), Value::Array(y)) => {
            let mut order = Some(x.len().cmp(&y.len()));
            for (p, q) in x.iter().zip(y) {
                match ruby_compare(p, q) {
                    Ok(Ordering::Equal) => continue,
                    Ok(other) => {
                        order = Some(other);
                        break;
                    }
                    Err(_) => {
                        order = None;
                        break;
                    }
                }
            }
            order
        }
        _ if a == b => Some(Ordering::Equal),
        _ => None,
    };
    order.ok_or_else(|| {
        // Ruby names the second value itself when it is an immediate one.
        let second = match b {
            Value::Undef
            | Value::Bool(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::Default => ruby::inspect(b),
            other => ruby::class_name(other).to_string(),
        };
        fault(format!(
            "comparison of {} with {second} failed",
            ruby::class_name(a)
        ))
    })
}

fn length(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::Integer(match args.get(0) {
        Value::Array(items) => items.len() as i64,
        Value::Hash(entries) => entries.len() as i64,
        Value::Str(text) => text.chars().count() as i64,
        Value::Binary(bytes) => bytes.len() as i64,
        _ => 0,
    }))
}

fn empty(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::Bool(match args.get(0) {
        Value::Array(items) => items.is_empty(),
        Value::Hash(entries) => entries.is_empty(),
        Value::Str(text) => text.is_empty(),
        Value::Binary(bytes) => bytes.is_empty(),
        _ => false,
    }))
}
