//! Strings made from values: `String(value, format)`, as Puppet's
//! `StringConverter` makes them.

use crate::catalog::values::display::quoted;
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::Value;

/// `String(value)` or `String(value, format)`.
pub fn convert(value: &Value, format: Option<&Value>) -> Result<String, String> {
    match format {
        None => Ok(match value {
            Value::Str(text) => text.clone(),
            Value::Undef => String::new(),
            Value::Array(_) | Value::Hash(_) => programmatic(value),
            other => other.to_text(),
        }),
        Some(Value::Str(format)) if format == "%p" => Ok(programmatic(value)),
        Some(Value::Str(format)) if format == "%s" => Ok(match value {
            Value::Str(text) => text.clone(),
            other => convert(other, None)?,
        }),
        Some(other) => Err(format!(
            "pfacts does not convert with the format {} yet",
            programmatic(other)
        )),
    }
}

/// The `%p` form: a value as Puppet code would write it (strings quoted,
/// `undef`, types by their names).
pub fn programmatic(value: &Value) -> String {
    match value {
        Value::Undef => "undef".to_string(),
        Value::Default => "default".to_string(),
        Value::Bool(value) => value.to_string(),
        Value::Integer(value) => value.to_string(),
        Value::Float(value) => ruby_float(*value),
        Value::Str(text) => quoted(text),
        Value::Regex(regexp) => regexp.with_delimiters(),
        Value::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(programmatic)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(key, value)| format!("{} => {}", programmatic(key), programmatic(value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Type(ty) => ty.to_string(),
        Value::Sensitive(_) => "#<Sensitive [value redacted]>".to_string(),
        Value::Deferred(deferred) => deferred.text(),
        // Ruby's `inspect` of the object, less its address.
        Value::Timespan(span) => format!("#<Puppet::Pops::Time::Timespan @nsecs={}>", span.0),
        Value::Timestamp(stamp) => format!("#<Puppet::Pops::Time::Timestamp @nsecs={}>", stamp.0),
        // Ruby's `inspect` of versions and ranges.
        Value::SemVer(version) => version.to_string(),
        Value::Binary(bytes) => format!("Binary(\"{}\")", super::binary::encode64(bytes)),
        Value::SemVerRange(range) => range.inspect(),
        Value::Object(object) => object.text(),
        Value::Uri(uri) => format!("URI({})", quoted(&uri.text())),
        Value::Unevaluated(_) => value.to_text(),
    }
}

/// `text[index]` and `text[from, count]` in characters, as Puppet's
/// access operator takes them (an index is a part of one character):
/// nothing outside the string is the empty string.
pub fn substring(text: &str, from: i64, count: i64) -> String {
    let chars: Vec<char> = text.chars().collect();
    super::array::slice_range(chars.len(), from, count)
        .map(|range| chars[range].iter().collect())
        .unwrap_or_default()
}
