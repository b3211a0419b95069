//! The formats of `String(value, format)`, as Puppet's
//! `StringConverter::Format` reads them: `%<flags><width>.<prec><letter>`,
//! a container's format with its separators and the formats of its
//! elements, and maps of types to formats, merged with Puppet's defaults
//! (a format for a narrower type wins) and sorted most specific first.

use std::sync::OnceLock;

use crate::catalog::values::types::data_type::{builtin, Type};
use crate::catalog::values::Value;

/// Puppet's pattern of a format (`Format::FMT_PATTERN_STR`), as its
/// messages show it.
pub const PATTERN: &str = r"^%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$";

/// The pattern as Ruby reads it: `^` and `$` at line ends, `\s` the ASCII
/// blanks only.
fn pattern() -> &'static regex::Regex {
    static PATTERN: OnceLock<regex::Regex> = OnceLock::new();
    PATTERN.get_or_init(|| {
        regex::Regex::new(
            r"(?m)^%([ \t\r\n\x0B\x0C\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$",
        )
        .expect("Puppet's format pattern")
    })
}

/// Whether `text` is a format, as the type of `String.new`'s argument
/// checks it.
pub fn is_format(text: &str) -> bool {
    pattern().is_match(text)
}

/// The sign flag, which also picks the delimiters of a container.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sign {
    /// ` `: no delimiters around a container.
    Space,
    /// `+`.
    Plus,
    /// Neither.
    Ignore,
}

/// One format: its text (given to Ruby's `format` as it is), its letter
/// and flags, and for a container its separators and its elements'
/// formats.
#[derive(Clone, Debug, PartialEq)]
pub struct Format {
    /// As given: Ruby's `format` reads it.
    pub text: String,
    /// The conversion (`x` of `%#10x`).
    pub letter: char,
    /// `#`: the alternate form.
    pub alt: bool,
    /// `-`: left-justified.
    pub left: bool,
    pub sign: Sign,
    /// One of `[ { ( < |`: a container's delimiters.
    pub delimiters: Option<char>,
    /// The digits before a `.`.
    pub width: Option<usize>,
    /// The digits after a `.`.
    pub precision: Option<usize>,
    /// Between a container's elements.
    pub separator: Option<String>,
    /// Between a hash entry's key and value.
    pub separator2: Option<String>,
    /// The formats of a container's elements that are no containers.
    pub string_formats: Option<FormatMap>,
}

/// Types and their formats, the first whose type takes a value applying.
pub type FormatMap = Vec<(Type, Format)>;

const DELIMITERS: [char; 5] = ['[', '{', '(', '<', '|'];

impl Format {
    /// A format from its text, or Puppet's words for why it is none.
    pub fn parse(text: &str) -> Result<Format, String> {
        let captures = pattern().captures(text).ok_or_else(|| {
            format!(
                "The format '{text}' is not a valid format on the form \
                 '%<flags><width>.<prec><format>'"
            )
        })?;
        let flags: Vec<char> = captures[1].chars().collect();
        let unique: std::collections::HashSet<&char> = flags.iter().collect();
        if unique.len() != flags.len() {
            return Err(format!("The same flag can only be used once, got '{text}'"));
        }
        let mut delimiters = None;
        for delimiter in DELIMITERS {
            if flags.contains(&delimiter) {
                if delimiters.is_some() {
                    return Err(format!(
                        "Only one of the delimiters [ {{ ( < | can be given in the format \
                         flags, got '{text}'"
                    ));
                }
                delimiters = Some(delimiter);
            }
        }
        let number = |index: usize| {
            captures
                .get(index)
                .map(|m| m.as_str().parse::<usize>().unwrap_or(usize::MAX))
        };
        Ok(Format {
            text: text.to_string(),
            letter: captures[4].chars().next().unwrap_or('s'),
            alt: flags.contains(&'#'),
            left: flags.contains(&'-'),
            sign: if flags.contains(&' ') {
                Sign::Space
            } else if flags.contains(&'+') {
                Sign::Plus
            } else {
                Sign::Ignore
            },
            delimiters,
            width: number(2),
            precision: number(3),
            separator: None,
            separator2: None,
            string_formats: None,
        })
    }

    /// A container format with separators and element formats.
    fn container(
        text: &str,
        separator: &str,
        separator2: &str,
        string_formats: FormatMap,
    ) -> Format {
        let mut format = Format::parse(text).expect("Puppet's default formats");
        format.separator = Some(separator.to_string());
        format.separator2 = Some(separator2.to_string());
        format.string_formats = Some(string_formats);
        format
    }

    /// The container's left and right delimiters: the flag's, none for a
    /// blank flag, else `default`.
    pub fn delimiter_pair(
        &self,
        default: (&'static str, &'static str),
    ) -> (&'static str, &'static str) {
        match (self.delimiters, self.sign) {
            (Some('['), _) => ("[", "]"),
            (Some('{'), _) => ("{", "}"),
            (Some('('), _) => ("(", ")"),
            (Some('<'), _) => ("<", ">"),
            (Some('|'), _) => ("|", "|"),
            (None, Sign::Space) => ("", ""),
            _ => default,
        }
    }

    /// This format overridden by `other`: its text, and its separators
    /// and element formats where it has them.
    fn merged(&self, other: &Format) -> Format {
        Format {
            separator: other.separator.clone().or_else(|| self.separator.clone()),
            separator2: other.separator2.clone().or_else(|| self.separator2.clone()),
            string_formats: merge_maps(self.string_formats.as_ref(), other.string_formats.as_ref()),
            ..other.clone()
        }
    }
}

fn merge(lower: Option<&Format>, higher: Option<&Format>) -> Option<Format> {
    match (lower, higher) {
        (Some(lower), Some(higher)) => Some(lower.merged(higher)),
        (lower, higher) => higher.or(lower).cloned(),
    }
}

/// Two maps as one, `higher` winning: a format of `lower` goes where
/// `higher` has one for a broader type, formats of the same type merge,
/// and the result is sorted most specific type first.
pub fn merge_maps(lower: Option<&FormatMap>, higher: Option<&FormatMap>) -> Option<FormatMap> {
    let (lower, higher) = match (lower, higher) {
        (Some(lower), Some(higher)) => (lower, higher),
        (lower, higher) => return higher.or(lower).cloned(),
    };
    let kept: FormatMap = lower
        .iter()
        .filter(|(lk, _)| {
            !higher
                .iter()
                .any(|(hk, _)| hk != lk && hk.is_assignable(lk))
        })
        .cloned()
        .collect();
    let mut keys: Vec<&Type> = Vec::new();
    for (key, _) in kept.iter().chain(higher.iter()) {
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    let find = |map: &'_ FormatMap, key: &Type| {
        map.iter()
            .find(|(k, _)| k == key)
            .map(|(_, format)| format.clone())
    };
    let merged = keys
        .into_iter()
        .filter_map(|key| {
            let format = merge(find(&kept, key).as_ref(), find(higher, key).as_ref())?;
            Some((key.clone(), format))
        })
        .collect();
    Some(sorted(merged))
}

/// Most specific types first (Puppet's `sort_formats`); types that do not
/// overlap by rank (`Struct` before `Hash`, ...), else by name. Puppet's
/// comparison is no total order (`Tuple[Integer]` < `Array` < `Object` <
/// `Tuple[Integer]`), so the order is that of Ruby's sort, which is
/// glibc's merge sort: halves sorted, then merged, the left first on a tie.
fn sorted(mut map: FormatMap) -> FormatMap {
    if map.len() <= 1 {
        return map;
    }
    let right = map.split_off(map.len() / 2);
    let (left, right) = (sorted(map), sorted(right));
    let mut result = Vec::with_capacity(left.len() + right.len());
    let (mut left, mut right) = (left.into_iter().peekable(), right.into_iter().peekable());
    while let (Some(l), Some(r)) = (left.peek(), right.peek()) {
        let next = if compare(&l.0, &r.0) != std::cmp::Ordering::Greater {
            left.next()
        } else {
            right.next()
        };
        result.extend(next);
    }
    result.extend(left);
    result.extend(right);
    result
}

fn compare(a: &Type, b: &Type) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    if a == b {
        return Ordering::Equal;
    }
    match (b.is_assignable(a), a.is_assignable(b)) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => match (rank(a), rank(b)) {
            (0, _) | (_, 0) => a.to_string().cmp(&b.to_string()),
            (x, y) => x.cmp(&y),
        },
    }
}

/// Puppet's `type_rank`: lower is more specific, 0 unranked.
fn rank(ty: &Type) -> u8 {
    match ty.resolved() {
        Type::Struct(_) => 1,
        Type::Hash(..) => 2,
        Type::Tuple(..) => 3,
        Type::Array(..) => 4,
        Type::Pattern(_) => 10,
        Type::Enum(..) => 11,
        Type::String(_) => 12,
        _ => 0,
    }
}

fn named(name: &str) -> Type {
    builtin(name).expect("a built-in type")
}

/// The formats of the elements of containers by default: strings quoted.
pub fn default_container_formats() -> FormatMap {
    vec![(Type::Any, Format::parse("%p").expect("a format"))]
}

/// Puppet's `DEFAULT_STRING_FORMATS`, in its order.
pub fn default_formats() -> FormatMap {
    let parse = |text: &str| Format::parse(text).expect("a format");
    vec![
        (named("Object"), parse("%p")),
        (named("Float"), parse("%f")),
        (named("Numeric"), parse("%d")),
        (
            named("Array"),
            Format::container("%a", ", ", ", ", default_container_formats()),
        ),
        (
            named("Hash"),
            Format::container("%h", ", ", " => ", default_container_formats()),
        ),
        (named("Binary"), parse("%B")),
        (Type::Any, parse("%s")),
    ]
}

/// The formats a map argument gives (`{Integer => '%x', Array => {format
/// => '%(a', separator => ''}}`), in its order.
pub fn read_map(entries: &[(Value, Value)]) -> Result<FormatMap, String> {
    entries
        .iter()
        .map(|(key, value)| {
            let Value::Type(ty) = key else {
                return Err(format!(
                    "top level keys in the format hash must be data types, got instance of '{}'",
                    crate::catalog::values::ruby::class_name(key)
                ));
            };
            let format = match value {
                Value::Hash(container) => read_container(container)?,
                other => Format::parse(&other.to_text())?,
            };
            Ok(((**ty).clone(), format))
        })
        .collect()
}

fn read_container(entries: &[(Value, Value)]) -> Result<Format, String> {
    let entry = |name: &str| Value::entry(entries, name).filter(|v| **v != Value::Undef);
    let text = entry("format").map(Value::to_text).unwrap_or_default();
    let mut format = Format::parse(&text)?;
    format.separator = entry("separator").map(Value::to_text);
    format.separator2 = entry("separator2").map(Value::to_text);
    format.string_formats = match entry("string_formats") {
        Some(Value::Hash(map)) => Some(read_map(map)?),
        _ => None,
    };
    Ok(format)
}

/// The type of `String.new`'s second parameter, as Puppet's messages show
/// it (its local type aliases expanded).
fn formats_type() -> String {
    let format = format!("Format = Pattern[/{PATTERN}/]");
    format!(
        "Formats = Variant[Default, String[1], TypeMap = Hash[Type, Variant[{format}, \
         ContainerFormat = Struct[{{Optional['format'] => {format}, Optional['separator'] => \
         String, Optional['separator2'] => String, Optional['string_formats'] => Hash[Type, \
         {format}]}}]]]]"
    )
}

/// Whether `value` fits `String.new`'s formats parameter, or Puppet's
/// words (of its function `new_string`) for why not.
pub fn check_argument(value: &Value) -> Result<(), String> {
    let fits = match value {
        Value::Default => true,
        Value::Str(text) => !text.is_empty(),
        Value::Hash(entries) => entries.iter().all(|(key, value)| {
            matches!(key, Value::Type(_)) && (is_format_value(value) || is_container_value(value))
        }),
        _ => false,
    };
    if fits {
        return Ok(());
    }
    // A hash of string keys is a `Struct` to Puppet, described variant by
    // variant, key by key; any other value by the alias as a whole.
    if let Value::Hash(entries) = value {
        let struct_like = !entries.is_empty()
            && entries
                .iter()
                .all(|(key, _)| matches!(key, Value::Str(text) if !text.is_empty()));
        if struct_like {
            let mut message = format!(
                "'new_string' expects (Convertible = Any from, {} string_formats?)",
                formats_type()
            );
            let rejected = "\n  rejected: parameter 'string_formats' variant";
            message.push_str(&format!("{rejected} 0 expects a Default value, got Struct"));
            message.push_str(&format!("{rejected} 1 expects a String value, got Struct"));
            for (key, _) in entries {
                message.push_str(&format!(
                    "{rejected} 2 key of entry '{}' expects a Type value, got String",
                    key.to_text()
                ));
            }
            return Err(message);
        }
    }
    let got = match value {
        Value::Array(items) if !items.is_empty() => "Tuple",
        other => crate::catalog::values::types::data_type::describe::simple_name(other),
    };
    Err(format!(
        "'new_string' parameter 'string_formats' expects a {} value, got {got}",
        formats_type()
    ))
}

fn is_format_value(value: &Value) -> bool {
    matches!(value, Value::Str(text) if is_format(text))
}

fn is_container_value(value: &Value) -> bool {
    let Value::Hash(entries) = value else {
        return false;
    };
    entries.iter().all(|(key, value)| {
        let Value::Str(key) = key else {
            return false;
        };
        // An optional key may also be given as undef.
        let given = *value != Value::Undef;
        match key.as_str() {
            "format" => !given || is_format_value(value),
            "separator" | "separator2" => !given || matches!(value, Value::Str(_)),
            "string_formats" => match value {
                Value::Hash(map) => map
                    .iter()
                    .all(|(key, value)| matches!(key, Value::Type(_)) && is_format_value(value)),
                _ => !given,
            },
            _ => false,
        }
    })
}
