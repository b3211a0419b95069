//! A lookup key as Puppet reads it (`LookupKey`, `SubLookup#split_key`):
//! segments separated by dots, a segment quoted (`'a.b'` or `"a.b"`) when
//! it holds a dot itself, whitespace around a segment dropped, a segment of
//! digits an index. The first segment is the root key, the one the data
//! holds; the others dig into its value ([`segment_of`]).

use super::{failure, Result};
use crate::catalog::values::Value;

/// One segment of a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Segment {
    Name(String),
    /// A segment of digits (signed): an index into an array, or an
    /// integer key of a hash.
    Index(i64),
}

impl Segment {
    /// As Puppet writes it in an explanation.
    pub fn text(&self) -> String {
        match self {
            Segment::Name(name) => name.clone(),
            Segment::Index(index) => index.to_string(),
        }
    }
}

/// A key split: its root (the key in the data) and the segments below it.
#[derive(Clone, Debug)]
pub(super) struct LookupKey {
    pub root: String,
    pub segments: Vec<Segment>,
}

impl LookupKey {
    /// `key` split, or Puppet's error for a key it cannot split
    /// (`Syntax error in key: 'a..b'`).
    pub fn parse(key: &str) -> Result<LookupKey> {
        let mut segments = split(key)
            .ok_or_else(|| failure(format!("Syntax error in key: '{key}'")))?
            .into_iter();
        let root = match segments.next() {
            Some(Segment::Name(name)) => name,
            Some(Segment::Index(index)) => index.to_string(),
            None => String::new(),
        };
        Ok(LookupKey {
            root,
            segments: segments.collect(),
        })
    }
}

/// Puppet's `split_key`: `None` for a syntax error. A key without quotes
/// or dots is one segment, as written.
pub(super) fn split(key: &str) -> Option<Vec<Segment>> {
    if !key.contains(['\'', '"', '.']) {
        return Some(vec![Segment::Name(key.to_string())]);
    }
    // Ruby's `split` with a capturing pattern: the text between matches,
    // then each match, alternately.
    let mut pieces = Vec::new();
    let mut last = 0;
    for found in piece_pattern().find_iter(key) {
        pieces.push(&key[last..found.start()]);
        pieces.push(found.as_str());
        last = found.end();
    }
    pieces.push(&key[last..]);
    while pieces.last() == Some(&"") {
        pieces.pop();
    }
    if pieces.first() != Some(&"") {
        return None;
    }
    pieces.remove(0);
    let count = pieces.len();
    if count == 0 {
        return None;
    }
    pieces.retain(|piece| *piece != ".");
    if pieces.len() * 2 != count + 1 {
        return None;
    }
    Some(pieces.into_iter().map(segment).collect())
}

fn segment(piece: &str) -> Segment {
    let piece = piece.trim();
    if piece.starts_with(['"', '\'']) {
        return Segment::Name(piece[1..piece.len() - 1].to_string());
    }
    let digits = piece.strip_prefix(['+', '-']).unwrap_or(piece);
    if !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit()) {
        if let Ok(index) = piece.parse::<i64>() {
            return Segment::Index(index);
        }
    }
    Segment::Name(piece.to_string())
}

fn piece_pattern() -> &'static regex::Regex {
    static PATTERN: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    PATTERN.get_or_init(|| {
        regex::Regex::new(r#"\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+"#).expect("a valid pattern")
    })
}

/// One segment of a dotted key or variable (`os.family`, `var.0`): an
/// index into an array, a key into a hash (an integer one for an index);
/// `Ok(None)` when it is not there, `Err` with Ruby's class of a value
/// that is no hash (Puppet's type mismatch).
pub(super) fn segment_of(
    value: &Value,
    segment: &Segment,
) -> std::result::Result<Option<Value>, &'static str> {
    match (value, segment) {
        (Value::Undef, _) => Ok(None),
        (Value::Array(items), Segment::Index(index)) => Ok(usize::try_from(*index)
            .ok()
            .and_then(|index| items.get(index))
            .cloned()),
        (Value::Hash(_), Segment::Name(name)) => Ok(value.hash_get(&Value::string(name)).cloned()),
        (Value::Hash(_), Segment::Index(index)) => {
            Ok(value.hash_get(&Value::Integer(*index)).cloned())
        }
        (Value::Object(object), Segment::Name(name)) => Ok(object.attribute(name)),
        (other, _) => Err(ruby_class(other)),
    }
}

/// The Ruby class of a value, as Puppet's messages name it.
fn ruby_class(value: &Value) -> &'static str {
    match value {
        Value::Array(_) => "Array",
        Value::Str(_) => "String",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Bool(true) => "TrueClass",
        Value::Bool(false) => "FalseClass",
        _ => "Object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(key: &str) -> Option<Vec<String>> {
        split(key).map(|segments| segments.iter().map(Segment::text).collect())
    }

    #[test]
    fn splits_as_puppet() {
        assert_eq!(names("a"), Some(vec!["a".into()]));
        assert_eq!(
            names("a.b.0"),
            Some(vec!["a".into(), "b".into(), "0".into()])
        );
        assert_eq!(split("a.-1").unwrap()[1], Segment::Index(-1));
        assert_eq!(
            names(r#""mod_a::a.quoted.key""#),
            Some(vec!["mod_a::a.quoted.key".into()])
        );
        assert_eq!(
            names("x. 'a.b' .c"),
            Some(vec!["x".into(), "a.b".into(), "c".into()])
        );
        for bad in ["a..b", "a.", ".a", r#""a"b"#, "''"] {
            assert_eq!(names(bad), None, "{bad}");
        }
    }
}
