//! Control flow: the jumps (`break`, `next`, `return`), the functions that
//! call their block or not (`then`, `lest`, `with`) and `call`, which
//! calls a function by name, or a deferred call now.

use crate::catalog::functions::{Args, Context, Registry};
use crate::catalog::values::types::deferred::Deferred;
use crate::catalog::values::Value;
use crate::catalog::{EvalError, Jump, Result};

pub fn register(registry: &mut Registry) {
    registry
        .add("break", "", |_, _| Err(EvalError::jump(Jump::Break)))
        .add("next", "Any $value?", |_, args| {
            Err(EvalError::jump(Jump::Next(args.get(0).clone())))
        })
        .add("return", "Any $value?", |_, args| {
            Err(EvalError::jump(Jump::Return(args.get(0).clone())))
        })
        .add("then", "Any $arg, Callable[1, 1] &$block", then)
        .add("lest", "Any $arg, Callable[0, 0] &$block", lest)
        .add("with", "Any *$arg, Callable &$block", with)
        .add(
            "call",
            "String $function_name, Any *$arguments, Callable &$block?",
            call,
        )
        .add("call", "Deferred $deferred", call_deferred);
}

/// The block's value for the argument, unless it is undef.
fn then(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    match args.get(0) {
        Value::Undef => Ok(Value::Undef),
        value => context.call_block(&block, vec![value.clone()]),
    }
}

/// The argument, or the block's value when it is undef.
fn lest(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    match args.get(0) {
        Value::Undef => context.call_block(&block, Vec::new()),
        value => Ok(value.clone()),
    }
}

fn with(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let block = args.block()?;
    context.call_block(&block, args.values)
}

fn call(context: &mut dyn Context, mut args: Args<'_>) -> Result<Value> {
    let name = args.values.remove(0).to_text();
    if !context.function_exists(&name) {
        return Err(crate::catalog::functions::fault(format!(
            "Unknown function '{name}'"
        )));
    }
    context.call_function(&name, args.values, args.block.as_ref())
}

/// `$deferred.call()`: the deferred call made now, as Puppet's
/// `DeferredResolver#resolve` makes it.
fn call_deferred(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    resolve(context, args.get(0))
}

/// The value with each deferred call in it made: arrays, hashes and
/// sensitive values are searched; a `$name` call digs into the top
/// scope's variable `name`.
fn resolve(context: &mut dyn Context, value: &Value) -> Result<Value> {
    Ok(match value {
        Value::Deferred(deferred) => {
            let Deferred { name, arguments } = &**deferred;
            let mut resolved = Vec::new();
            for argument in arguments.iter().flatten() {
                resolved.push(resolve(context, argument)?);
            }
            match name.strip_prefix('$') {
                Some(variable) => {
                    let top = context
                        .variable(&format!("::{variable}"))
                        .unwrap_or(Value::Undef);
                    resolved.insert(0, top);
                    context.call_function("dig", resolved, None)?
                }
                None => context.call_function(name, resolved, None)?,
            }
        }
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|item| resolve(context, item))
                .collect::<Result<_>>()?,
        ),
        Value::Hash(entries) => Value::Hash(
            entries
                .iter()
                .map(|(key, value)| Ok((key.clone(), resolve(context, value)?)))
                .collect::<Result<_>>()?,
        ),
        Value::Sensitive(inner) => Value::Sensitive(Box::new(resolve(context, inner)?)),
        other => other.clone(),
    })
}
