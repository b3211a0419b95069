//! `Deferred(name, arguments?)` and `Deferred({name, arguments})`:
//! Puppet's `new_Deferred`, the `new` of its `Deferred` object type.

use crate::catalog::functions::{Args, Context, Registry};
use crate::catalog::values::types::deferred::Deferred;
use crate::catalog::values::Value;
use crate::catalog::Result;

/// The names a deferred call may have: a function's, or a variable's.
const NAME: &str = r"Pattern[/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/]";

pub fn register(registry: &mut Registry) {
    let from_hash = format!("Struct[{{'name' => {NAME}, 'arguments' => Optional[Array]}}] $hash");
    let from_values = format!("{NAME} $name, Optional[Array] $arguments?");
    registry
        .add("new_Deferred", &from_hash, from_hash_body)
        .add("new_Deferred", &from_values, from_values_body);
}

fn from_hash_body(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let hash = args.get(0);
    Ok(Deferred::value(
        hash.hash_get(&Value::string("name"))
            .map(Value::to_text)
            .unwrap_or_default(),
        match hash.hash_get(&Value::string("arguments")) {
            Some(Value::Array(arguments)) => Some(arguments.clone()),
            _ => None,
        },
    ))
}

fn from_values_body(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(Deferred::value(
        args.get(0).to_text(),
        match args.opt(1) {
            Some(Value::Array(arguments)) => Some(arguments.clone()),
            _ => None,
        },
    ))
}
