//! The text of values: as interpolation writes it (`"${x}"`), as Puppet
//! quotes a string (`'a'`, `"a\n"`), and the article and label its
//! messages give a value.

use super::types::float::ruby_float;
use super::Value;

impl Value {
    /// Puppet's string form, as interpolation gives it: strings as they
    /// are, also inside arrays and hashes (`[a, 1]`), `undef` empty.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        interpolated(self, &mut out);
        out
    }
}

fn interpolated(value: &Value, out: &mut String) {
    match value {
        Value::Undef => {}
        Value::Default => out.push_str("default"),
        Value::Bool(value) => out.push_str(if *value { "true" } else { "false" }),
        Value::Integer(value) => out.push_str(&value.to_string()),
        Value::Float(value) => out.push_str(&ruby_float(*value)),
        Value::Str(text) => out.push_str(text),
        Value::Regex(regexp) => out.push_str(&regexp.with_delimiters()),
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                interpolated(item, out);
            }
            out.push(']');
        }
        Value::Hash(entries) => {
            out.push('{');
            for (index, (key, value)) in entries.iter().enumerate() {
                if index > 0 {
                    out.push_str(", ");
                }
                interpolated(key, out);
                out.push_str(" => ");
                interpolated(value, out);
            }
            out.push('}');
        }
        // A resource reference interpolates as Puppet names the
        // resource: `File[/tmp/a]`; a class's keeps its name as written
        // in the type, `Class[a]`.
        Value::Type(ty) => match ty.as_reference() {
            Some((type_name, title)) if type_name != "Class" => {
                out.push_str(&format!("{type_name}[{title}]"))
            }
            _ => out.push_str(&ty.value_text()),
        },
        Value::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
        Value::Deferred(deferred) => out.push_str(&deferred.text()),
        Value::Iterator(iterator) => out.push_str(&iterator.text()),
        Value::Timespan(span) => out.push_str(&span.text()),
        Value::Timestamp(stamp) => out.push_str(&stamp.text()),
        Value::SemVer(version) => out.push_str(&version.to_string()),
        Value::Binary(bytes) => out.push_str(&super::types::binary::encode64(bytes)),
        Value::SemVerRange(range) => out.push_str(range.text()),
        Value::Object(object) => out.push_str(&object.text()),
        Value::Uri(uri) => out.push_str(&uri.text()),
        Value::Unevaluated(mark) => {
            out.push_str(&format!("<<{} not evaluated: {}>>", mark.what, mark.reason))
        }
    }
}

/// A string as Puppet quotes it (`StringConverter#puppet_quote`): single
/// quotes unless it holds a control character, then double quotes with
/// escapes.
pub fn quoted(text: &str) -> String {
    if text.chars().any(|c| (c as u32) < 0x20) {
        return double_quoted(text);
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    let mut escaped = false;
    for c in text.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

/// Puppet's `puppet_double_quote`: double quotes, escapes for control
/// characters, `"`, `$` and `\`.
pub(crate) fn double_quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '"' => out.push_str("\\\""),
            '$' => out.push_str("\\$"),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value as a type's text shows it (`Enum['a', 'b']`, `Init[Integer,
/// 16]`): strings quoted.
pub fn in_type(value: &Value) -> String {
    match value {
        Value::Str(text) => quoted(text),
        Value::Undef => "undef".to_string(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(in_type).collect::<Vec<_>>().join(", ")
        ),
        Value::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(key, value)| format!("{} => {}", in_type(key), in_type(value)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_text(),
    }
}

/// `a` or `an`, as Puppet chooses for a label.
pub fn article(label: &str) -> &'static str {
    match label.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U' | 'a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// `an Integer`, `a String`.
pub fn a_an(label: &str) -> String {
    format!("{} {label}", article(label))
}

/// `An Integer`, `A String`.
pub fn a_an_uc(label: &str) -> String {
    let text = a_an(label);
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// A value's label in Puppet's messages (its `ModelLabelProvider`):
/// `Undef Value`, `Integer`, `Integer-Type`.
pub fn label(value: &Value) -> String {
    match value {
        Value::Undef => "Undef Value".to_string(),
        Value::Type(ty) => format!("{ty}-Type"),
        other => super::types::data_type::describe::simple_name(other).to_string(),
    }
}
