//! Arrays, hashes and objects as Puppet's `StringConverter` writes them:
//! delimiters and separators from their formats, elements by the formats
//! for elements (nested containers by the whole map), and the indented
//! forms (`%#a`, `%#h`, `%#p`) with their line breaks and padding, as
//! Puppet lays them out.

use super::convert::{convert, convert_typed, illegal, is_container, Indentation};
use super::format::{default_container_formats, Format, FormatMap};
use crate::catalog::values::display::quoted;
use crate::catalog::values::types::data_type::infer_set;
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::Value;

/// Ruby's `rstrip!`: trailing white space and NUL off.
fn rstrip(text: &mut String) {
    let kept = text
        .trim_end_matches([' ', '\t', '\n', '\x0B', '\x0C', '\r', '\0'])
        .len();
    text.truncate(kept);
}

fn is_array_or_hash(value: &Value) -> bool {
    matches!(value, Value::Array(_) | Value::Hash(_))
}

/// An element: nested containers by the map of the whole, other values by
/// the container's formats for elements.
fn element(
    value: &Value,
    map: &FormatMap,
    string_formats: &FormatMap,
    indentation: Indentation,
) -> Result<String, String> {
    let ty = infer_set(value);
    let map = if is_container(&ty) {
        map
    } else {
        string_formats
    };
    convert_typed(value, &ty, map, indentation)
}

/// An array (`%a`, `%s`, `%p`): with `#`, nested arrays and hashes on
/// lines of their own, and with a width too, every element on a line of
/// its own when a run of elements is wider.
pub fn array(
    items: &[Value],
    format: &Format,
    map: &FormatMap,
    indentation: Indentation,
) -> Result<String, String> {
    let separator = format.separator.as_deref().unwrap_or(", ");
    let string_formats = format
        .string_formats
        .clone()
        .unwrap_or_else(default_container_formats);
    let (open, close) = format.delimiter_pair(("[", "]"));
    let indentation = indentation.indenting(format.alt || indentation.indenting);
    if !matches!(format.letter, 'a' | 's' | 'p') {
        return Err(illegal("Array", format.letter, "asp"));
    }
    let mut out = String::new();
    if indentation.breaks() {
        out.push('\n');
        out.push_str(&indentation.padding());
    }
    out.push_str(open);
    // Every element is made as one after the first: nested containers
    // may break before themselves.
    let children = indentation.increase(format.alt).subsequent();
    let mapped = items
        .iter()
        .map(|item| element(item, map, &string_formats, children))
        .collect::<Result<Vec<String>, String>>()?;
    let breaking = match format.width.filter(|_| format.alt) {
        Some(width) => {
            // The widest run of elements between nested containers.
            let mut runs = vec![0usize];
            for (item, text) in items.iter().zip(&mapped) {
                if is_array_or_hash(item) {
                    runs.push(0);
                } else if let Some(run) = runs.last_mut() {
                    *run += text.chars().count();
                }
            }
            runs.into_iter().max().unwrap_or(0) > width
        }
        None => false,
    };
    let padding = indentation.increase(format.alt).padding();
    for (index, (item, text)) in items.iter().zip(&mapped).enumerate() {
        if index == 0 {
            if breaking && !is_array_or_hash(item) {
                out.push(' ');
            }
        } else {
            out.push_str(separator);
            let after_container = format.alt && is_array_or_hash(&items[index - 1]);
            if (breaking || after_container) && !is_array_or_hash(item) {
                if !out.ends_with('\n') {
                    rstrip(&mut out);
                }
                out.push('\n');
                out.push_str(&padding);
            }
        }
        if out.ends_with(' ') && text.starts_with('\n') {
            rstrip(&mut out);
        }
        out.push_str(text);
    }
    out.push_str(close);
    Ok(out)
}

/// A hash (`%h`, `%s`, `%p`, or `%a` as an array of pairs): with `#`,
/// each entry on a line of its own.
pub fn hash(
    entries: &[(Value, Value)],
    format: &Format,
    map: &FormatMap,
    indentation: Indentation,
) -> Result<String, String> {
    let mut separator = format.separator.clone().unwrap_or_else(|| ", ".to_string());
    let association = format.separator2.as_deref().unwrap_or(" => ");
    let string_formats = format
        .string_formats
        .clone()
        .unwrap_or_else(default_container_formats);
    let (open, close) = format.delimiter_pair(("{", "}"));
    if format.alt {
        if !separator.ends_with('\n') {
            rstrip(&mut separator);
        }
        separator.push('\n');
    }
    match format.letter {
        'a' => {
            let pairs = entries
                .iter()
                .map(|(key, value)| Value::Array(vec![key.clone(), value.clone()]))
                .collect();
            convert(&Value::Array(pairs), map, indentation)
        }
        'h' | 's' | 'p' => {
            let indentation = indentation.indenting(format.alt || indentation.indenting);
            let mut out = String::new();
            if indentation.breaks() {
                out.push('\n');
                out.push_str(&indentation.padding());
            }
            let children = indentation.increase(false);
            let (line_break, padding) = match format.alt {
                true => ("\n", children.padding()),
                false => ("", String::new()),
            };
            out.push_str(open);
            out.push_str(line_break);
            let texts = entries
                .iter()
                .map(|(key, value)| {
                    let key = element(key, map, &string_formats, children)?;
                    let value = element(value, map, &string_formats, children)?;
                    Ok(format!("{padding}{key}{association}{value}"))
                })
                .collect::<Result<Vec<String>, String>>()?;
            out.push_str(&texts.join(&separator));
            if format.alt {
                out.push_str(line_break);
                out.push_str(&indentation.padding());
            }
            out.push_str(close);
            Ok(out)
        }
        letter => Err(illegal("Hash", letter, "hasp")),
    }
}

/// An object or a Deferred (`%p`, `%s`, `%q`): as Puppet's type formatter
/// writes it, indented within an indenting container or with `#`.
pub fn object(value: &Value, format: &Format, indentation: Indentation) -> Result<String, String> {
    match format.letter {
        'p' => {
            let indentation = indentation.indenting(format.alt || indentation.indenting);
            if indentation.indenting {
                let mut indented = Indented {
                    out: String::new(),
                    indent: indentation.level,
                };
                indented.object(value);
                Ok(indented.out)
            } else {
                Ok(programmatic(value))
            }
        }
        // Ruby's `inspect` of an object shows its address: its text
        // instead.
        's' | 'q' => Ok(programmatic(value)),
        letter => Err(illegal("Object", letter, "spq")),
    }
}

/// Puppet's type formatter with indentation: hashes an entry a line,
/// arrays an element a line unless short.
struct Indented {
    out: String,
    indent: usize,
}

impl Indented {
    fn newline(&mut self) {
        rstrip(&mut self.out);
        self.out.push('\n');
        self.out.push_str(&"  ".repeat(self.indent));
    }

    fn value(&mut self, value: &Value) {
        match value {
            Value::Hash(entries) => self.hash(entries),
            Value::Array(items) => self.array(items),
            Value::Object(_) | Value::Deferred(_) => self.object(value),
            Value::Str(text) => self.out.push_str(&quoted(text)),
            // The formatter quotes the text of versions and times.
            Value::SemVer(version) => self.out.push_str(&format!("'{version}'")),
            Value::SemVerRange(range) => self.out.push_str(&format!("'{}'", range.text())),
            Value::Timespan(span) => self.out.push_str(&format!("'{}'", span.text())),
            Value::Timestamp(stamp) => self.out.push_str(&format!("'{}'", stamp.text())),
            other => self.out.push_str(&programmatic(other)),
        }
    }

    fn hash(&mut self, entries: &[(Value, Value)]) {
        self.out.push('{');
        self.indent += 1;
        for (key, value) in entries {
            self.newline();
            self.value(key);
            self.out.push_str(" => ");
            self.value(value);
            self.out.push_str(", ");
        }
        self.chomp_list();
        self.indent -= 1;
        self.newline();
        self.out.push('}');
    }

    fn array(&mut self, items: &[Value]) {
        self.out.push('[');
        if is_short(items, self.indent) {
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    self.out.push_str(", ");
                }
                self.value(item);
            }
        } else {
            self.indent += 1;
            for item in items {
                self.newline();
                self.value(item);
                self.out.push_str(", ");
            }
            self.chomp_list();
            self.indent -= 1;
            self.newline();
        }
        self.out.push(']');
    }

    /// `Name({...})`: the hash it is made from.
    fn object(&mut self, value: &Value) {
        let (label, entries) = match value {
            Value::Deferred(deferred) => {
                let mut entries = vec![(Value::string("name"), Value::string(&deferred.name))];
                if let Some(arguments) = &deferred.arguments {
                    entries.push((Value::string("arguments"), Value::Array(arguments.clone())));
                }
                ("Deferred".to_string(), entries)
            }
            Value::Object(object) => {
                // The attributes that differ from their defaults.
                let entries = object
                    .init_hash()
                    .into_iter()
                    .map(|(name, value)| (Value::string(name), value.clone()))
                    .collect();
                (object.ty.label().to_string(), entries)
            }
            other => {
                self.out.push_str(&programmatic(other));
                return;
            }
        };
        self.out.push_str(&label);
        self.out.push('(');
        self.hash(&entries);
        self.out.push(')');
    }

    fn chomp_list(&mut self) {
        if self.out.ends_with(", ") {
            self.out.truncate(self.out.len() - 2);
        }
    }
}

/// Puppet's `is_short_array?`: the elements' texts fit in what is left of
/// 100 columns (nested non-empty containers never fit).
fn is_short(items: &[Value], indent: usize) -> bool {
    let length: usize = items
        .iter()
        .map(|item| match item {
            Value::Bool(_) | Value::Integer(_) | Value::Float(_) => item.to_text().len(),
            Value::Undef => 3,
            Value::Default => 8,
            Value::Str(text) => 2 + text.chars().count(),
            Value::Array(inner) if inner.is_empty() => 2,
            Value::Hash(inner) if inner.is_empty() => 2,
            _ => 1000,
        })
        .sum();
    items.is_empty() || 100 - (indent as i64) * 2 > length as i64
}
