//! Types and conversions: `new` (and a type called as a function,
//! `Integer($x)`), `assert_type`, `unwrap`.

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::data_type::{describe_mismatch, new_value};
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add("new", "Type $type, Any *$args, Callable &$block?", new)
        .add(
            "assert_type",
            "Type $type, Any $value, Callable[Type, Type] &$block?",
            assert_type,
        )
        .add("unwrap", "Sensitive $arg, Callable &$block?", unwrap)
        .add("unwrap", "Any $arg, Callable &$block?", unwrap);
}

fn new(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Type(ty) = args.get(0) else {
        return Err(fault("new(): the first argument must be a type"));
    };
    let given = &args.values[1..];
    // A value that already is one is taken as it is, block or not.
    if let [value] = given {
        if !matches!(**ty, Type::Init(..)) && ty.is_instance(value) {
            return Ok(value.clone());
        }
    }
    // The time of the compilation is not the catalog's: marked.
    if matches!(ty.resolved(), Type::Timestamp) && given.is_empty() {
        return Ok(context.unevaluated("Timestamp()".to_string(), "the time of the compilation"));
    }
    let value = match crate::catalog::functions::new::function_for(ty) {
        Some(name) => {
            let functions = crate::catalog::functions::new::functions();
            let function = functions
                .get(name)
                .expect("a function for each type it names");
            function.call(context, given.to_vec(), None)?
        }
        None => new_value(ty, given).map_err(fault)?,
    };
    if let Some(mismatch) = describe_mismatch(ty, &value) {
        return Err(fault(format!(
            "Converted value from {ty}.new() has wrong type, {mismatch}"
        )));
    }
    match args.block {
        Some(block) => context.call_block(&block, vec![value]),
        None => Ok(value),
    }
}

fn assert_type(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Type(expected) = args.get(0) else {
        return Ok(args.get(1).clone());
    };
    let value = args.get(1);
    if expected.is_instance(value) {
        return Ok(value.clone());
    }
    match args.block {
        Some(block) => {
            let actual = crate::catalog::values::types::data_type::infer_set(value);
            context.call_block(
                &block,
                vec![Value::of_type((**expected).clone()), Value::of_type(actual)],
            )
        }
        None => Err(fault(format!(
            "assert_type(): {}",
            describe_mismatch(expected, value).unwrap_or_default()
        ))),
    }
}

fn unwrap(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let value = match args.get(0) {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    };
    match args.block {
        Some(block) => context.call_block(&block, vec![value]),
        None => Ok(value),
    }
}
