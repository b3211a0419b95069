//! `Type.new(args)`: a value of a type made from arguments, as each of
//! Puppet's types makes them (`Integer('0x1F')`, `Boolean('yes')`,
//! `Sensitive($x)`).

use super::Type;
use crate::catalog::values::Value;

/// Why `new` refused its arguments, in Puppet's words.
#[derive(Debug)]
pub enum NewError {
    /// The arguments fit none of the type's dispatches: Puppet names the
    /// function (`'new' The string 'ff' cannot be converted to Integer`).
    Mismatch(String),
    /// The conversion itself failed (Ruby's `invalid value for
    /// Integer(): "08"`): Puppet gives its words alone.
    Failed(String),
}

impl NewError {
    /// The words without the function's name.
    pub fn into_message(self) -> String {
        match self {
            NewError::Mismatch(message) | NewError::Failed(message) => message,
        }
    }
}

impl std::fmt::Display for NewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NewError::Mismatch(message) => write!(f, "'new' {message}"),
            NewError::Failed(message) => f.write_str(message),
        }
    }
}

/// Whether `Init[ty]` may make values: `ty` has a `new` of its own (in
/// Puppet 7.23, a `new_function`), and is no `Init`, `Optional` or
/// `NotUndef`.
pub fn can_initialize(ty: &Type) -> bool {
    matches!(
        ty.resolved(),
        Type::Type(_)
            | Type::Unit
            | Type::Numeric
            | Type::Integer(_)
            | Type::Float(_)
            | Type::String(_)
            | Type::Regexp(_)
            | Type::Boolean(_)
            | Type::Struct(_)
            | Type::Tuple(..)
            | Type::Array(..)
            | Type::Hash(..)
            | Type::Binary
            | Type::SemVer(_)
            | Type::SemVerRange
            | Type::Sensitive(_)
            | Type::Timespan(_)
            | Type::Timestamp(_)
            | Type::Uri
            | Type::Error
            | Type::Deferred
            | Type::Object(_)
    )
}

/// A new value of `ty` from `args`, or Puppet's words for why not.
pub fn new_value(ty: &Type, args: &[Value]) -> Result<Value, NewError> {
    match ty.resolved() {
        Type::Integer(_) => new_integer(args),
        _ => new_of_type(ty, args).map_err(NewError::Mismatch),
    }
}

fn new_of_type(ty: &Type, args: &[Value]) -> Result<Value, String> {
    let first = args.first().cloned().unwrap_or(Value::Undef);
    match ty.resolved() {
        Type::Sensitive(_) => Ok(match first {
            Value::Sensitive(value) => Value::Sensitive(value),
            value => Value::Sensitive(Box::new(value)),
        }),
        Type::String(_) => {
            crate::catalog::values::types::string::convert(&first, args.get(1)).map(Value::Str)
        }
        ty @ (Type::Float(_) | Type::Numeric) => {
            let name = if matches!(ty, Type::Numeric) {
                "Numeric"
            } else {
                "Float"
            };
            match &first {
                Value::Integer(value) if name == "Float" => Ok(Value::Float(*value as f64)),
                Value::Timespan(span) => Ok(Value::Float(span.as_float())),
                Value::Timestamp(stamp) => Ok(Value::Float(stamp.as_float())),
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

/// Puppet's `Integer.new(from, radix, abs)` or `Integer.new({from =>
/// ..., radix => ..., abs => ...})`.
fn new_integer(args: &[Value]) -> Result<Value, NewError> {
    let named = |entries: &[(Value, Value)], key: &str| Value::entry(entries, key).cloned();
    let (from, radix, abs) = match args {
        [Value::Hash(entries)] => (
            named(entries, "from").unwrap_or(Value::Undef),
            named(entries, "radix"),
            named(entries, "abs"),
        ),
        _ => (
            args.first().cloned().unwrap_or(Value::Undef),
            args.get(1).cloned(),
            args.get(2).cloned(),
        ),
    };
    let radix = match radix {
        None | Some(Value::Default) => None,
        Some(Value::Integer(radix @ (2 | 8 | 10 | 16))) => Some(radix as u32),
        Some(other) => {
            return Err(NewError::Failed(format!(
                "Illegal radix: {}, expected 2, 8, 10, 16, or default",
                other.to_text()
            )))
        }
    };
    let value = match &from {
        Value::Integer(value) => *value,
        Value::Float(value) => *value as i64,
        Value::Timespan(span) => span.seconds() as i64,
        Value::Timestamp(stamp) => stamp.seconds() as i64,
        Value::Bool(value) => i64::from(*value),
        Value::Str(text) if is_lenient_integer(text) => {
            crate::catalog::values::ruby::integer_with_radix(text, radix)
                .map_err(NewError::Failed)?
        }
        Value::Str(text) => {
            return Err(NewError::Mismatch(format!(
                "The string '{text}' cannot be converted to Integer"
            )))
        }
        other => {
            return Err(NewError::Mismatch(format!(
                "Value of type {} cannot be converted to Integer",
                super::generalized(&super::infer(other))
            )))
        }
    };
    Ok(Value::Integer(if abs == Some(Value::Bool(true)) {
        value.abs()
    } else {
        value
    }))
}

/// Puppet's `INTEGER_PATTERN_LENIENT`: a sign, blanks, then digits, `0x`
/// hex or `0b` binary.
fn is_lenient_integer(text: &str) -> bool {
    let body = text
        .strip_prefix(['+', '-'])
        .unwrap_or(text)
        .trim_start_matches(|c: char| c.is_ascii_whitespace());
    let (digits, valid): (&str, fn(char) -> bool) =
        if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            (hex, |c| c.is_ascii_hexdigit())
        } else if let Some(binary) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
            (binary, |c| c == '0' || c == '1')
        } else {
            (body, |c| c.is_ascii_digit())
        };
    !digits.is_empty() && digits.chars().all(valid)
}
