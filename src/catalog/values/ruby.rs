//! What Ruby sees of Puppet's values, for the Ruby that pfacts evaluates
//! itself (stdlib's functions, YAML): the arguments of a 3.x function as
//! Puppet converts them (`undef` given as `''`, a regexp as its text), a
//! value's Ruby class and `inspect` text, which messages show, and Ruby's
//! readings of numbers (`Integer('0x1f')`, `Float('1e3')`, `'12abc'.to_i`).

use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::Value;

/// The arguments as a 3.x function receives them: an `undef` argument is
/// `''` (within an array or hash it stays `nil`), a regexp is its text
/// with slashes, anywhere.
pub fn legacy_args(values: &[Value]) -> Vec<Value> {
    values
        .iter()
        .map(|value| match value {
            Value::Undef => Value::Str(String::new()),
            other => legacy_inner(other),
        })
        .collect()
}

fn legacy_inner(value: &Value) -> Value {
    match value {
        Value::Regex(regexp) => Value::Str(regexp.with_delimiters()),
        Value::Array(items) => Value::Array(items.iter().map(legacy_inner).collect()),
        Value::Hash(entries) => Value::Hash(
            entries
                .iter()
                .map(|(key, value)| (legacy_inner(key), legacy_inner(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The Ruby class of the value as a function sees it (`value.class`).
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
        Value::Type(ty) if ty.as_reference().is_some() => "Puppet::Resource",
        Value::Type(_) => "Puppet::Pops::Types::PAnyType",
        Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        Value::Deferred(_) => "Deferred",
        Value::Timespan(_) => "Puppet::Pops::Time::Timespan",
        Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp",
        Value::SemVer(_) => "SemanticPuppet::Version",
        Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary",
        Value::SemVerRange(_) => "SemanticPuppet::VersionRange",
        Value::Object(_) => "Puppet::Pops::Types::PuppetObject",
        Value::Uri(_) => "URI::Generic",
        Value::Iterator(_) => "Puppet::Pops::Types::Iterator",
        Value::Unevaluated(_) => "Object",
    }
}

/// Ruby's `to_s` of the value: strings as they are, `nil` empty, arrays
/// and hashes as `inspect` writes them, a regexp as a group with its
/// options (`(?-mix:b)`; Puppet's have none).
pub fn to_s(value: &Value) -> String {
    match value {
        Value::Undef => String::new(),
        Value::Str(text) => text.clone(),
        Value::Regex(regexp) => format!("(?-mix:{})", regexp.source()),
        Value::Array(_) | Value::Hash(_) => inspect(value),
        Value::Type(ty) => match ty.as_reference() {
            Some((type_name, title)) => format!("{type_name}[{title}]"),
            None => ty.to_string(),
        },
        other => other.to_text(),
    }
}

/// Ruby's `inspect` of the value (Ruby 3.1: `{"a"=>1}`, `nil`, `:default`).
pub fn inspect(value: &Value) -> String {
    match value {
        Value::Undef => "nil".to_string(),
        Value::Default => ":default".to_string(),
        Value::Bool(value) => value.to_string(),
        Value::Integer(value) => value.to_string(),
        Value::Float(value) => ruby_float(*value),
        Value::Str(text) => inspect_str(text),
        Value::Regex(regexp) => regexp.with_delimiters(),
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
        Value::Sensitive(_) => "#<Sensitive [value redacted]>".to_string(),
        other => to_s(other),
    }
}

/// Ruby's `String#inspect`: double quotes, escapes for quotes, backslashes,
/// control characters and `#{`, `#$`, `#@`.
pub fn inspect_str(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x0C' => out.push_str("\\f"),
            '\x0B' => out.push_str("\\v"),
            '\x08' => out.push_str("\\b"),
            '\x07' => out.push_str("\\a"),
            '\x1B' => out.push_str("\\e"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The radix a number's prefix says (`0x`, `0b`, `0o`, `0d`, a leading
/// `0` for octal) and its digits after it, as Ruby's `Integer()` reads
/// them; `text` is lower case.
fn radix_prefix(text: &str) -> (u32, &str) {
    for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0d", 10)] {
        if let Some(digits) = text.strip_prefix(prefix) {
            return (radix, digits);
        }
    }
    match text.len() > 1 && text.starts_with('0') {
        true => (8, &text[1..]),
        false => (10, text),
    }
}

/// Ruby's `Integer(text)`: optional blanks around, a sign, `0x`, `0b`,
/// `0o` or a leading `0` (octal) prefix, underscores between digits.
pub fn integer(text: &str) -> Option<i64> {
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    let (negative, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let lower = rest.to_ascii_lowercase();
    let (radix, digits) = radix_prefix(&lower);
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    let magnitude = i64::from_str_radix(&clean, radix).ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

/// Ruby's `Integer(text)` or `Integer(text, radix)` on what Puppet's
/// `Integer.new` lets through (a sign, blanks, then decimal or octal
/// digits, `0x` hex or `0b` binary), with blanks after the sign dropped
/// as Puppet retries; Ruby's words when it refuses.
pub fn integer_with_radix(text: &str, radix: Option<u32>) -> Result<i64, String> {
    let refused = || format!("invalid value for Integer(): {}", inspect_str(text));
    let (negative, body) = match text.as_bytes().first() {
        Some(b'-') => (true, text[1..].trim_start_matches([' ', '\t'])),
        Some(b'+') => (false, text[1..].trim_start_matches([' ', '\t'])),
        // Ruby reads blanks before the number.
        _ => (
            false,
            text.trim_start_matches(|c: char| c.is_ascii_whitespace()),
        ),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = match radix {
        None => radix_prefix(&lower),
        Some(16) => (16, lower.strip_prefix("0x").unwrap_or(&lower)),
        Some(2) => (2, lower.strip_prefix("0b").unwrap_or(&lower)),
        Some(8) => (8, lower.strip_prefix("0o").unwrap_or(&lower)),
        Some(radix) => (radix, lower.as_str()),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(refused());
    }
    let magnitude = i64::from_str_radix(digits, radix).map_err(|_| refused())?;
    Ok(if negative { -magnitude } else { magnitude })
}

/// Ruby's `Float(text)`: a decimal number, with blanks around, an
/// exponent, underscores between digits; also what `Integer()` reads.
pub fn float(text: &str) -> Option<f64> {
    let trimmed = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if trimmed.is_empty() || trimmed.contains("__") {
        return None;
    }
    let body = trimmed.trim_start_matches(['+', '-']);
    let lower = body.to_ascii_lowercase();
    if lower.starts_with("0x") || lower.starts_with("0b") || lower.starts_with("0o") {
        return integer(trimmed).map(|value| value as f64);
    }
    // Digits on both sides of a point and of underscores, as Ruby wants.
    let bytes = body.as_bytes();
    for (index, &byte) in bytes.iter().enumerate() {
        if byte == b'.' || byte == b'_' {
            let before = index.checked_sub(1).map(|i| bytes[i]);
            let after = bytes.get(index + 1);
            if !before.is_some_and(|b| b.is_ascii_digit())
                || !after.is_some_and(|b| b.is_ascii_digit())
            {
                return None;
            }
        }
    }
    if !body
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'_' | b'e' | b'E' | b'+' | b'-'))
        || !body.starts_with(|c: char| c.is_ascii_digit())
    {
        return None;
    }
    trimmed.replace('_', "").parse().ok()
}

/// Ruby's `String#to_i`: the leading integer, 0 when there is none.
pub fn to_i(text: &str) -> i64 {
    let text = text.trim_start();
    let mut end = 0;
    let bytes = text.as_bytes();
    if matches!(bytes.first(), Some(b'-' | b'+')) {
        end = 1;
    }
    let digits_start = end;
    while end < bytes.len()
        && (bytes[end].is_ascii_digit() || (bytes[end] == b'_' && end > digits_start))
    {
        end += 1;
    }
    text[..end].replace('_', "").parse().unwrap_or(0)
}

/// Ruby's `String#to_f`: the leading decimal number, 0.0 when there is none.
pub fn to_f(text: &str) -> f64 {
    let text = text.trim_start();
    let bytes = text.as_bytes();
    let mut end = 0;
    if matches!(bytes.first(), Some(b'-' | b'+')) {
        end = 1;
    }
    let mut best = None;
    let mut seen_digit = false;
    let mut seen_point = false;
    let mut seen_exponent = false;
    while end < bytes.len() {
        let byte = bytes[end];
        if byte.is_ascii_digit() {
            seen_digit = true;
            end += 1;
            best = Some(end);
        } else if byte == b'.' && !seen_point && !seen_exponent && seen_digit {
            seen_point = true;
            end += 1;
        } else if matches!(byte, b'e' | b'E') && seen_digit && !seen_exponent {
            seen_exponent = true;
            end += 1;
            if matches!(bytes.get(end), Some(b'-' | b'+')) {
                end += 1;
            }
        } else {
            break;
        }
    }
    best.and_then(|end| text[..end].parse().ok()).unwrap_or(0.0)
}

/// Ruby's value of `value.to_i` for the values 3.x functions call it on.
pub fn value_to_i(value: &Value) -> i64 {
    match value {
        Value::Integer(value) => *value,
        Value::Float(value) => value.trunc() as i64,
        Value::Str(text) => to_i(text),
        _ => 0,
    }
}

/// Ruby's `==`: numbers by value (`1 == 1.0`), strings exactly, arrays
/// element by element, hashes by their entries in any order.
pub fn eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            *x as f64 == *y
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| eq(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter().all(|(key, value)| {
                    y.iter()
                        .find(|(other, _)| eql(key, other))
                        .is_some_and(|(_, other)| eq(value, other))
                })
        }
        _ => a == b,
    }
}

/// Ruby's `eql?`, by which hashes find keys and `Array#-`, `&`, `|` and
/// `uniq` compare: as `==`, but `1` is not `1.0`.
pub fn eql(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| eql(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter().all(|(key, value)| {
                    y.iter()
                        .find(|(other, _)| eql(key, other))
                        .is_some_and(|(_, other)| eql(value, other))
                })
        }
        _ => a == b,
    }
}

/// Ruby's `<=>`: numbers with numbers, strings with strings (by bytes),
/// arrays element by element; `None` where Ruby finds them incomparable.
pub fn cmp(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => Some(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let number = |v: &Value| match v {
                Value::Integer(i) => *i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            number(a).partial_cmp(&number(b))
        }
        (Value::Str(x), Value::Str(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y) {
                match cmp(p, q)? {
                    std::cmp::Ordering::Equal => continue,
                    other => return Some(other),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        (Value::Bool(x), Value::Bool(y)) if x == y => Some(std::cmp::Ordering::Equal),
        (Value::Undef, Value::Undef) => Some(std::cmp::Ordering::Equal),
        _ => None,
    }
}

/// Ruby's message when `<=>` finds two values incomparable while sorting.
pub fn comparison_failed(a: &Value, b: &Value) -> String {
    // Ruby names the second by `inspect` when it is an immediate value.
    let shown = |v: &Value| match v {
        Value::Integer(_) | Value::Float(_) | Value::Undef | Value::Bool(_) | Value::Default => {
            inspect(v)
        }
        _ => class_name(v).to_string(),
    };
    format!("comparison of {} with {} failed", class_name(a), shown(b))
}

/// Ruby's `Array(value)`: an array as it is, `nil` none, a hash its
/// pairs, anything else alone.
pub fn array(value: &Value) -> Vec<Value> {
    match value {
        Value::Array(items) => items.clone(),
        Value::Undef => Vec::new(),
        Value::Hash(entries) => entries
            .iter()
            .map(|(key, value)| Value::Array(vec![key.clone(), value.clone()]))
            .collect(),
        other => vec![other.clone()],
    }
}

/// Ruby's `NoMethodError` text for `method` called on `value`.
pub fn no_method(method: &str, value: &Value) -> String {
    // Ruby 3.1 names the receiver by its `inspect` and class.
    format!(
        "undefined method `{method}' for {}:{}",
        inspect(value),
        class_name(value)
    )
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

/// Ruby's `Regexp.escape`: what a pattern reads as syntax gets a
/// backslash; space and the control characters are written as escapes.
pub fn regexp_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' | '#' => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push_str("\\ "),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\x0C' => out.push_str("\\f"),
            '\x0B' => out.push_str("\\v"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_ruby_reads_them() {
        assert_eq!(integer(" 0x1f "), Some(31));
        assert_eq!(integer("010"), Some(8));
        assert_eq!(integer("1_000"), Some(1000));
        assert_eq!(integer("1.5"), None);
        assert_eq!(integer(""), None);
        assert_eq!(float("1e3"), Some(1000.0));
        assert_eq!(float("1."), None);
        assert_eq!(float(".5"), None);
        assert_eq!(float("abc"), None);
        assert_eq!(to_i("12abc"), 12);
        assert_eq!(to_f("1.5e3x"), 1500.0);
        assert_eq!(to_f("1.x"), 1.0);
    }

    #[test]
    fn strings_inspect_as_ruby() {
        assert_eq!(inspect_str("a\"b\n#{x}"), "\"a\\\"b\\n\\#{x}\"");
    }
}
