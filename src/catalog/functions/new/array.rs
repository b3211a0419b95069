//! `Array(from, wrap?)`: Puppet's `new_array`.

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::{array, data_type};
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
    array::elements_of(args.get(0))
        .map(Value::Array)
        .ok_or_else(|| refusal(args.get(0)))
}

fn wrapped(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(match args.get(0) {
        Value::Array(_) => args.get(0).clone(),
        other => Value::Array(vec![other.clone()]),
    })
}

/// The message of the error: the registry names the function.
fn refuse(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Value::string(cannot_convert(args.get(0))))
}

fn refusal(from: &Value) -> crate::catalog::EvalError {
    fault(format!("'new_array' {}", cannot_convert(from)))
}

fn cannot_convert(from: &Value) -> String {
    format!(
        "Value of type {} cannot be converted to Array",
        data_type::generalized(&data_type::infer(from))
    )
}
