//! `Type.new(args)`: a value of a type made from arguments, as each of
//! Puppet's types makes them (`Integer('0x1F')`, `Boolean('yes')`,
//! `Sensitive($x)`).

use super::Type;
use crate::catalog::values::Value;

/// A new value of `ty` from `args`, or Puppet's words for why not.
pub fn new_value(ty: &Type, args: &[Value]) -> Result<Value, String> {
    let first = args.first().cloned().unwrap_or(Value::Undef);
    match ty.resolved() {
        Type::Sensitive(_) => Ok(match first {
            Value::Sensitive(value) => Value::Sensitive(value),
            value => Value::Sensitive(Box::new(value)),
        }),
        Type::String(_) => {
            crate::catalog::values::types::string::convert(&first, args.get(1)).map(Value::Str)
        }
        Type::Integer(_) => match &first {
            Value::Integer(value) => Ok(Value::Integer(*value)),
            Value::Float(value) => Ok(Value::Integer(*value as i64)),
            Value::Str(text) => text
                .trim()
                .parse()
                .map(Value::Integer)
                .map_err(|_| format!("The string '{text}' cannot be converted to Integer")),
            _ => Err("Integer(): cannot convert".to_string()),
        },
        ty @ (Type::Float(_) | Type::Numeric) => {
            let name = if matches!(ty, Type::Numeric) {
                "Numeric"
            } else {
                "Float"
            };
            match &first {
                Value::Integer(value) if name == "Float" => Ok(Value::Float(*value as f64)),
                number @ (Value::Integer(_) | Value::Float(_)) => Ok(number.clone()),
                Value::Str(text) => {
                    let text = text.trim();
                    match (name, text.parse::<i64>(), text.parse::<f64>()) {
                        ("Numeric", Ok(integer), _) => Ok(Value::Integer(integer)),
                        (_, _, Ok(float)) => Ok(Value::Float(float)),
                        _ => Err(format!("The string '{text}' cannot be converted to {name}")),
                    }
                }
                _ => Err(format!("{name}(): cannot convert")),
            }
        }
        Type::Boolean(_) => match &first {
            Value::Bool(value) => Ok(Value::Bool(*value)),
            Value::Integer(value) => Ok(Value::Bool(*value != 0)),
            Value::Float(value) => Ok(Value::Bool(*value != 0.0)),
            Value::Str(text) => match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "y" => Ok(Value::Bool(true)),
                "false" | "no" | "n" => Ok(Value::Bool(false)),
                _ => Err(format!(
                    "The string '{text}' cannot be converted to Boolean"
                )),
            },
            _ => Err("Boolean(): cannot convert".to_string()),
        },
        other => Err(format!(
            "Creation of new instance of type '{other}' is not supported"
        )),
    }
}
