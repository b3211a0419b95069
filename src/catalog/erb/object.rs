//! Ruby's objects as templates see them: Puppet's values converted as
//! Puppet converts them (undef is `nil`, `default` the symbol `:default`),
//! and Ruby's truth, text, comparison and equality.

use super::{unsupported, Result, Unsupported};
use crate::catalog::values::Value;

/// A Ruby object.
#[derive(Clone, Debug, PartialEq)]
pub enum Object {
    Nil,
    Bool(bool),
    Integer(i64),
    Float(f64),
    Str(String),
    /// A pattern's source.
    Regex(String),
    Array(Vec<Object>),
    Hash(Vec<(Object, Object)>),
    Symbol(String),
    /// A class constant (`Hash`, `String`).
    Class(String),
    /// A Puppet value templates can only print (a type, a sensitive value).
    Opaque(String),
}

impl Object {
    /// A Puppet value as Ruby sees it.
    pub fn from_puppet(value: &Value) -> Object {
        match value {
            Value::Undef => Object::Nil,
            Value::Default => Object::Symbol("default".to_string()),
            Value::Bool(b) => Object::Bool(*b),
            Value::Integer(n) => Object::Integer(*n),
            Value::Float(f) => Object::Float(*f),
            Value::Str(text) => Object::Str(text.clone()),
            Value::Regex(regexp) => Object::Regex(regexp.source().to_string()),
            Value::Array(items) => Object::Array(items.iter().map(Object::from_puppet).collect()),
            Value::Hash(entries) => Object::Hash(
                entries
                    .iter()
                    .map(|(k, v)| (Object::from_puppet(k), Object::from_puppet(v)))
                    .collect(),
            ),
            other => Object::Opaque(other.to_text()),
        }
    }

    /// The value of `key` in a hash.
    pub fn hash_get(&self, key: &Object) -> Option<&Object> {
        match self {
            Object::Hash(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A Ruby object as a Puppet value (a function's argument).
    pub fn to_puppet(&self) -> Value {
        match self {
            Object::Nil => Value::Undef,
            Object::Bool(b) => Value::Bool(*b),
            Object::Integer(n) => Value::Integer(*n),
            Object::Float(f) => Value::Float(*f),
            Object::Str(text) | Object::Opaque(text) | Object::Class(text) => {
                Value::Str(text.clone())
            }
            Object::Symbol(name) if name == "default" => Value::Default,
            Object::Symbol(name) => Value::Str(name.clone()),
            Object::Regex(source) => {
                Value::Regex(crate::catalog::values::Regexp::new(source.clone()))
            }
            Object::Array(items) => Value::Array(items.iter().map(Object::to_puppet).collect()),
            Object::Hash(entries) => Value::Hash(
                entries
                    .iter()
                    .map(|(k, v)| (k.to_puppet(), v.to_puppet()))
                    .collect(),
            ),
        }
    }
}

pub(super) fn hash_insert(entries: &mut Vec<(Object, Object)>, key: Object, value: Object) {
    match entries.iter_mut().find(|(existing, _)| *existing == key) {
        Some((_, existing)) => *existing = value,
        None => entries.push((key, value)),
    }
}

/// A Ruby symbol (`:name`).
pub(super) fn symbol(name: &str) -> Object {
    Object::Symbol(name.to_string())
}

pub(super) fn truthy(value: &Object) -> bool {
    !matches!(value, Object::Nil | Object::Bool(false))
}

pub(super) fn class_of(value: &Object) -> &'static str {
    match value {
        Object::Nil => "NilClass",
        Object::Bool(true) => "TrueClass",
        Object::Bool(false) => "FalseClass",
        Object::Integer(_) => "Integer",
        Object::Float(_) => "Float",
        Object::Str(_) => "String",
        Object::Array(_) => "Array",
        Object::Hash(_) => "Hash",
        Object::Regex(_) => "Regexp",
        Object::Symbol(_) => "Symbol",
        Object::Class(_) => "Class",
        Object::Opaque(_) => "Object",
    }
}

/// Ruby's `to_s`, as `<%= %>` and `#{}` write a value.
pub(super) fn to_s(value: &Object) -> String {
    match value {
        Object::Nil => String::new(),
        Object::Str(text) => text.clone(),
        Object::Float(number) => float_to_s(*number),
        Object::Array(_) | Object::Hash(_) => inspect(value),
        Object::Symbol(name) | Object::Class(name) | Object::Opaque(name) => name.clone(),
        Object::Bool(b) => b.to_string(),
        Object::Integer(n) => n.to_string(),
        Object::Regex(source) => {
            let (on, source) = regex_flags(source);
            let off: String = "mix".chars().filter(|flag| !on.contains(*flag)).collect();
            let off = if off.is_empty() {
                String::new()
            } else {
                format!("-{off}")
            };
            format!("(?{on}{off}:{source})")
        }
    }
}

/// A regexp's Ruby flags (in Ruby's order `mix`), from the engine's that
/// its literal's flags became, and its source without them.
fn regex_flags(source: &str) -> (String, &str) {
    let Some((flags, rest)) = source
        .strip_prefix("(?")
        .and_then(|rest| rest.split_once(')'))
        .filter(|(flags, _)| !flags.is_empty() && flags.chars().all(|f| "isx".contains(f)))
    else {
        return (String::new(), source);
    };
    let ruby: String = [('s', 'm'), ('i', 'i'), ('x', 'x')]
        .iter()
        .filter(|(engine, _)| flags.contains(*engine))
        .map(|(_, ruby)| *ruby)
        .collect();
    (ruby, rest)
}

/// Ruby's `inspect` (Ruby 3.1's, that of Debian's Puppet).
pub(super) fn inspect(value: &Object) -> String {
    match value {
        Object::Nil => "nil".to_string(),
        Object::Str(text) => {
            let mut quoted = String::from("\"");
            for c in text.chars() {
                match c {
                    '"' => quoted.push_str("\\\""),
                    '\\' => quoted.push_str("\\\\"),
                    '\n' => quoted.push_str("\\n"),
                    '\t' => quoted.push_str("\\t"),
                    '\r' => quoted.push_str("\\r"),
                    '\u{1b}' => quoted.push_str("\\e"),
                    '#' => quoted.push('#'),
                    c if (c as u32) < 0x20 => quoted.push_str(&format!("\\x{:02X}", c as u32)),
                    c => quoted.push(c),
                }
            }
            quoted.push('"');
            quoted
        }
        Object::Array(items) => format!(
            "[{}]",
            items.iter().map(inspect).collect::<Vec<_>>().join(", ")
        ),
        Object::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(key, value)| format!("{}=>{}", inspect(key), inspect(value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Object::Symbol(name) => format!(":{name}"),
        Object::Regex(source) => {
            let (flags, source) = regex_flags(source);
            format!("/{source}/{flags}")
        }
        other => to_s(other),
    }
}

/// Ruby's `Float#to_s`.
pub(super) fn float_to_s(number: f64) -> String {
    crate::catalog::values::types::float::ruby_float(number)
}

pub(super) fn number(value: &Object) -> Option<f64> {
    match value {
        Object::Integer(value) => Some(*value as f64),
        Object::Float(value) => Some(*value),
        _ => None,
    }
}

/// Ruby's `<=>` for what `sort` meets: numbers, strings, arrays.
pub(super) fn compare(a: &Object, b: &Object) -> Result<std::cmp::Ordering> {
    match (a, b) {
        (Object::Integer(a), Object::Integer(b)) => Ok(a.cmp(b)),
        (Object::Str(a), Object::Str(b)) => Ok(a.as_bytes().cmp(b.as_bytes())),
        (Object::Array(a), Object::Array(b)) => {
            for (x, y) in a.iter().zip(b) {
                let order = compare(x, y)?;
                if order.is_ne() {
                    return Ok(order);
                }
            }
            Ok(a.len().cmp(&b.len()))
        }
        _ => match (number(a), number(b)) {
            (Some(a), Some(b)) => a
                .partial_cmp(&b)
                .ok_or_else(|| Unsupported("comparison of NaN".to_string())),
            _ => unsupported(format!(
                "comparison of {} with {} failed",
                class_of(a),
                class_of(b)
            )),
        },
    }
}

pub(super) fn equal(a: &Object, b: &Object) -> bool {
    match (number(a), number(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// `when` matching: classes by kind, regexes by match, else `==`.
pub(super) fn case_equal(pattern: &Object, subject: &Object) -> Result<bool> {
    Ok(match pattern {
        Object::Class(class) => is_a(subject, class),
        Object::Regex(regex) => match subject {
            Object::Str(text) => compile(regex)?.is_match(text),
            _ => false,
        },
        other => equal(other, subject),
    })
}

pub(super) fn is_a(value: &Object, class: &str) -> bool {
    let own = class_of(value);
    own == class
        || match class {
            "Object" | "BasicObject" => true,
            "Numeric" => matches!(value, Object::Integer(_) | Object::Float(_)),
            "Fixnum" | "Bignum" => matches!(value, Object::Integer(_)),
            "Enumerable" => matches!(value, Object::Array(_) | Object::Hash(_)),
            _ => false,
        }
}

pub(super) fn compile(pattern: &str) -> Result<regex::Regex> {
    regex::Regex::new(pattern).map_err(|_| Unsupported(format!("the regex /{pattern}/")))
}
