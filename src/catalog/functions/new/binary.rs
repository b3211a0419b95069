//! `Binary(...)`: Puppet's `new_Binary`, from a string in a Base64 format
//! (or its bytes), from an array of bytes, or from a hash of either.

use std::rc::Rc;

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::binary::{self, FORMATS};
use crate::catalog::values::Value;
use crate::catalog::Result;

const BYTES: &str = "Array[Integer[0, 255]]";

pub fn register(registry: &mut Registry) {
    let hash = format!(
        "Variant[Struct[{{'value' => String, 'format' => Optional[{FORMATS}]}}], \
         Struct[{{'value' => {BYTES}}}]] $hash_args"
    );
    registry
        .add(
            "new_Binary",
            &format!("String $str, {FORMATS} $format?"),
            from_string,
        )
        .add("new_Binary", &format!("{BYTES} $byte_array"), from_array)
        .add("new_Binary", &hash, from_hash);
}

fn value(bytes: Vec<u8>) -> Value {
    Value::Binary(Rc::new(bytes))
}

fn decoded(text: &Value, format: Option<&Value>) -> Result<Value> {
    let format = format
        .filter(|f| !matches!(f, Value::Undef))
        .map(Value::to_text);
    binary::from_string(&text.to_text(), format.as_deref())
        .map(value)
        .map_err(fault)
}

fn bytes_of(array: &Value) -> Value {
    let Value::Array(items) = array else {
        return value(Vec::new());
    };
    value(
        items
            .iter()
            .filter_map(|item| match item {
                Value::Integer(byte) => u8::try_from(*byte).ok(),
                _ => None,
            })
            .collect(),
    )
}

fn from_string(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    decoded(args.get(0), args.opt(1))
}

fn from_array(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(bytes_of(args.get(0)))
}

fn from_hash(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Hash(entries) = args.get(0) else {
        return Err(fault("Binary(): expects a hash"));
    };
    match Value::entry(entries, "value") {
        Some(array @ Value::Array(_)) => Ok(bytes_of(array)),
        Some(text) => decoded(text, Value::entry(entries, "format")),
        None => Ok(value(Vec::new())),
    }
}
