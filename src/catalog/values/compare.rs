//! Comparing values as Puppet does: `==` (strings without regard to case,
//! numbers by value, containers element by element) and ordering (`<`,
//! `sort`, `max`): strings with strings, numbers with numbers, types by
//! assignability.

use std::cmp::Ordering;

use super::types::semver::range::VersionRange;
use super::types::semver::Version;
use super::Value;

/// Puppet's `==`.
pub fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.to_lowercase() == y.to_lowercase(),
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            (*x as f64) == *y
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q))
        }
        // Keys are looked up exactly, as Ruby's hash does.
        (Value::Hash(x), Value::Hash(_)) => {
            let Value::Hash(y) = b else { return false };
            x.len() == y.len()
                && x.iter()
                    .all(|(key, value)| b.hash_get(key).is_some_and(|other| equal(value, other)))
        }
        // Ruby's `Sensitive#==` compares the wrapped values' hashes.
        (Value::Sensitive(x), Value::Sensitive(y)) => x == y,
        (Value::SemVer(x), Value::SemVer(y)) => x == y,
        (Value::Binary(x), Value::Binary(y)) => x == y,
        (Value::SemVerRange(x), Value::SemVerRange(y)) => x == y,
        (Value::Object(x), Value::Object(y)) => x.equals(y),
        (Value::Uri(x), Value::Uri(y)) => x.text() == y.text(),
        // Ruby's `==` of a time value and a number is its `<=>`.
        (Value::Timespan(span), other) | (other, Value::Timespan(span)) => {
            span.compare(other) == Some(Ordering::Equal)
        }
        (Value::Timestamp(stamp), other) | (other, Value::Timestamp(stamp)) => {
            stamp.compare(other) == Some(Ordering::Equal)
        }
        _ => a == b,
    }
}

/// Puppet's `CompareOperator`: strings with strings (ignoring ASCII case),
/// numbers with numbers, types by assignability; anything else is an
/// error, with its reason.
pub fn compare(a: &Value, b: &Value) -> Result<Ordering, &'static str> {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(x
            .bytes()
            .map(|c| c.to_ascii_lowercase())
            .cmp(y.bytes().map(|c| c.to_ascii_lowercase()))),
        (Value::Str(_), _) => Err("A String is not comparable to a non String"),
        (Value::Integer(x), Value::Integer(y)) => Ok(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let (x, y) = (number(a).unwrap_or(0.0), number(b).unwrap_or(0.0));
            x.partial_cmp(&y).ok_or("NaN is not comparable")
        }
        (Value::Integer(_) | Value::Float(_), Value::Timespan(span)) => span
            .compare(a)
            .map(Ordering::reverse)
            .ok_or("Timespans are only comparable to Timespans, Integers, and Floats"),
        (Value::Integer(_) | Value::Float(_), Value::Timestamp(stamp)) => stamp
            .compare(a)
            .map(Ordering::reverse)
            .ok_or("Timestamps are only comparable to Timestamps, Integers, and Floats"),
        (Value::Integer(_) | Value::Float(_), _) => {
            Err("A Numeric is not comparable to non Numeric")
        }
        (Value::Timespan(span), _) => span
            .compare(b)
            .ok_or("Timespans are only comparable to Timespans, Integers, and Floats"),
        (Value::Timestamp(stamp), _) => stamp
            .compare(b)
            .ok_or("Timestamps are only comparable to Timestamps, Integers, and Floats"),
        (Value::Type(x), Value::Type(y)) => Ok(if x == y {
            Ordering::Equal
        } else if x.is_assignable(y) {
            Ordering::Greater
        } else if y.is_assignable(x) {
            Ordering::Less
        } else {
            return Err("Types are not comparable unless one is assignable to the other");
        }),
        (Value::Type(_), _) => Err("A Type is not comparable to a non Type"),
        (Value::SemVer(x), Value::SemVer(y)) => Ok(x.precedence(y)),
        (Value::SemVer(_), _) => Err("Versions not comparable to non Versions"),
        _ => Err("Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable"),
    }
}

/// A number's value as a float.
pub fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Integer(value) => Some(*value as f64),
        Value::Float(value) => Some(*value),
        _ => None,
    }
}

/// What a regular expression's match captured (`$0`, `$1`, ...), for the
/// scope to set; `None` where no pattern was tried.
pub type Captures = Option<Vec<Value>>;

/// The captures of matching `regexp` against `text`: `Some` of the groups
/// (undef for those that did not take part) when it matches, `Some` of
/// nothing when it does not (Puppet clears the previous ones).
fn regex_captures(regexp: &super::Regexp, text: &str, captures: &mut Captures) -> bool {
    match regexp.captures(text) {
        Some(groups) => {
            *captures = Some(
                groups
                    .into_iter()
                    .map(|group| group.map_or(Value::Undef, Value::Str))
                    .collect(),
            );
            true
        }
        // A failed match leaves the last one's groups, as in Puppet.
        None => false,
    }
}

/// Whether `value` matches a `case` or selector option (Puppet's
/// `CompareOperator#match`): `default` always, a regexp a string, a type
/// its instances, an array or hash element by element, anything else by
/// `==`.
pub fn case_match(pattern: &Value, value: &Value, captures: &mut Captures) -> bool {
    match pattern {
        Value::Default => true,
        Value::Regex(regexp) => match value {
            Value::Str(text) => regex_captures(regexp, text, captures),
            _ => false,
        },
        Value::Type(ty) => ty.is_instance(value),
        Value::SemVerRange(range) => in_range(range, value),
        Value::SemVer(version) => match value {
            Value::SemVer(other) => version == other,
            Value::Str(text) => Version::parse(text).is_ok_and(|other| **version == other),
            _ => false,
        },
        Value::Array(patterns) => match value {
            Value::Array(items) => {
                items.len() == patterns.len()
                    && patterns
                        .iter()
                        .zip(items)
                        .all(|(pattern, item)| case_match(pattern, item, captures))
            }
            _ => false,
        },
        Value::Hash(patterns) => match value {
            Value::Hash(_) => patterns.iter().all(|(key, pattern)| {
                let item = value.hash_get(key).cloned().unwrap_or(Value::Undef);
                case_match(pattern, &item, captures)
            }),
            _ => false,
        },
        _ => equal(value, pattern),
    }
}

/// Whether a parameterized type covers another's parameters (Puppet's
/// `test_assignable?` of object types and `URI`): each parameter it names,
/// the other names too, with a value that matches it or a type assignable
/// to it.
pub fn parameters_cover(patterns: &[(String, Value)], given: &[(String, Value)]) -> bool {
    patterns.iter().all(|(name, pattern)| {
        given.iter().find(|(n, _)| n == name).is_some_and(|(_, value)| {
            case_match(pattern, value, &mut None)
                || matches!((value, pattern), (Value::Type(a), Value::Type(b)) if b.is_assignable(a))
        })
    })
}

/// `PSemVerRangeType.include?`: a version, or a string that is one, in
/// the range.
fn in_range(range: &VersionRange, value: &Value) -> bool {
    match value {
        Value::SemVer(version) => range.includes(version),
        Value::Str(text) => Version::parse(text).is_ok_and(|version| range.includes(&version)),
        _ => false,
    }
}

fn contains_bytes(haystack: &[u8], needle: &[u8]) -> bool {
    needle.is_empty()
        || haystack
            .windows(needle.len())
            .any(|window| window == needle)
}

/// `needle in haystack` (Puppet's `CompareOperator#include?`): a
/// substring (without case), a regexp or type matched against a string's
/// text or an array's elements, an array's element, a hash's key.
pub fn includes(haystack: &Value, needle: &Value, captures: &mut Captures) -> bool {
    match haystack {
        Value::Str(text) => match needle {
            Value::Str(part) => text.to_lowercase().contains(&part.to_lowercase()),
            Value::Regex(regexp) => regex_captures(regexp, text, captures),
            _ => false,
        },
        Value::Array(items) => match needle {
            Value::Regex(regexp) => {
                for item in items {
                    if let Value::Str(text) = item {
                        if regex_captures(regexp, text, captures) {
                            return true;
                        }
                    }
                }
                *captures = Some(Vec::new());
                false
            }
            Value::Str(_) | Value::SemVer(_) => {
                items.iter().any(|item| case_match(item, needle, captures))
            }
            Value::Type(ty) => items.iter().any(|item| ty.is_instance(item)),
            _ => items.iter().any(|item| equal(item, needle)),
        },
        Value::Hash(entries) => {
            let keys = Value::Array(entries.iter().map(|(key, _)| key.clone()).collect());
            includes(&keys, needle, captures)
        }
        Value::SemVerRange(range) => in_range(range, needle),
        Value::Binary(bytes) => match needle {
            Value::Binary(part) => contains_bytes(bytes, part),
            Value::Str(text) => contains_bytes(bytes, text.as_bytes()),
            Value::Integer(byte) => bytes.iter().any(|b| i64::from(*b) == *byte),
            Value::Float(byte) => bytes.iter().any(|b| f64::from(*b) == *byte),
            _ => false,
        },
        _ => false,
    }
}

/// `value =~ pattern`: a type's instances; otherwise a regexp (or a string
/// read as one) against a string. `Err` with Puppet's reason when the
/// operands do not allow it.
pub fn regex_match(
    value: &Value,
    pattern: &Value,
    captures: &mut Captures,
) -> Result<bool, String> {
    let regexp = match pattern {
        Value::Type(ty) => return Ok(ty.is_instance(value)),
        Value::SemVerRange(range) => return Ok(in_range(range, value)),
        Value::Regex(regexp) => regexp.clone(),
        Value::Str(source) => super::Regexp::new(source.clone()),
        other => {
            return Err(format!(
                "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {} into String'",
                super::types::data_type::describe::simple_name(other)
            ))
        }
    };
    if let Err(reason) = regexp.check() {
        return Err(format!(
            "Can not convert right match operand to a regular expression. Caused by '{reason}'"
        ));
    }
    match value {
        Value::Str(text) => Ok(regex_captures(&regexp, text, captures)),
        other => Err(format!(
            "Left match operand must result in a String value. Got {}",
            super::display::a_an(super::types::data_type::describe::simple_name(other))
        )),
    }
}
