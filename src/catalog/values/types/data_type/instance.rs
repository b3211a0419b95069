//! Whether a value is an instance of a type (`$x =~ Integer[1]`, a
//! parameter's check, a `case` option that is a type).

use super::{IntRange, StructMember, Type, MAX_DEPTH};
use crate::catalog::values::types::iterator::is_iterator_of;
use crate::catalog::values::Value;

impl Type {
    /// Whether `value` is an instance of this type.
    pub fn is_instance(&self, value: &Value) -> bool {
        instance(self, value, 0)
    }
}

fn instance(ty: &Type, value: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let each = |t: &Type, v: &Value| instance(t, v, depth + 1);
    match ty {
        Type::Any | Type::Unit => true,
        Type::Undef => matches!(value, Value::Undef),
        Type::Default => matches!(value, Value::Default),
        Type::NotUndef(inner) => {
            !matches!(value, Value::Undef) && inner.as_deref().is_none_or(|t| each(t, value))
        }
        Type::Data => is_data(value, depth),
        Type::RichData => is_rich_data(value, depth),
        Type::Scalar => is_scalar(value),
        Type::ScalarData => matches!(
            value,
            Value::Str(_) | Value::Integer(_) | Value::Float(_) | Value::Bool(_)
        ),
        Type::Numeric => matches!(value, Value::Integer(_) | Value::Float(_)),
        Type::Integer(range) => matches!(value, Value::Integer(n) if range.contains(*n)),
        Type::Float(range) => matches!(value, Value::Float(n) if range.contains(*n)),
        Type::String(string) => match value {
            Value::Str(text) => {
                string.size.contains(text.chars().count() as i64)
                    && string.value.as_ref().is_none_or(|literal| literal == text)
            }
            _ => false,
        },
        Type::Enum(values, case_insensitive) => match value {
            Value::Str(text) => {
                values.is_empty()
                    || values.iter().any(|option| {
                        if *case_insensitive {
                            option.to_lowercase() == text.to_lowercase()
                        } else {
                            option == text
                        }
                    })
            }
            _ => false,
        },
        Type::Pattern(patterns) => match value {
            Value::Str(text) => {
                patterns.is_empty() || patterns.iter().any(|pattern| pattern.is_match(text))
            }
            _ => false,
        },
        Type::Boolean(literal) => match value {
            Value::Bool(b) => literal.is_none_or(|literal| literal == *b),
            _ => false,
        },
        Type::Regexp(pattern) => match value {
            Value::Regex(regexp) => pattern.as_ref().is_none_or(|pattern| pattern == regexp),
            _ => false,
        },
        Type::Array(element, size) => match value {
            Value::Array(items) => {
                size.contains(items.len() as i64) && items.iter().all(|item| each(element, item))
            }
            _ => false,
        },
        Type::Hash(key, value_type, size) => match value {
            Value::Hash(entries) => {
                size.contains(entries.len() as i64)
                    && entries
                        .iter()
                        .all(|(k, v)| each(key, k) && each(value_type, v))
            }
            _ => false,
        },
        Type::Tuple(types, size) => match value {
            Value::Array(items) => tuple_instance(types, size, items, depth),
            _ => false,
        },
        Type::Struct(members) => match value {
            Value::Hash(entries) => struct_instance(members, entries, depth),
            _ => false,
        },
        Type::Variant(types) => types.iter().any(|t| each(t, value)),
        Type::Optional(inner) => {
            matches!(value, Value::Undef) || inner.as_deref().is_none_or(|t| each(t, value))
        }
        Type::Type(inner) => match value {
            Value::Type(actual) => inner.as_deref().is_none_or(|t| t.is_assignable(actual)),
            _ => false,
        },
        Type::Collection(size) => match value {
            Value::Array(items) => size.contains(items.len() as i64),
            Value::Hash(entries) => size.contains(entries.len() as i64),
            _ => false,
        },
        Type::Iterable(element) => match value {
            Value::Array(items) => element
                .as_deref()
                .is_none_or(|t| items.iter().all(|item| each(t, item))),
            Value::Hash(entries) => element.as_deref().is_none_or(|t| {
                entries
                    .iter()
                    .all(|(k, v)| each(t, &Value::Array(vec![k.clone(), v.clone()])))
            }),
            Value::Str(text) => element
                .as_deref()
                .is_none_or(|t| text.chars().all(|c| each(t, &Value::Str(c.to_string())))),
            Value::Integer(n) if *n >= 0 => element
                .as_deref()
                .is_none_or(|t| t.is_assignable(&Type::Integer(IntRange::new(Some(0), Some(*n))))),
            Value::Type(inner) => {
                matches!(&**inner, Type::Integer(range) if range.from.is_some() && range.to.is_some())
                    || matches!(&**inner, Type::Enum(values, _) if !values.is_empty())
            }
            // Puppet's `assignable?(infer(o))` when the element type
            // matters.
            Value::Iterator(iterator) => element.is_none() || ty.is_assignable(&iterator.infer()),
            _ => false,
        },
        Type::Iterator(element) => is_iterator_of(element.as_deref(), value),
        Type::Callable(_) | Type::Runtime(..) => false,
        // References are types; a catalog entry or class is no value.
        Type::CatalogEntry | Type::Resource(..) | Type::Class(_) => false,
        Type::Sensitive(inner) => match value {
            Value::Sensitive(wrapped) => inner.as_deref().is_none_or(|t| each(t, wrapped)),
            _ => false,
        },
        Type::Init(None, _) => each(&Type::RichData, value),
        Type::Init(Some(inner), args) => super::init::is_instance(inner, args, value),
        Type::Deferred => matches!(value, Value::Deferred(_)),
        Type::Timespan(range) => matches!(value, Value::Timespan(span) if range.contains(span.0)),
        Type::Timestamp(range) => {
            matches!(value, Value::Timestamp(stamp) if range.contains(stamp.0))
        }
        Type::SemVer(ranges) => match value {
            Value::SemVer(version) => {
                ranges.is_empty() || ranges.iter().any(|range| range.includes(version))
            }
            _ => false,
        },
        Type::SemVerRange => matches!(value, Value::SemVerRange(_)),
        Type::Binary => matches!(value, Value::Binary(_)),
        Type::Object(object) => {
            matches!(value, Value::Object(instance) if object.is_ancestor_of(&instance.ty))
        }
        Type::ObjectExtension(extension) => {
            matches!(value, Value::Object(instance) if extension.is_instance(instance))
        }
        Type::Uri(ty) => matches!(value, Value::Uri(uri) if ty.is_instance(uri)),
        Type::Alias(alias) => instance(&alias.resolved(), value, depth + 1),
        Type::Reference(_) => false,
        Type::TypeSet(_) => {
            matches!(value, Value::Type(ty) if matches!(ty.resolved(), Type::TypeSet(_)))
        }
    }
}

fn tuple_instance(types: &[Type], size: &Option<IntRange>, items: &[Value], depth: usize) -> bool {
    let size = size.unwrap_or(IntRange::exactly(types.len() as i64));
    if !size.contains(items.len() as i64) {
        return false;
    }
    items
        .iter()
        .enumerate()
        .all(|(index, item)| match types.get(index).or(types.last()) {
            Some(t) => instance(t, item, depth + 1),
            None => true,
        })
}

/// Every key is a member's (so bare `Struct` takes the empty hash only,
/// as in Puppet), and every member fits.
fn struct_instance(members: &[StructMember], entries: &[(Value, Value)], depth: usize) -> bool {
    let known = entries.iter().all(|(key, _)| {
        matches!(key, Value::Str(key) if members.iter().any(|member| member.name == *key))
    });
    known
        && members.iter().all(|member| {
            let given = entries
                .iter()
                .find(|(key, _)| matches!(key, Value::Str(key) if *key == member.name));
            match given {
                Some((_, value)) => instance(&member.value, value, depth + 1),
                None => member.may_be_missing(),
            }
        })
}

fn is_scalar(value: &Value) -> bool {
    matches!(
        value,
        Value::Str(_)
            | Value::Integer(_)
            | Value::Float(_)
            | Value::Bool(_)
            | Value::Regex(_)
            | Value::Timespan(_)
            | Value::Timestamp(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
    )
}

/// `Data`: undef, scalar data, arrays of data, hashes of strings to data.
fn is_data(value: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match value {
        Value::Undef | Value::Str(_) | Value::Integer(_) | Value::Float(_) | Value::Bool(_) => true,
        Value::Array(items) => items.iter().all(|item| is_data(item, depth + 1)),
        Value::Hash(entries) => entries
            .iter()
            .all(|(key, value)| matches!(key, Value::Str(_)) && is_data(value, depth + 1)),
        _ => false,
    }
}

/// `RichData`: data, and the other values Puppet can serialize (default,
/// regexps, types, sensitive values), in arrays and hashes.
fn is_rich_data(value: &Value, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match value {
        Value::Array(items) => items.iter().all(|item| is_rich_data(item, depth + 1)),
        Value::Hash(entries) => entries
            .iter()
            .all(|(key, value)| is_rich_data(key, depth + 1) && is_rich_data(value, depth + 1)),
        Value::Unevaluated(_) => false,
        _ => true,
    }
}
