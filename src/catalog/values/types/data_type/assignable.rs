//! Whether one type is assignable to another: every instance of the second
//! is one of the first. It decides `Type[T]` checks and the comparison of
//! types (`Integer[1, 2] < Integer`).

use std::cell::RefCell;
use std::rc::Rc;

use super::{Alias, IntRange, StringType, StructMember, Type, MAX_DEPTH};

impl Type {
    /// Whether every instance of `other` is an instance of this type.
    pub fn is_assignable(&self, other: &Type) -> bool {
        assignable(self, other, 0)
    }
}

thread_local! {
    /// The pairs of aliases being compared, innermost last.
    static COMPARING: RefCell<Vec<(*const Alias, *const Alias)>> = const { RefCell::new(Vec::new()) };
}

fn assignable(to: &Type, from: &Type, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let next = |a: &Type, b: &Type| assignable(a, b, depth + 1);
    // Two aliases compared again while they are being compared (`type X =
    // Variant[Y, Integer]`, `type Y = Variant[X, String]`): assignable,
    // as Puppet's recursion guard answers when both sides recur.
    if let (Type::Alias(to_alias), Type::Alias(from_alias)) = (to, from) {
        let pair = (Rc::as_ptr(to_alias), Rc::as_ptr(from_alias));
        if COMPARING.with(|open| open.borrow().contains(&pair)) {
            return true;
        }
        COMPARING.with(|open| open.borrow_mut().push(pair));
        let answer = assignable(to, &from_alias.resolved(), depth + 1);
        COMPARING.with(|open| open.borrow_mut().pop());
        return answer;
    }
    // Aliases and variants on the right: through what they stand for.
    match from {
        Type::Alias(alias) => return assignable(to, &alias.resolved(), depth + 1),
        Type::Variant(types) if !matches!(to, Type::Variant(_)) => {
            return !types.is_empty() && types.iter().all(|t| next(to, t));
        }
        _ => {}
    }
    match to {
        Type::Any => true,
        Type::Alias(alias) => assignable(&alias.resolved(), from, depth + 1),
        Type::Unit => true,
        Type::Undef => matches!(from, Type::Undef),
        Type::Default => matches!(from, Type::Default),
        Type::NotUndef(inner) => {
            !from.accepts_undef_type(depth) && inner.as_deref().is_none_or(|t| next(t, from))
        }
        Type::Optional(inner) => match from {
            Type::Undef => true,
            Type::Optional(other) => match (inner, other) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(t), Some(o)) => next(t, o),
            },
            other => inner.as_deref().is_none_or(|t| next(t, other)),
        },
        Type::Variant(types) => match from {
            Type::Variant(others) => others.iter().all(|o| types.iter().any(|t| next(t, o))),
            other => types.iter().any(|t| next(t, other)),
        },
        Type::Data => is_data_type(from, depth),
        Type::RichData => !matches!(
            from,
            Type::Any
                | Type::Iterator(_)
                | Type::Callable(_)
                | Type::Runtime(..)
                | Type::Unit
                | Type::Init(..)
        ),
        Type::Scalar => matches!(
            from,
            Type::Scalar
                | Type::ScalarData
                | Type::Numeric
                | Type::Integer(_)
                | Type::Float(_)
                | Type::String(_)
                | Type::Enum(..)
                | Type::Pattern(_)
                | Type::Boolean(_)
                | Type::Regexp(_)
                | Type::Timespan(_)
                | Type::Timestamp(_)
                | Type::SemVer(_)
                | Type::SemVerRange
        ),
        Type::ScalarData => matches!(
            from,
            Type::ScalarData
                | Type::Numeric
                | Type::Integer(_)
                | Type::Float(_)
                | Type::String(_)
                | Type::Enum(..)
                | Type::Pattern(_)
                | Type::Boolean(_)
        ),
        Type::Numeric => matches!(from, Type::Numeric | Type::Integer(_) | Type::Float(_)),
        Type::Integer(range) => matches!(from, Type::Integer(other) if range.covers(other)),
        Type::Float(range) => match from {
            Type::Float(other) => {
                range
                    .from
                    .is_none_or(|min| other.from.is_some_and(|o| o >= min))
                    && range
                        .to
                        .is_none_or(|max| other.to.is_some_and(|o| o <= max))
            }
            _ => false,
        },
        Type::String(string) => string_assignable(string, from),
        Type::Enum(values, case_insensitive) => match from {
            _ if values.is_empty() => {
                matches!(from, Type::String(_) | Type::Enum(..) | Type::Pattern(_))
            }
            Type::String(StringType {
                value: Some(text), ..
            }) => values.iter().any(|option| {
                option == text
                    || (*case_insensitive && option.to_lowercase() == text.to_lowercase())
            }),
            Type::Enum(others, _) => {
                !others.is_empty()
                    && others.iter().all(|other| {
                        values.iter().any(|option| {
                            option == other
                                || (*case_insensitive
                                    && option.to_lowercase() == other.to_lowercase())
                        })
                    })
            }
            _ => false,
        },
        Type::Pattern(patterns) => match from {
            _ if patterns.is_empty() => {
                matches!(from, Type::String(_) | Type::Enum(..) | Type::Pattern(_))
            }
            Type::String(StringType {
                value: Some(text), ..
            }) => patterns.iter().any(|pattern| pattern.is_match(text)),
            Type::Enum(values, _) => {
                !values.is_empty()
                    && values
                        .iter()
                        .all(|value| patterns.iter().any(|pattern| pattern.is_match(value)))
            }
            Type::Pattern(others) => {
                !others.is_empty() && others.iter().all(|other| patterns.contains(other))
            }
            _ => false,
        },
        Type::Boolean(literal) => match from {
            Type::Boolean(other) => literal.is_none() || literal == other,
            _ => false,
        },
        Type::Regexp(pattern) => match from {
            Type::Regexp(other) => pattern.is_none() || pattern == other,
            _ => false,
        },
        Type::Array(element, size) => match from {
            Type::Array(other, other_size) => {
                size.covers(other_size) && (other_size.to == Some(0) || next(element, other))
            }
            Type::Tuple(types, tuple_size) => {
                let tuple_size = tuple_size.unwrap_or(IntRange::exactly(types.len() as i64));
                size.covers(&tuple_size) && types.iter().all(|t| next(element, t))
            }
            _ => false,
        },
        Type::Hash(key, value, size) => match from {
            Type::Hash(other_key, other_value, other_size) => {
                size.covers(other_size)
                    && (other_size.to == Some(0)
                        || (next(key, other_key) && next(value, other_value)))
            }
            Type::Struct(members) => {
                size.covers(&IntRange::new(
                    Some(members.iter().filter(|m| !m.may_be_missing()).count() as i64),
                    Some(members.len() as i64),
                )) && members.iter().all(|member| {
                    next(key, &literal_string(&member.name)) && next(value, &member.value)
                })
            }
            _ => false,
        },
        Type::Tuple(types, size) => match from {
            Type::Tuple(others, other_size) => {
                let size = size.unwrap_or(IntRange::exactly(types.len() as i64));
                let other_size = other_size.unwrap_or(IntRange::exactly(others.len() as i64));
                size.covers(&other_size)
                    && others.iter().enumerate().all(|(index, other)| {
                        types
                            .get(index)
                            .or(types.last())
                            .is_some_and(|t| next(t, other))
                    })
            }
            Type::Array(element, other_size) => {
                let size = size.unwrap_or(IntRange::exactly(types.len() as i64));
                size.covers(other_size) && types.iter().all(|t| next(t, element))
            }
            _ => false,
        },
        Type::Struct(members) => match from {
            Type::Struct(others) => struct_assignable(members, others, depth),
            Type::Hash(_, _, size) => size.to == Some(0),
            _ => false,
        },
        Type::Type(inner) => match from {
            Type::Type(other) => match (inner, other) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(t), Some(o)) => next(t, o),
            },
            _ => false,
        },
        Type::Collection(size) => match from {
            Type::Collection(other) | Type::Array(_, other) | Type::Hash(_, _, other) => {
                size.covers(other)
            }
            Type::Tuple(types, other) => {
                size.covers(&other.unwrap_or(IntRange::exactly(types.len() as i64)))
            }
            Type::Struct(members) => size.contains(members.len() as i64),
            _ => false,
        },
        Type::Iterable(element) => {
            let element_of = match from {
                Type::Iterable(inner) | Type::Iterator(inner) => match inner {
                    Some(inner) => Some((**inner).clone()),
                    None => Some(Type::Any),
                },
                Type::Array(inner, _) => Some((**inner).clone()),
                Type::Hash(key, value, _) => {
                    Some(Type::Tuple(vec![(**key).clone(), (**value).clone()], None))
                }
                Type::String(_) | Type::Enum(..) | Type::Pattern(_) => {
                    Some(Type::String(StringType::default()))
                }
                Type::Tuple(..) | Type::Struct(_) | Type::Collection(_) => Some(Type::Any),
                _ => None,
            };
            match (element, element_of) {
                (_, None) => false,
                (None, Some(_)) => true,
                (Some(t), Some(e)) => next(t, &e),
            }
        }
        Type::Iterator(element) => match from {
            Type::Iterator(other) => match (element, other) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(t), Some(o)) => next(t, o),
            },
            _ => false,
        },
        Type::Callable(callable) => match from {
            Type::Callable(other) => callable.is_none() || callable == other,
            _ => false,
        },
        Type::Runtime(runtime, name) => match from {
            Type::Runtime(other_runtime, other_name) => {
                runtime.is_none()
                    || (runtime == other_runtime && (name.is_none() || name == other_name))
            }
            _ => false,
        },
        Type::CatalogEntry => {
            matches!(
                from,
                Type::CatalogEntry | Type::Resource(..) | Type::Class(_)
            )
        }
        Type::Resource(type_name, title) => match from {
            Type::Resource(other_type, other_title) => {
                type_name.is_none()
                    || (type_name == other_type && (title.is_none() || title == other_title))
            }
            Type::Class(_) => type_name.is_none() || type_name.as_deref() == Some("Class"),
            _ => false,
        },
        Type::Class(name) => match from {
            Type::Class(other) => name.is_none() || name == other,
            _ => false,
        },
        Type::Sensitive(inner) => match from {
            Type::Sensitive(other) => match (inner, other) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(t), Some(o)) => next(t, o),
            },
            _ => false,
        },
        Type::Init(inner, args) => match (inner.as_deref(), from) {
            (None, _) => matches!(from, Type::Init(..)) || next(&Type::RichData, from),
            (Some(t), Type::Init(other, _)) => other.as_deref().is_some_and(|o| next(t, o)),
            (Some(t), _) => next(t, from) || super::init::is_assignable(t, args, from),
        },
        Type::Timespan(range) => matches!(from, Type::Timespan(other) if range.covers(other)),
        Type::Timestamp(range) => matches!(from, Type::Timestamp(other) if range.covers(other)),
        Type::SemVer(ranges) => match from {
            Type::SemVer(others) => {
                ranges.is_empty()
                    || (!others.is_empty()
                        && others
                            .iter()
                            .all(|other| ranges.iter().any(|range| other.is_covered_by(range))))
            }
            _ => false,
        },
        Type::SemVerRange | Type::Binary | Type::Deferred => to == from,
        Type::Object(object) => match from {
            Type::Object(other) => object.is_ancestor_of(other),
            Type::ObjectExtension(other) => object.is_ancestor_of(&other.base),
            _ => false,
        },
        Type::ObjectExtension(extension) => extension.is_assignable_from(from),
        Type::Uri(uri) => matches!(from, Type::Uri(other) if uri.is_assignable_from(other)),
        Type::Reference(name) => matches!(from, Type::Reference(other) if other == name),
        // Puppet's `DEFAULT` takes every type set, one its equal.
        Type::TypeSet(set) => match from {
            Type::TypeSet(other) => set.is_none() || set == other,
            _ => false,
        },
    }
}

/// A `String` type for one literal.
fn literal_string(text: &str) -> Type {
    Type::String(StringType {
        size: IntRange::exactly(text.chars().count() as i64),
        value: Some(text.to_string()),
    })
}

fn string_assignable(string: &StringType, from: &Type) -> bool {
    let fits = |length: usize| string.size.contains(length as i64);
    match from {
        Type::String(other) => match (&string.value, &other.value) {
            (Some(literal), Some(text)) => literal == text,
            (Some(_), None) => false,
            (None, Some(text)) => fits(text.chars().count()),
            (None, None) => string.size.covers(&other.size),
        },
        Type::Enum(values, _) => match &string.value {
            Some(_) => false,
            None if values.is_empty() => string.size.is_unbounded(),
            None => values.iter().all(|value| fits(value.chars().count())),
        },
        Type::Pattern(_) => string.value.is_none() && string.size.is_unbounded(),
        _ => false,
    }
}

fn struct_assignable(members: &[StructMember], others: &[StructMember], depth: usize) -> bool {
    if members.is_empty() {
        return true;
    }
    members.iter().all(
        |member| match others.iter().find(|other| other.name == member.name) {
            Some(other) => {
                (member.may_be_missing() || !other.may_be_missing())
                    && assignable(&member.value, &other.value, depth + 1)
            }
            None => member.may_be_missing(),
        },
    ) && others
        .iter()
        .all(|other| members.iter().any(|member| member.name == other.name))
}

/// `Data`: undef, scalar data, and arrays and hashes of data.
fn is_data_type(from: &Type, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match from {
        Type::Data
        | Type::Undef
        | Type::ScalarData
        | Type::Numeric
        | Type::Integer(_)
        | Type::Float(_)
        | Type::String(_)
        | Type::Enum(..)
        | Type::Pattern(_)
        | Type::Boolean(_) => true,
        Type::Optional(inner) => inner.as_deref().is_none_or(|t| is_data_type(t, depth + 1)),
        Type::Array(element, _) => is_data_type(element, depth + 1),
        Type::Hash(key, value, _) => {
            assignable(&Type::String(StringType::default()), key, depth + 1)
                && is_data_type(value, depth + 1)
        }
        Type::Tuple(types, _) => types.iter().all(|t| is_data_type(t, depth + 1)),
        Type::Struct(members) => members.iter().all(|m| is_data_type(&m.value, depth + 1)),
        Type::Variant(types) => types.iter().all(|t| is_data_type(t, depth + 1)),
        Type::Alias(alias) => is_data_type(&alias.resolved(), depth + 1),
        _ => false,
    }
}

impl Type {
    /// Whether the type's instances include `undef`, for types.
    fn accepts_undef_type(&self, depth: usize) -> bool {
        assignable(self, &Type::Undef, depth + 1)
    }
}
