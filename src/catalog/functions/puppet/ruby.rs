//! Puppet's Ruby functions see values as Ruby objects: how Ruby writes
//! them (`to_s`, `inspect`) and names their classes in its messages.

use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::Value;

/// Ruby's `to_s`: arrays and hashes as Ruby inspects them, `nil` empty.
pub fn to_s(value: &Value) -> String {
    match value {
        Value::Array(_) | Value::Hash(_) => inspect(value),
        other => other.to_text(),
    }
}

/// Ruby's `inspect`: strings double-quoted with escapes, `nil`, hashes
/// with `=>`.
pub fn inspect(value: &Value) -> String {
    match value {
        Value::Undef => "nil".to_string(),
        Value::Default => ":default".to_string(),
        Value::Str(text) => {
            let mut out = String::from("\"");
            for c in text.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\t' => out.push_str("\\t"),
                    '\r' => out.push_str("\\r"),
                    '\u{1b}' => out.push_str("\\e"),
                    c if (c as u32) < 0x20 => out.push_str(&format!("\\x{:02X}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
        Value::Float(number) => ruby_float(*number),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(inspect).collect::<Vec<_>>().join(", ")
        ),
        Value::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(key, value)| format!("{}=>{}", inspect(key), inspect(value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_text(),
    }
}

/// The Ruby class Puppet holds a value in.
pub fn class_name(value: &Value) -> &'static str {
    match value {
        Value::Undef => "NilClass",
        Value::Default => "Symbol",
        Value::Bool(true) => "TrueClass",
        Value::Bool(false) => "FalseClass",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Str(_) => "String",
        Value::Regex(_) => "Regexp",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Type(_) => "Puppet::Pops::Types::PAnyType",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        Value::Unevaluated(_) => "Object",
    }
}

/// How Ruby's conversion errors name a value: `nil`, `true` and `false`
/// by themselves, others by their class (`no implicit conversion of
/// Integer into String`).
pub fn conversion_name(value: &Value) -> &'static str {
    match value {
        Value::Undef => "nil",
        Value::Bool(true) => "true",
        Value::Bool(false) => "false",
        other => class_name(other),
    }
}
