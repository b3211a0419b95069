//! `Array(from, wrap?)`: Puppet's `new_array`.

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::array;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add(
            "new_array",
            "Variant[Array, Hash, Binary, Iterable] $from, Boolean[false] $wrap?",
            convert,
        )
        .add("new_array", "Any $from, Boolean[true] $wrap", wrapped)
        .argument_mismatch("new_array", "Any $from, Boolean $wrap?", refuse);
}

fn convert(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    array::from_value(args.get(0), false)
        .map(Value::Array)
        .map_err(|message| fault(format!("'new_array' {message}")))
}

fn wrapped(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    array::from_value(args.get(0), true)
        .map(Value::Array)
        .map_err(fault)
}

/// The message of the error: the registry names the function.
fn refuse(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::string(
        array::from_value(args.get(0), false)
            .err()
            .unwrap_or_default(),
    ))
}
