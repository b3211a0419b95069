//! Iteration with a block: `each`, `map`, `filter`, `reduce`, `any`,
//! `all`, `group_by`, `partition`. A block of two parameters takes a
//! hash's key and value, or an index and a value; of one, the entry as a
//! `[key, value]` pair, or the value. `break()` ends an iteration early
//! with what it has so far.

use crate::catalog::functions::{fault, Args, Block, Context, Registry};
use crate::catalog::values::types::iterable::{elements, Elements};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    for (name, body) in [
        ("each", each as super::super::Body),
        ("map", map),
        ("filter", filter),
        ("any", any),
        ("all", all),
    ] {
        registry
            .add(name, "Hash[Any, Any] $hash, Callable[2, 2] &$block", body)
            .add(name, "Hash[Any, Any] $hash, Callable[1, 1] &$block", body)
            .add(name, "Iterable $enumerable, Callable[2, 2] &$block", body)
            .add(name, "Iterable $enumerable, Callable[1, 1] &$block", body);
    }
    registry
        .add(
            "reduce",
            "Iterable $enumerable, Callable[2, 2] &$block",
            reduce,
        )
        .add(
            "reduce",
            "Iterable $enumerable, Any $memo, Callable[2, 2] &$block",
            reduce,
        );
    for (name, body) in [
        ("group_by", group_by as super::super::Body),
        ("partition", partition),
    ] {
        registry
            .add(name, "Collection $collection, Callable[1, 1] &$block", body)
            .add(name, "Array $array, Callable[2, 2] &$block", body)
            .add(name, "Collection $collection, Callable[2, 2] &$block", body);
    }
}

/// Runs `step` for each element, with the arguments a block of `pairs`
/// parameters takes; stops at `break()`.
fn for_each(
    context: &mut dyn Context,
    block: &Block<'_>,
    elements: &Elements,
    mut step: impl FnMut(&mut dyn Context, usize, Vec<Value>) -> Result<()>,
) -> Result<()> {
    // The first dispatch that fits takes two arguments when it can.
    let arity = block.arity();
    let pairs = arity.min <= 2 && arity.max.is_none_or(|max| max >= 2);
    let arguments = |index: usize| -> Vec<Value> {
        match elements {
            Elements::Entries(entries) => {
                let (key, value) = entries[index].clone();
                if pairs {
                    vec![key, value]
                } else {
                    vec![Value::Array(vec![key, value])]
                }
            }
            Elements::Values(values) => {
                if pairs {
                    vec![Value::Integer(index as i64), values[index].clone()]
                } else {
                    vec![values[index].clone()]
                }
            }
        }
    };
    for index in 0..elements.len() {
        match step(context, index, arguments(index)) {
            Err(e) if e.is_break() => break,
            other => other?,
        }
    }
    Ok(())
}

fn subject(args: &Args<'_>) -> Result<Elements> {
    elements(args.get(0)).ok_or_else(|| fault("the value is not Iterable"))
}

fn each(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    let elements = subject(&args)?;
    for_each(context, &block, &elements, |context, _, arguments| {
        context.call_block(&block, arguments).map(drop)
    })?;
    Ok(args.values.into_iter().next().unwrap_or(Value::Undef))
}

fn map(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    let elements = subject(&args)?;
    let mut results = Vec::new();
    for_each(context, &block, &elements, |context, _, arguments| {
        results.push(context.call_block(&block, arguments)?);
        Ok(())
    })?;
    Ok(Value::Array(results))
}

fn filter(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    let elements = subject(&args)?;
    let mut kept = Vec::new();
    for_each(context, &block, &elements, |context, index, arguments| {
        if context.call_block(&block, arguments)?.is_truthy() {
            kept.push(index);
        }
        Ok(())
    })?;
    Ok(match elements {
        Elements::Entries(entries) => {
            Value::Hash(kept.into_iter().map(|i| entries[i].clone()).collect())
        }
        Elements::Values(values) => {
            Value::Array(kept.into_iter().map(|i| values[i].clone()).collect())
        }
    })
}

/// Folds the elements with the block, from the memo given or the first
/// element; `break()` ends it with the memo so far.
fn reduce(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    let mut values = subject(&args)?.into_values().into_iter();
    let mut memo = match args.opt(1) {
        Some(memo) => memo.clone(),
        None => match values.next() {
            Some(first) => first,
            None => return Ok(Value::Undef),
        },
    };
    for value in values {
        match context.call_block(&block, vec![memo.clone(), value]) {
            Ok(next) => memo = next,
            Err(e) if e.is_break() => break,
            Err(e) => return Err(e),
        }
    }
    Ok(memo)
}

/// The index of the first element the block is true for, if any.
fn first_true(context: &mut dyn Context, args: &Args<'_>) -> Result<Option<usize>> {
    let block = args.block()?;
    let elements = subject(args)?;
    let mut found = None;
    for_each(context, &block, &elements, |context, index, arguments| {
        if found.is_none() && context.call_block(&block, arguments)?.is_truthy() {
            found = Some(index);
            return Err(crate::catalog::EvalError::jump(crate::catalog::Jump::Break));
        }
        Ok(())
    })?;
    Ok(found)
}

fn any(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::Bool(first_true(context, &args)?.is_some()))
}

fn all(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    let elements = subject(&args)?;
    let mut every = true;
    for_each(context, &block, &elements, |context, _, arguments| {
        if !context.call_block(&block, arguments)?.is_truthy() {
            every = false;
            return Err(crate::catalog::EvalError::jump(crate::catalog::Jump::Break));
        }
        Ok(())
    })?;
    Ok(Value::Bool(every))
}

/// The elements with the block's value for each: a hash's entries as
/// `[key, value]` pairs, an array's values.
fn judged(context: &mut dyn Context, args: &Args<'_>) -> Result<Vec<(Value, Value)>> {
    let block = args.block()?;
    let elements = subject(args)?;
    let mut verdicts = Vec::new();
    for_each(context, &block, &elements, |context, _, arguments| {
        verdicts.push(context.call_block(&block, arguments)?);
        Ok(())
    })?;
    Ok(elements.into_values().into_iter().zip(verdicts).collect())
}

/// The elements grouped by the block's value, the groups in the order
/// their first elements come.
fn group_by(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let mut groups: Vec<(Value, Value)> = Vec::new();
    for (element, key) in judged(context, &args)? {
        match groups.iter_mut().find(|(existing, _)| *existing == key) {
            Some((_, Value::Array(members))) => members.push(element),
            _ => groups.push((key, Value::Array(vec![element]))),
        }
    }
    Ok(Value::Hash(groups))
}

/// The elements the block is true for, and the others.
fn partition(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let (mut yes, mut no) = (Vec::new(), Vec::new());
    for (element, verdict) in judged(context, &args)? {
        if verdict.is_truthy() {
            yes.push(element);
        } else {
            no.push(element);
        }
    }
    Ok(Value::Array(vec![Value::Array(yes), Value::Array(no)]))
}
