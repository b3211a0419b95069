//! Navigating into values: `dig`, `get` (a dotted path) and `getvar` (a
//! variable, then a dotted path).

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::data_type::infer;
use crate::catalog::values::types::object::error;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add("dig", "Optional[Collection] $data, Any *$arg", |_, args| {
            dig(args.get(0), &args.values[1..]).map_err(|e| fault(e.message))
        })
        .add(
            "get",
            "Any $value, String $dotted_string, Any $default_value?, Callable[1, 1] &$block?",
            get,
        )
        .add(
            "getvar",
            "Pattern[/\\A(?:::)?(?:[a-z]\\w*::)*[a-z_]\\w*(?:\\.|\\Z)/] $get_string, \
             Any $default_value?, Callable[1, 1] &$block?",
            getvar,
        )
        .argument_mismatch(
            "getvar",
            "String $get_string, Any $default_value?, Callable &$block?",
            |_, _| {
                Ok(Value::string(
                    "The given string does not start with a valid variable name",
                ))
            },
        );
}

/// Ruby's `inspect` of the path walked so far, for dig's messages.
fn walked(path: &[Value]) -> String {
    let parts: Vec<String> = path
        .iter()
        .map(|key| match key {
            Value::Str(text) => format!("{text:?}"),
            other => other.to_text(),
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// Why `dig` could not step into a value: Puppet's `Error` data of it,
/// which `get` and `getvar` give their block.
struct SliceError {
    message: String,
    /// `EXPECTED_COLLECTION` or `EXPECTED_INTEGER_INDEX`.
    issue_code: &'static str,
    /// The keys walked, and the type that stopped the walk (`value_type`
    /// or `index_type`).
    details: Vec<(Value, Value)>,
}

impl SliceError {
    /// The `Error` object Puppet yields.
    fn into_value(self) -> Value {
        error::new_error(self.message, "SLICE_ERROR", self.details, self.issue_code)
    }
}

/// `dig(data, keys...)`: undef as soon as a step finds nothing.
fn dig(data: &Value, keys: &[Value]) -> std::result::Result<Value, SliceError> {
    let mut current = data.clone();
    for (index, key) in keys.iter().enumerate() {
        if current == Value::Undef || *key == Value::Undef {
            return Ok(Value::Undef);
        }
        let walked_path = |count: usize| Value::Array(keys[..count].to_vec());
        current = match &current {
            Value::Hash(_) => current.hash_get(key).cloned().unwrap_or(Value::Undef),
            Value::Array(items) => match key {
                Value::Integer(at) => {
                    let at = if *at < 0 {
                        items.len() as i64 + at
                    } else {
                        *at
                    };
                    usize::try_from(at)
                        .ok()
                        .and_then(|at| items.get(at).cloned())
                        .unwrap_or(Value::Undef)
                }
                other => {
                    let ty = infer(other);
                    return Err(SliceError {
                        message: format!(
                            "The given data requires an Integer index at {}, got '{ty}'",
                            walked(&keys[..=index]),
                        ),
                        issue_code: "EXPECTED_INTEGER_INDEX",
                        details: vec![
                            (Value::string("walked_path"), walked_path(index + 1)),
                            (Value::string("index_type"), Value::of_type(ty)),
                        ],
                    });
                }
            },
            other => {
                let ty = infer(other);
                return Err(SliceError {
                    message: format!(
                        "The given data does not contain a Collection at {}, got '{ty}'",
                        walked(&keys[..index]),
                    ),
                    issue_code: "EXPECTED_COLLECTION",
                    details: vec![
                        (Value::string("walked_path"), walked_path(index)),
                        (Value::string("value_type"), Value::of_type(ty)),
                    ],
                });
            }
        };
    }
    Ok(current)
}

/// The segments of a dotted path (`a.'b.c'.0`): quoted segments as
/// written, numbers as integers.
fn segments(path: &str) -> Result<Vec<Value>> {
    let mut found = Vec::new();
    let mut rest = path;
    while !rest.is_empty() {
        let trimmed = rest.trim_start();
        let (segment, after) = match trimmed.chars().next() {
            Some(quote @ ('"' | '\'')) => {
                let end = trimmed[1..]
                    .find(quote)
                    .ok_or_else(|| fault("Syntax error in dotted-navigation string"))?;
                (
                    Value::Str(trimmed[1..=end].to_string()),
                    &trimmed[end + 2..],
                )
            }
            _ => {
                let end = trimmed.find('.').unwrap_or(trimmed.len());
                let text = trimmed[..end].trim();
                if text.is_empty() {
                    return Err(fault("Syntax error in dotted-navigation string"));
                }
                let value = match text.parse::<i64>() {
                    Ok(number) => Value::Integer(number),
                    Err(_) => Value::Str(text.to_string()),
                };
                (value, &trimmed[end..])
            }
        };
        found.push(segment);
        let after = after.trim_start();
        rest = match after.strip_prefix('.') {
            Some(next) if !next.is_empty() => next,
            Some(_) => return Err(fault("Syntax error in dotted-navigation string")),
            None if after.is_empty() => after,
            None => return Err(fault("Syntax error in dotted-navigation string")),
        };
    }
    Ok(found)
}

fn get(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    navigate(
        context,
        args.get(0).clone(),
        &args.get(1).to_text(),
        args.get(2).clone(),
        &args,
    )
}

fn navigate(
    context: &mut dyn Context,
    value: Value,
    path: &str,
    default: Value,
    args: &Args<'_>,
) -> Result<Value> {
    if value == Value::Undef {
        return Ok(default);
    }
    if path.is_empty() {
        return Ok(value);
    }
    let keys = segments(path)?;
    match (dig(&value, &keys), args.block) {
        (Ok(Value::Undef), _) => Ok(default),
        (Ok(found), _) => Ok(found),
        (Err(e), Some(block)) => context.call_block(&block, vec![e.into_value()]),
        (Err(e), None) => Err(fault(e.message)),
    }
}

/// `getvar('a::b.c.0')`: the variable, then the path into it; the
/// default when the variable is not set.
fn getvar(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let text = args.get(0).to_text();
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(text.len());
    let (name, rest) = text.split_at(end);
    let path = match rest.strip_prefix('.') {
        Some(path) => path,
        None if rest.is_empty() => "",
        None => {
            return Err(fault(format!(
                "First character after var name in get string must be a '.' - got {}",
                rest.chars().next().unwrap_or_default()
            )))
        }
    };
    let default = args.get(1).clone();
    match context.variable(name) {
        Some(value) => navigate(context, value, path, default, &args),
        None => Ok(default),
    }
}
