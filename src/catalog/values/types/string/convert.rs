//! Puppet's `StringConverter`, value type by value type: the format the
//! map gives the value's type, the letters each type takes (Puppet's
//! `FormatError` for the others), and the text each letter makes, through
//! Ruby's `format` where Puppet calls it (so Ruby's readings of flags,
//! width and precision, and its errors, are kept).

use super::containers;
use super::format::{Format, FormatMap};
use crate::catalog::values::display::{double_quoted, quoted};
use crate::catalog::values::ruby_format::{kernel_format, Arg};
use crate::catalog::values::types::data_type::{builtin, infer_set, Type};
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::Value;

/// Where a value is in the nesting of containers, and whether its
/// container indents (`%#a`, `%#h`): Puppet's `Indentation`.
#[derive(Clone, Copy, Debug)]
pub struct Indentation {
    /// How deep in containers.
    pub level: usize,
    /// The first element of its container: no line break before it.
    pub first: bool,
    /// Whether nested containers go on lines of their own.
    pub indenting: bool,
}

impl Indentation {
    /// The value converted, outside any container.
    pub const TOP: Indentation = Indentation {
        level: 0,
        first: true,
        indenting: false,
    };

    /// The same place, past the first element.
    pub fn subsequent(self) -> Indentation {
        Indentation {
            first: false,
            ..self
        }
    }

    /// The same place, indenting or not.
    pub fn indenting(self, indenting: bool) -> Indentation {
        Indentation { indenting, ..self }
    }

    /// One level deeper, at the first element.
    pub fn increase(self, indenting: bool) -> Indentation {
        Indentation {
            level: self.level + 1,
            first: true,
            indenting,
        }
    }

    /// Whether a container here starts on a line of its own.
    pub fn breaks(self) -> bool {
        self.indenting && self.level > 0 && !self.first
    }

    /// The blanks before a line at this level: two a level.
    pub fn padding(self) -> String {
        " ".repeat(2 * self.level)
    }
}

/// `value` as the formats of `map` make it.
pub fn convert(value: &Value, map: &FormatMap, indentation: Indentation) -> Result<String, String> {
    convert_typed(value, &infer_set(value), map, indentation)
}

/// `value`, of the (set) type `ty`, as the formats of `map` make it.
pub fn convert_typed(
    value: &Value,
    ty: &Type,
    map: &FormatMap,
    indentation: Indentation,
) -> Result<String, String> {
    let format = || format_for(ty, value, map);
    match value {
        Value::Array(items) => containers::array(items, &format(), map, indentation),
        Value::Hash(entries) => containers::hash(entries, &format(), map, indentation),
        Value::Object(_) | Value::Deferred(_) => containers::object(value, &format(), indentation),
        Value::Undef => undef(&format()),
        Value::Default => default(&format()),
        Value::Bool(b) => boolean(*b, &format()),
        Value::Integer(n) => integer(*n, &format()),
        Value::Float(f) => float(*f, &format()),
        Value::Str(text) => string(text, &format()),
        Value::Regex(regexp) => self::regexp(regexp, &format()),
        Value::Type(inner) => data_type(inner, &format()),
        Value::Uri(uri) => self::uri(&uri.text(), &format()),
        Value::Binary(bytes) => binary(bytes, &format()),
        Value::Unevaluated(_) => Ok(value.to_text()),
        // Its elements, as an array (Puppet's `string_PIteratorType`).
        Value::Iterator(iterator) => {
            convert(&Value::Array(iterator.elements.clone()), map, indentation)
        }
        // Sensitive, times and versions: Ruby's `format` of the value.
        other => kernel_format(&format().text, &[Arg::Value(other)]),
    }
}

/// The format of the first type of `map` that takes the value's type
/// (Puppet's `get_format`), `%s` when none does.
fn format_for(ty: &Type, value: &Value, map: &FormatMap) -> Format {
    // A Deferred is an Object to Puppet.
    let object = matches!(value, Value::Deferred(_)).then(|| builtin("Object"));
    map.iter()
        .find(|(key, _)| {
            key.is_assignable(ty)
                || object
                    .as_ref()
                    .and_then(Option::as_ref)
                    .is_some_and(|object| key.is_assignable(object))
        })
        .map(|(_, format)| format.clone())
        .unwrap_or_else(|| Format::parse("%s").expect("a format"))
}

/// Whether an element of the (set) type goes by the whole map rather than
/// by its container's formats for elements: arrays, hashes, objects.
pub fn is_container(ty: &Type) -> bool {
    matches!(
        ty,
        Type::Array(..)
            | Type::Hash(..)
            | Type::Struct(_)
            | Type::Tuple(..)
            | Type::Object(_)
            | Type::Deferred
    )
}

/// Puppet's `FormatError`.
pub fn illegal(type_name: &str, letter: char, expected: &str) -> String {
    format!(
        "Illegal format '{letter}' specified for value of {type_name} type - expected one of \
         the characters '{expected}'"
    )
}

/// Puppet's `apply_string_flags`: the width, precision and `-` of the
/// format on a text made without Ruby's `format`.
fn apply_string_flags(format: &Format, text: &str) -> String {
    let text: String = match format.precision {
        Some(precision) => text.chars().take(precision).collect(),
        None => text.to_string(),
    };
    let missing = format
        .width
        .unwrap_or(0)
        .saturating_sub(text.chars().count());
    if format.left {
        format!("{text}{}", " ".repeat(missing))
    } else {
        format!("{}{text}", " ".repeat(missing))
    }
}

/// The format's text with its letter changed (Ruby's `tr`, which changes
/// every such character).
fn with_letter(format: &Format, from: char, to: char) -> String {
    format.text.replace(from, &to.to_string())
}

fn undef(format: &Format) -> Result<String, String> {
    let text = match (format.letter, format.alt) {
        ('n', false) => "nil",
        ('n', true) => "null",
        ('u', false) => "undef",
        ('u', true) => "undefined",
        ('d' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A', _) => "NaN",
        ('v', _) => "n/a",
        ('V', _) => "N/A",
        ('s', false) => "",
        ('s', true) => "\"\"",
        ('p', false) => "undef",
        ('p', true) => "\"undef\"",
        (letter, _) => return Err(illegal("Undef", letter, "nudxXobBeEfgGaAvVsp")),
    };
    Ok(apply_string_flags(format, text))
}

fn default(format: &Format) -> Result<String, String> {
    let text = match (format.letter, format.alt) {
        ('d' | 's' | 'p', false) => "default",
        ('d' | 's' | 'p', true) => "\"default\"",
        ('D', false) => "Default",
        ('D', true) => "\"Default\"",
        (letter, _) => return Err(illegal("Default", letter, "dDsp")),
    };
    Ok(apply_string_flags(format, text))
}

fn boolean(value: bool, format: &Format) -> Result<String, String> {
    let word = |long: &str| {
        // The alternate form is the first letter.
        let text = if format.alt { &long[..1] } else { long };
        apply_string_flags(format, text)
    };
    Ok(match (format.letter, value) {
        ('t', true) => word("true"),
        ('t', false) => word("false"),
        ('T', true) => word("True"),
        ('T', false) => word("False"),
        ('y', true) => word("yes"),
        ('y', false) => word("no"),
        ('Y', true) => word("Yes"),
        ('Y', false) => word("No"),
        ('d' | 'x' | 'X' | 'o' | 'b' | 'B', _) => integer(i64::from(value), format)?,
        ('e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A', _) => {
            float(if value { 1.0 } else { 0.0 }, format)?
        }
        ('s' | 'p', _) => apply_string_flags(format, if value { "true" } else { "false" }),
        (letter, _) => return Err(illegal("Boolean", letter, "tTyYdxXobBeEfgGaAsp")),
    })
}

fn integer(value: i64, format: &Format) -> Result<String, String> {
    match format.letter {
        'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'p' => kernel_format(&format.text, &[Arg::Int(value)]),
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
            kernel_format(&format.text, &[Arg::Float(value as f64)])
        }
        'c' => {
            // Ruby's `[value].pack('U')`.
            let character = u32::try_from(value)
                .ok()
                .filter(|&code| code <= 0x7FFF_FFFF)
                .ok_or("pack(U): value out of range")?;
            let character = char::from_u32(character).unwrap_or('\u{FFFD}').to_string();
            let character = if format.alt {
                format!("\"{character}\"")
            } else {
                character
            };
            kernel_format(&with_letter(format, 'c', 's'), &[Arg::Str(&character)])
        }
        's' => {
            let to = if format.alt { 'p' } else { 's' };
            kernel_format(
                &with_letter(format, 's', to),
                &[Arg::Str(&value.to_string())],
            )
        }
        letter => Err(illegal("Integer", letter, "dxXobBeEfgGaAspc")),
    }
}

fn float(value: f64, format: &Format) -> Result<String, String> {
    match format.letter {
        'd' | 'x' | 'X' | 'o' | 'b' | 'B' => kernel_format(&format.text, &[Arg::Truncated(value)]),
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' | 'p' => {
            kernel_format(&format.text, &[Arg::Float(value)])
        }
        's' => {
            let text = ruby_float(value);
            let text = if format.alt {
                format!("\"{text}\"")
            } else {
                text
            };
            kernel_format(&format.text, &[Arg::Str(&text)])
        }
        letter => Err(illegal("Float", letter, "dxXobBeEfgGaAsp")),
    }
}

fn string(text: &str, format: &Format) -> Result<String, String> {
    let changed = match format.letter {
        's' => return kernel_format(&format.text, &[Arg::Str(text)]),
        'p' => {
            let quoted = if format.alt {
                double_quoted(text)
            } else {
                quoted(text)
            };
            return Ok(apply_string_flags(format, &quoted));
        }
        'c' => capitalized(text),
        'C' => text
            .split("::")
            .map(capitalized)
            .collect::<Vec<_>>()
            .join("::"),
        'u' => text.chars().flat_map(char::to_uppercase).collect(),
        // Character by character: Ruby knows no final sigma.
        'd' => text.chars().flat_map(char::to_lowercase).collect(),
        't' => text.trim_matches(is_ruby_blank).to_string(),
        letter => return Err(illegal("String", letter, "cCudspt")),
    };
    if format.alt {
        Ok(apply_string_flags(format, &quoted(&changed)))
    } else {
        kernel_format(
            &with_letter(format, format.letter, 's'),
            &[Arg::Str(&changed)],
        )
    }
}

/// What Ruby's `strip` takes off: ASCII white space and NUL.
fn is_ruby_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r' | '\0')
}

/// Ruby's `capitalize`: the first character in title case, the rest in
/// lower case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let title = match first {
        'ß' => "Ss".to_string(),
        'Ǆ' | 'ǅ' | 'ǆ' => "ǅ".to_string(),
        'Ǉ' | 'ǈ' | 'ǉ' => "ǈ".to_string(),
        'Ǌ' | 'ǋ' | 'ǌ' => "ǋ".to_string(),
        'Ǳ' | 'ǲ' | 'ǳ' => "ǲ".to_string(),
        'ﬀ' => "Ff".to_string(),
        'ﬁ' => "Fi".to_string(),
        'ﬂ' => "Fl".to_string(),
        'ﬃ' => "Ffi".to_string(),
        'ﬄ' => "Ffl".to_string(),
        'ﬅ' | 'ﬆ' => "St".to_string(),
        other => other.to_uppercase().collect(),
    };
    title + &chars.flat_map(char::to_lowercase).collect::<String>()
}

fn regexp(
    regexp: &crate::catalog::values::types::regexp::Regexp,
    format: &Format,
) -> Result<String, String> {
    match format.letter {
        'p' => {
            let text = regexp.with_delimiters();
            if format.text == "%p" {
                Ok(text)
            } else {
                kernel_format(&with_letter(format, 'p', 's'), &[Arg::Str(&text)])
            }
        }
        's' => {
            // Puppet's lexer takes the escapes of slashes off a literal.
            let text = regexp.source().replace("\\/", "/");
            let text = if format.alt { quoted(&text) } else { text };
            if format.text == "%s" {
                Ok(text)
            } else {
                kernel_format(&format.text, &[Arg::Str(&text)])
            }
        }
        letter => Err(illegal("Regexp", letter, "sp")),
    }
}

fn data_type(ty: &Type, format: &Format) -> Result<String, String> {
    match format.letter {
        's' => {
            let text = if format.alt {
                format!("\"{}\"", ty.value_text())
            } else {
                ty.value_text()
            };
            kernel_format(&format.text, &[Arg::Str(&text)])
        }
        'p' => kernel_format(
            &with_letter(format, 'p', 's'),
            &[Arg::Str(&ty.value_text())],
        ),
        letter => Err(illegal("Type", letter, "sp")),
    }
}

fn uri(text: &str, format: &Format) -> Result<String, String> {
    match format.letter {
        // Puppet's type formatter: neither width nor indentation.
        'p' => Ok(format!("URI({})", quoted(text))),
        's' => {
            let text = if format.alt {
                quoted(text)
            } else {
                text.to_string()
            };
            kernel_format(&format.text, &[Arg::Str(&text)])
        }
        letter => Err(illegal("URI", letter, "sp")),
    }
}

fn binary(bytes: &[u8], format: &Format) -> Result<String, String> {
    use crate::catalog::values::types::binary::{encode64, encode64_relaxed, encode64_urlsafe};
    // The alternate form quotes: Ruby's `%p`.
    let substitute = if format.alt { 'p' } else { 's' };
    let text_as = |letter: char, text: &str| {
        kernel_format(&with_letter(format, letter, substitute), &[Arg::Str(text)])
    };
    match format.letter {
        's' if format.alt => kernel_format(&with_letter(format, 's', 'p'), &[Arg::Bytes(bytes)]),
        's' => match std::str::from_utf8(bytes) {
            Ok(text) => kernel_format(&format.text, &[Arg::Str(text)]),
            // Ruby's encoding of the bytes as UTF-8 fails at the first
            // byte beyond ASCII.
            Err(_) => {
                let byte = bytes.iter().find(|&&b| b >= 0x80).copied().unwrap_or(0);
                Err(format!("\"\\x{byte:02X}\" from ASCII-8BIT to UTF-8"))
            }
        },
        'p' => Ok(format!(
            "Binary(\"{}\")",
            kernel_format(
                &with_letter(format, 'p', 's'),
                &[Arg::Str(&encode64(bytes))]
            )?
        )),
        'b' => text_as('b', &encode64_relaxed(bytes)),
        'B' => text_as('B', &encode64(bytes)),
        'u' => text_as('u', &encode64_urlsafe(bytes)),
        't' => text_as('t', "Binary"),
        'T' => text_as('T', "BINARY"),
        letter => Err(illegal("Binary", letter, "bButTsp")),
    }
}
