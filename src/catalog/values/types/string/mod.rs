//! Strings made from values: `String(value, format)`, as Puppet's
//! `StringConverter` makes them. Its parts: the formats and maps of types
//! to formats (`format`), the conversion of each type of value (`convert`,
//! through Ruby's `format`: `values/ruby_format.rs`) and of containers
//! (`containers`).

mod containers;
mod convert;
mod format;

use crate::catalog::values::display::quoted;
use crate::catalog::values::types::data_type::{builtin, infer_set};
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::Value;
use format::{default_formats, merge_maps, Format};

/// `String(value)` or `String(value, format)`: the format is `default`, a
/// format (`'%x'`), or a hash of types to formats (`{Integer => '%x',
/// Array => {format => '%(a', separator => ''}}`); Puppet's words when
/// one is wrong or does not suit the value.
pub fn convert(value: &Value, format: Option<&Value>) -> Result<String, String> {
    // A value pfacts did not compute keeps its mark.
    if let Value::Unevaluated(_) = value {
        return Ok(value.to_text());
    }
    let map = match format {
        None | Some(Value::Default) => default_formats(),
        Some(Value::Str(text)) => {
            // The format of an array or a hash is that of all arrays or
            // hashes within it; any other value's is for its own type.
            let ty = infer_set(value);
            let key = ["Array", "Hash"]
                .into_iter()
                .filter_map(builtin)
                .find(|container| container.is_assignable(&ty))
                .unwrap_or(ty);
            let given = vec![(key, Format::parse(text)?)];
            merge_maps(Some(&default_formats()), Some(&given)).unwrap_or_default()
        }
        Some(Value::Hash(entries)) => {
            let given = format::read_map(entries)?;
            merge_maps(Some(&default_formats()), Some(&given)).unwrap_or_default()
        }
        Some(other) => {
            return Err(format!(
                "string conversion expects a Default value or a Hash of type to format \
                 mappings, got a '{}'",
                crate::catalog::values::ruby::class_name(other)
            ))
        }
    };
    convert::convert(value, &map, convert::Indentation::TOP)
}

/// `String.new(value, format?)` as Puppet's `new_string` takes its
/// arguments: their count and the format's type checked, in its words.
pub fn new_string(args: &[Value]) -> Result<String, String> {
    match args {
        [value] => convert(value, None),
        [value, formats] => {
            format::check_argument(formats)?;
            convert(value, Some(formats))
        }
        _ => Err(format!(
            "'new_string' expects between 1 and 2 arguments, got {}",
            if args.is_empty() {
                "none".to_string()
            } else {
                args.len().to_string()
            }
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
        Value::Type(ty) => ty.value_text(),
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
        // Its elements, as Puppet converts an iterator (`to_a`).
        Value::Iterator(iterator) => programmatic(&Value::Array(iterator.elements.clone())),
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
