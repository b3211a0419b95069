//! Arrays: `any2array`, `concat`, `count`, `delete`, `delete_at`,
//! `delete_regex`, `delete_undef_values`, `difference`, `intersection`,
//! `union`, `member`, `grep`, `reject`, `reverse`, `shuffle`, `values_at`,
//! `zip`, `range`, and `stdlib::sort_by`.

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::{self, class_name, legacy_args};
use crate::catalog::values::{Regexp, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry, _version: Version) {
    registry
        .legacy("any2array", -1, any2array)
        .legacy("concat", -1, concat)
        .legacy("count", -2, count)
        .legacy("delete", -1, delete)
        .legacy("delete_at", -1, delete_at)
        .legacy("delete_regex", -1, delete_regex)
        .legacy("delete_undef_values", -1, delete_undef_values)
        .legacy("difference", -1, |_, args| {
            set_operation(args, "difference")
        })
        .legacy("intersection", -1, |_, args| {
            set_operation(args, "intersection")
        })
        .legacy("union", -1, union)
        .legacy("member", -1, member)
        .legacy("grep", -1, |_, args| grep(args, true))
        .legacy("reject", -1, |_, args| grep(args, false))
        .legacy("reverse", -1, reverse)
        .legacy("shuffle", -1, shuffle)
        .legacy("values_at", -1, values_at)
        .legacy("zip", -1, zip)
        .legacy("range", -1, super::numbers::range)
        .add(
            "stdlib::sort_by",
            "Array $ary, Callable[1,1] &$block",
            sort_by,
        )
        .add(
            "stdlib::sort_by",
            "String $str, Callable[1,1] &$block",
            sort_by,
        )
        .add(
            "stdlib::sort_by",
            "Hash $hsh, Variant[Callable[1,1], Callable[2,2]] &$block",
            sort_by,
        );
}

fn any2array(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    Ok(Value::Array(match args.as_slice() {
        [] => Vec::new(),
        [Value::Array(items)] => items.clone(),
        [Value::Str(text)] if text.is_empty() => Vec::new(),
        [Value::Hash(entries)] => entries
            .iter()
            .flat_map(|(key, value)| [key.clone(), value.clone()])
            .collect(),
        _ => args,
    }))
}

fn concat(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "concat(): Wrong number of arguments given ({} for < 2)",
            args.len()
        )));
    }
    let Value::Array(first) = &args[0] else {
        return Err(fault("concat(): Requires array to work with"));
    };
    let mut result = first.clone();
    for arg in &args[1..] {
        match arg {
            Value::Array(items) => result.extend(items.iter().cloned()),
            other => result.push(other.clone()),
        }
    }
    Ok(Value::Array(result))
}

fn count(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() > 2 {
        return Err(fault(format!(
            "count(): Wrong number of arguments given {} for 1 or 2.",
            args.len()
        )));
    }
    let item = args.get(1).filter(|item| item.is_truthy());
    let elements: Vec<Value> = match &args[0] {
        Value::Array(items) => items.clone(),
        Value::Hash(_) => ruby::array(&args[0]),
        other if item.is_none() && matches!(other, Value::Str(_)) => {
            return Err(fault("wrong number of arguments (given 0, expected 1+)"))
        }
        Value::Str(text) => {
            // `String#count` counts the characters of the set it is given.
            let Some(Value::Str(set)) = item else {
                return Err(super::no_string(item.unwrap_or(&Value::Undef)));
            };
            return Ok(Value::Integer(
                text.chars().filter(|c| set.contains(*c)).count() as i64,
            ));
        }
        other => return Err(fault(ruby::no_method("count", other))),
    };
    Ok(Value::Integer(match item {
        Some(item) => elements.iter().filter(|e| ruby::eq(e, item)).count(),
        None => elements
            .iter()
            .filter(|e| !matches!(e, Value::Undef) && **e != Value::Str(String::new()))
            .count(),
    } as i64))
}

fn delete(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 2 {
        return Err(fault(format!(
            "delete(): Wrong number of arguments given {} for 2",
            args.len()
        )));
    }
    let mut collection = args[0].clone();
    for item in ruby::array(&args[1]) {
        match &mut collection {
            Value::Array(items) => items.retain(|element| !ruby::eq(element, &item)),
            Value::Hash(entries) => entries.retain(|(key, _)| !ruby::eql(key, &item)),
            Value::Str(text) => match &item {
                Value::Str(part) if !part.is_empty() => *text = text.replace(part.as_str(), ""),
                Value::Str(_) => {}
                other => {
                    return Err(fault(format!(
                        "wrong argument type {} (expected Regexp)",
                        class_name(other)
                    )))
                }
            },
            other => {
                return Err(fault(format!(
                    "delete(): First argument must be an Array, String, or Hash. Given an argument of class {}.",
                    class_name(other)
                )))
            }
        }
    }
    Ok(collection)
}

fn delete_at(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "delete_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        )));
    }
    let Value::Array(items) = &args[0] else {
        return Err(fault("delete_at(): Requires array to work with"));
    };
    let index = match &args[1] {
        Value::Str(text) if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) => {
            return Err(fault(
                "delete_at(): You must provide non-negative numeric index",
            ))
        }
        Value::Str(text) => ruby::to_i(text),
        Value::Integer(index) => *index,
        Value::Float(index) => index.trunc() as i64,
        other => return Err(fault(ruby::no_method("to_i", other))),
    };
    let size = items.len() as i64;
    if index > size - 1 {
        return Err(fault(
            "delete_at(): Given index exceeds size of array given",
        ));
    }
    let mut result = items.clone();
    let at = if index < 0 { size + index } else { index };
    if at >= 0 {
        result.remove(at as usize);
    }
    Ok(Value::Array(result))
}

fn delete_regex(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 2 {
        return Err(fault(format!(
            "delete_regex(): Wrong number of arguments given {} for 2",
            args.len()
        )));
    }
    let mut collection = args[0].clone();
    for item in ruby::array(&args[1]) {
        let regexp = Regexp::new(format!("\\b{}\\b", ruby::to_s(&item)));
        if let Err(reason) = regexp.check() {
            return Err(fault(reason.to_string()));
        }
        let matches = |value: &Value| matches!(value, Value::Str(text) if regexp.is_match(text));
        match &mut collection {
            Value::Array(items) => items.retain(|element| !matches(element)),
            Value::Hash(entries) => entries.retain(|(key, _)| !matches(key)),
            Value::Str(_) => return Err(fault(ruby::no_method("reject!", &collection))),
            other => {
                return Err(fault(format!(
                    "delete_regex(): First argument must be an Array, Hash, or String. Given an argument of class {}.",
                    class_name(other)
                )))
            }
        }
    }
    Ok(collection)
}

fn delete_undef_values(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    match args.first() {
        None => Err(fault(format!(
            "delete_undef_values(): Wrong number of arguments given ({})",
            args.len()
        ))),
        Some(Value::Hash(entries)) => Ok(Value::Hash(
            entries
                .iter()
                .filter(|(_, value)| *value != Value::Undef)
                .cloned()
                .collect(),
        )),
        Some(Value::Array(items)) => Ok(Value::Array(
            items
                .iter()
                .filter(|value| **value != Value::Undef)
                .cloned()
                .collect(),
        )),
        Some(other) => Err(fault(format!(
            "delete_undef_values(): expected an array or hash, got {} type  {} ",
            ruby::to_s(other),
            class_name(other)
        ))),
    }
}

/// The elements of `items` without repeats (by `eql?`), first kept.
fn unique(items: impl IntoIterator<Item = Value>) -> Vec<Value> {
    let mut kept: Vec<Value> = Vec::new();
    for item in items {
        if !kept.iter().any(|k| ruby::eql(k, &item)) {
            kept.push(item);
        }
    }
    kept
}

/// `difference(a, b)` (`a - b`) and `intersection(a, b)` (`a & b`).
fn set_operation(args: Args<'_>, name: &str) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 2 {
        return Err(fault(format!(
            "{name}(): Wrong number of arguments given ({} for 2)",
            args.len()
        )));
    }
    let (Value::Array(first), Value::Array(second)) = (&args[0], &args[1]) else {
        return Err(fault(if name == "difference" {
            "difference(): Requires 2 arrays".to_string()
        } else {
            format!(
                "intersection(): Requires 2 arrays, got {} and {}",
                class_name(&args[0]),
                class_name(&args[1])
            )
        }));
    };
    let in_second = |item: &Value| second.iter().any(|other| ruby::eql(item, other));
    Ok(Value::Array(if name == "difference" {
        first
            .iter()
            .filter(|item| !in_second(item))
            .cloned()
            .collect()
    } else {
        unique(first.iter().filter(|item| in_second(item)).cloned())
    }))
}

fn union(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "union(): Wrong number of arguments given ({} for < 2)",
            args.len()
        )));
    }
    let mut all = Vec::new();
    for arg in &args {
        let Value::Array(items) = arg else {
            return Err(fault("union(): Every parameter must be an array"));
        };
        all.extend(items.iter().cloned());
    }
    Ok(Value::Array(unique(all)))
}

fn member(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "member(): Wrong number of arguments given ({} for 2)",
            args.len()
        )));
    }
    let Value::Array(array) = &args[0] else {
        return Err(fault("member(): Requires array to work with"));
    };
    let items = match &args[1] {
        Value::Str(_) | Value::Integer(_) => vec![args[1].clone()],
        Value::Array(items) if items.is_empty() => {
            return Err(fault(
                "member(): You must provide item to search for within array given",
            ))
        }
        Value::Array(items) => items.clone(),
        _ => {
            return Err(fault(
                "member(): Item to search for must be a string, fixnum, or array",
            ))
        }
    };
    Ok(Value::Bool(items.iter().all(|item| {
        array.iter().any(|element| ruby::eql(element, item))
    })))
}

/// `grep(array, pattern)` (kept: the elements the pattern matches) and
/// `reject` (those it does not): the pattern is read as Ruby's
/// `Regexp.new` reads a string (a regexp comes as its text with slashes).
fn grep(args: Args<'_>, keep: bool) -> Result<Value> {
    let name = if keep { "grep" } else { "reject" };
    let args = legacy_args(&args.values);
    if args.len() != 2 {
        return Err(fault(format!(
            "{name}(): Wrong number of arguments given {} for 2",
            args.len()
        )));
    }
    // Its arguments are a 3.x function's: a regexp comes as its text.
    let regexp = super::string_regexp(&args[1])?;
    let elements = match &args[0] {
        Value::Array(items) => items.clone(),
        Value::Hash(_) => ruby::array(&args[0]),
        other => {
            let method = if keep { "grep" } else { "grep_v" };
            return Err(fault(ruby::no_method(method, other)));
        }
    };
    Ok(Value::Array(
        elements
            .into_iter()
            .filter(|item| matches!(item, Value::Str(text) if regexp.is_match(text)) == keep)
            .collect(),
    ))
}

fn reverse(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    match args.first() {
        None => Err(fault(
            "reverse(): Wrong number of arguments given (0 for 1)",
        )),
        Some(Value::Array(items)) => Ok(Value::Array(items.iter().rev().cloned().collect())),
        Some(Value::Str(text)) => Ok(Value::Str(text.chars().rev().collect())),
        Some(_) => Err(fault(
            "reverse(): Requires either array or string to work with",
        )),
    }
}

/// `shuffle`: Ruby's `rand`, unseeded: marked unevaluated unless nothing
/// can move.
fn shuffle(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let size = match args.first() {
        None => {
            return Err(fault(
                "shuffle(): Wrong number of arguments given (0 for 1)",
            ))
        }
        Some(Value::Array(items)) => items.len(),
        Some(Value::Str(text)) => text.chars().count(),
        Some(_) => {
            return Err(fault(
                "shuffle(): Requires either array or string to work with",
            ))
        }
    };
    if size <= 1 {
        return Ok(args[0].clone());
    }
    Ok(context.unevaluated(
        "shuffle()".to_string(),
        "a random order, different at each compilation",
    ))
}

fn values_at(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "values_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        )));
    }
    let Value::Array(array) = &args[0] else {
        return Err(fault("values_at(): Requires array to work with"));
    };
    let indices = super::super::super::values::types::array::flatten(&args[1..2]);
    if indices.is_empty() {
        return Err(fault(
            "values_at(): You must provide at least one positive index to collect",
        ));
    }
    let size = array.len() as i64;
    let mut chosen = Vec::new();
    static RANGE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^(\d+)(\.\.\.?|-)(\d+)$").expect("a valid pattern")
    });
    for index in indices {
        let text = ruby::to_s(&index);
        let text = text.strip_suffix('\n').unwrap_or(&text);
        if let Some(range) = RANGE.captures(text) {
            let start: i64 = range[1].parse().unwrap_or(i64::MAX);
            let stop: i64 = range[3].parse().unwrap_or(i64::MAX);
            if start > stop {
                return Err(fault(
                    "values_at(): Stop index in given indices range is smaller than the start index",
                ));
            }
            if stop > size - 1 {
                return Err(fault(
                    "values_at(): Stop index in given indices range exceeds array size",
                ));
            }
            let end = if &range[2] == "..." { stop } else { stop + 1 };
            chosen.extend(start..end);
        } else {
            if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                return Err(fault("values_at(): Unknown format of given index"));
            }
            let at: i64 = text.parse().unwrap_or(i64::MAX);
            if at > size - 1 {
                return Err(fault("values_at(): Given index exceeds array size"));
            }
            chosen.push(at);
        }
    }
    Ok(Value::Array(
        chosen
            .into_iter()
            .map(|at| array[at as usize].clone())
            .filter(|value| *value != Value::Undef)
            .collect(),
    ))
}

fn zip(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "zip(): Wrong number of arguments given ({} for 2)",
            args.len()
        )));
    }
    let (Value::Array(a), Value::Array(b)) = (&args[0], &args[1]) else {
        return Err(fault("zip(): Requires array to work with"));
    };
    let flatten = match args.get(2) {
        Some(flag) if flag.is_truthy() => super::numbers::str2bool_of(flag)?,
        _ => false,
    };
    let pairs: Vec<Value> = a
        .iter()
        .enumerate()
        .map(|(index, item)| {
            Value::Array(vec![
                item.clone(),
                b.get(index).cloned().unwrap_or(Value::Undef),
            ])
        })
        .collect();
    Ok(Value::Array(if flatten {
        crate::catalog::values::types::array::flatten(&pairs)
    } else {
        pairs
    }))
}

/// `stdlib::sort_by`: the elements ordered by what the block makes of
/// each (Ruby's `<=>`): a string's characters joined again, a hash's
/// entries made a hash again.
fn sort_by(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    // Ruby yields one value; a lambda wanting more fails as Puppet's
    // closures do.
    if let Some(name) = block
        .lambda
        .params
        .get(1)
        .filter(|p| p.default.is_none() && !p.splat)
    {
        return Err(fault(format!(
            "Parameter ${} is required but no value was given",
            name.name
        )));
    }
    let elements: Vec<Value> = match args.get(0) {
        Value::Array(items) => items.clone(),
        Value::Str(text) => text.chars().map(|c| Value::Str(c.to_string())).collect(),
        hash @ Value::Hash(_) => ruby::array(hash),
        _ => Vec::new(),
    };
    let mut keyed = Vec::with_capacity(elements.len());
    for element in elements {
        keyed.push((context.call_block(&block, vec![element.clone()])?, element));
    }
    // Ruby fails on the first keys it cannot compare; taken in order.
    for (i, (a, _)) in keyed.iter().enumerate() {
        if let Some((b, _)) = keyed[i + 1..]
            .iter()
            .find(|(b, _)| ruby::cmp(a, b).is_none())
        {
            return Err(fault(ruby::comparison_failed(a, b)));
        }
    }
    keyed.sort_by(|(a, _), (b, _)| ruby::cmp(a, b).unwrap_or(std::cmp::Ordering::Equal));
    let sorted = keyed.into_iter().map(|(_, element)| element);
    Ok(match args.get(0) {
        Value::Str(_) => Value::Str(sorted.map(|c| c.to_text()).collect()),
        Value::Hash(_) => Value::Hash(
            sorted
                .filter_map(|pair| match pair {
                    Value::Array(pair) if pair.len() == 2 => {
                        Some((pair[0].clone(), pair[1].clone()))
                    }
                    _ => None,
                })
                .collect(),
        ),
        _ => Value::Array(sorted.collect()),
    })
}
