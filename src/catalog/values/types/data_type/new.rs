//! `Type.new(args)`: a value of a type made from arguments, as each of
//! Puppet's types makes them (`Integer('0x1F')`, `Boolean('yes')`,
//! `Sensitive($x)`).

use super::Type;
use std::rc::Rc;

use crate::catalog::values::types::uri::Uri;
use crate::catalog::values::{Regexp, Value};

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
            | Type::Uri(_)
            | Type::Deferred
            | Type::Object(_)
    )
}

/// A new value of `ty` from `args`, or Puppet's words for why not.
pub fn new_value(ty: &Type, args: &[Value]) -> Result<Value, NewError> {
    match ty.resolved() {
        Type::Integer(_) => new_integer(args),
        // `new_string`'s words name it, or are the conversion's alone.
        Type::String(_) => crate::catalog::values::types::string::new_string(args)
            .map(Value::Str)
            .map_err(NewError::Failed),
        // `Optional[T]` and `NotUndef[T]` make a `T`.
        Type::Optional(Some(inner)) | Type::NotUndef(Some(inner)) => new_value(&inner, args),
        _ => new_of_type(ty, args).map_err(NewError::Mismatch),
    }
}

/// The hash `URI.new` builds from (Puppet's `TYPE_URI_INIT_HASH`).
fn uri_parts_type() -> Type {
    super::text::parse(
        "Struct[{Optional['scheme'] => String[1], Optional['userinfo'] => String[1], \
         Optional['host'] => String[1], Optional['port'] => Integer[0], \
         Optional['path'] => String[1], Optional['query'] => String[1], \
         Optional['fragment'] => String[1], Optional['opaque'] => String[1]}]",
    )
    .expect("Puppet's type of a URI's parts")
}

fn new_of_type(ty: &Type, args: &[Value]) -> Result<Value, String> {
    let first = args.first().cloned().unwrap_or(Value::Undef);
    match ty.resolved() {
        // `URI(text)` or `URI({scheme => ..., ...})`.
        Type::Uri(_) => match (&first, args.len()) {
            (Value::Str(text), 1) if !text.is_empty() => {
                Uri::parse(text).map(|uri| Value::Uri(Rc::new(uri)))
            }
            (Value::Hash(entries), 1) if uri_parts_type().is_instance(&first) => {
                Ok(Value::Uri(Rc::new(Uri::from_parts(entries))))
            }
            _ => Err(format!(
                "Creation of new instance of type 'URI' is not supported with {}",
                crate::catalog::values::display::label(&first)
            )),
        },
        // As `new_array` makes one (`lookup_options`' `convert_to` names
        // the type without a compiler at hand).
        Type::Array(..) | Type::Tuple(..) => match args {
            [from] | [from, Value::Bool(false)] => {
                super::super::array::from_value(from, false).map(Value::Array)
            }
            [from, Value::Bool(true)] => {
                super::super::array::from_value(from, true).map(Value::Array)
            }
            [_, wrap] => Err(format!(
                "'new_array' parameter 'wrap' expects a Boolean value, got {}",
                crate::catalog::values::display::label(wrap)
            )),
            _ => Err(format!(
                "'new_array' expects between 1 and 2 arguments, got {}",
                args.len()
            )),
        },
        // Puppet's `new_function` of Regexp (which it names `new_float`).
        Type::Regexp(_) => match args {
            [Value::Str(pattern)] | [Value::Str(pattern), Value::Bool(false)] => {
                Ok(Value::Regex(Regexp::new(pattern.clone())))
            }
            [Value::Str(pattern), Value::Bool(true)] => Ok(Value::Regex(Regexp::new(
                crate::catalog::values::ruby::regexp_escape(pattern),
            ))),
            [] | [_, _, _, ..] => Err(format!(
                "'new_float' expects between 1 and 2 arguments, got {}",
                args.len()
            )),
            [Value::Str(_), escape] => Err(format!(
                "'new_float' parameter 'escape' expects a Boolean value, got {}",
                crate::catalog::values::display::label(escape)
            )),
            [pattern, ..] => Err(format!(
                "'new_float' parameter 'pattern' expects a String value, got {}",
                crate::catalog::values::display::label(pattern)
            )),
        },
        Type::Sensitive(_) => Ok(match first {
            Value::Sensitive(value) => Value::Sensitive(value),
            value => Value::Sensitive(Box::new(value)),
        }),
        ty @ (Type::Float(_) | Type::Numeric) => new_number(matches!(ty, Type::Float(_)), args),
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

/// Puppet's `Float.new(from, abs)` and `Numeric.new(from, abs)`, or with
/// a hash `{from => ..., abs => ...}`: numbers, booleans, time values and
/// strings as Puppet converts them (`Numeric`: hexadecimal and binary as
/// integers, then Puppet's number reading; `Float`: Ruby's `Float()`, a
/// blank after the sign forgiven).
fn new_number(float: bool, args: &[Value]) -> Result<Value, String> {
    let name = if float { "Float" } else { "Numeric" };
    let (from, abs) = match args {
        [Value::Hash(entries)] => (
            Value::entry(entries, "from")
                .cloned()
                .unwrap_or(Value::Undef),
            Value::entry(entries, "abs").cloned(),
        ),
        _ => (
            args.first().cloned().unwrap_or(Value::Undef),
            args.get(1).cloned(),
        ),
    };
    let value = match &from {
        Value::Integer(n) if float => Value::Float(*n as f64),
        Value::Bool(b) if float => Value::Float(if *b { 1.0 } else { 0.0 }),
        Value::Bool(b) => Value::Integer(i64::from(*b)),
        number @ (Value::Integer(_) | Value::Float(_)) => number.clone(),
        Value::Timespan(span) => Value::Float(span.as_float()),
        Value::Timestamp(stamp) => Value::Float(stamp.as_float()),
        Value::Str(text) => number_of_text(text, float)
            .ok_or_else(|| format!("The string '{text}' cannot be converted to {name}"))?,
        other => {
            return Err(format!(
                "Value of type {} cannot be converted to {name}",
                super::generalized(&super::infer(other))
            ))
        }
    };
    Ok(match (value, abs) {
        (Value::Integer(n), Some(Value::Bool(true))) => Value::Integer(n.abs()),
        (Value::Float(f), Some(Value::Bool(true))) => Value::Float(f.abs()),
        (value, _) => value,
    })
}

/// The number `text` is for `Float.new` (`float`) or `Numeric.new`.
fn number_of_text(text: &str, float: bool) -> Option<Value> {
    let radix = match text.as_bytes() {
        [b'0', b'b' | b'B', ..] => Some(2),
        [b'0', b'x' | b'X', ..] if !float => Some(16),
        _ => None,
    };
    if let Some(radix) = radix {
        let n = i64::from_str_radix(&text[2..], radix).ok()?;
        return Some(if float {
            Value::Float(n as f64)
        } else {
            Value::Integer(n)
        });
    }
    if !float {
        return crate::catalog::values::arithmetic::to_number(text);
    }
    ruby_float(text)
        .or_else(|| {
            // Puppet tries again without blanks between the sign and the number.
            let sign = text
                .trim_start()
                .chars()
                .next()
                .filter(|c| matches!(c, '+' | '-'))?;
            let rest = text.trim_start()[1..].trim_start();
            ruby_float(&format!("{sign}{rest}"))
        })
        .map(Value::Float)
}

/// Ruby's `Float(text)`: a decimal or hexadecimal number, blanks around.
fn ruby_float(text: &str) -> Option<f64> {
    let text = text.trim();
    let (negative, body) = match text.strip_prefix('-') {
        Some(body) => (true, body),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let value = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        i64::from_str_radix(hex, 16).ok()? as f64
    } else {
        let valid = body.starts_with(|c: char| c.is_ascii_digit())
            && body.bytes().all(|b| {
                b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-' | b'_')
            });
        if !valid {
            return None;
        }
        body.replace('_', "").parse::<f64>().ok()?
    };
    Some(if negative { -value } else { value })
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
