//! Why a value does not fit a type, in Puppet's words (its
//! `TypeMismatchDescriber`): "expects a String value, got Integer",
//! "index 1 expects ...", "entry 'port' expects ...", "unrecognized key",
//! with aliases expanded (`Stdlib::Port = Integer[0, 65535]`) where Puppet
//! expands them.

use super::{StructMember, Type, MAX_DEPTH};
use crate::catalog::values::display::article;
use crate::catalog::values::Value;

/// Why `value` is not an instance of `expected`; `None` when it is.
pub fn describe_mismatch(expected: &Type, value: &Value) -> Option<String> {
    if expected.is_instance(value) {
        return None;
    }
    // Puppet names a type it could not resolve before any other detail.
    if let Some(name) = unresolved_reference(expected, 0) {
        return Some(format!("references an unresolved type '{name}'"));
    }
    describe(expected, value, 0)
}

/// The first name in `ty` that is no type (`TypeReference['Nope']`), as
/// Puppet's `UnresolvedTypeFinder` visits a type.
fn unresolved_reference(ty: &Type, depth: usize) -> Option<&str> {
    if depth > MAX_DEPTH {
        return None;
    }
    match ty {
        Type::Reference(name) => Some(name),
        Type::NotUndef(ty)
        | Type::Optional(ty)
        | Type::Type(ty)
        | Type::Iterable(ty)
        | Type::Iterator(ty)
        | Type::Sensitive(ty)
        | Type::Init(ty, _) => unresolved_reference(ty.as_deref()?, depth + 1),
        Type::Array(ty, _) => unresolved_reference(ty, depth + 1),
        Type::Hash(key, value, _) => {
            unresolved_reference(key, depth + 1).or_else(|| unresolved_reference(value, depth + 1))
        }
        Type::Tuple(types, _) | Type::Variant(types) => types
            .iter()
            .find_map(|ty| unresolved_reference(ty, depth + 1)),
        Type::Struct(members) => members
            .iter()
            .find_map(|member| unresolved_reference(&member.value, depth + 1)),
        _ => None,
    }
}

fn describe(expected: &Type, value: &Value, depth: usize) -> Option<String> {
    if depth > MAX_DEPTH || expected.is_instance(value) {
        return None;
    }
    let resolved = expected.resolved();
    let is_alias = matches!(expected, Type::Alias(_));
    let described = match (&resolved, value) {
        (Type::Optional(Some(inner)), Value::Str(text))
            if matches!(&**inner, Type::Enum(..) | Type::Pattern(_)) =>
        {
            format!(
                "expects an undef value or a match for {}, got '{text}'",
                inner.expanded()
            )
        }
        (Type::Optional(Some(inner)), _) => {
            let members = match (inner.resolved(), &**inner) {
                (Type::Variant(members), inner) if !matches!(inner, Type::Alias(_)) => members,
                _ => vec![(**inner).clone()],
            };
            type_mismatch(&members, true, value)
        }
        // A variant that accepts undef is Puppet's optional of the rest.
        (Type::Variant(members), _) if !is_alias && members.contains(&Type::Undef) => {
            let rest: Vec<Type> = members
                .iter()
                .filter(|m| **m != Type::Undef)
                .cloned()
                .collect();
            type_mismatch(&rest, true, value)
        }
        (Type::Variant(members), _) if !is_alias => {
            // Puppet merges the variants' mismatches when each is one of
            // type; otherwise it tells the first variant's.
            let all_of_type = members.iter().all(|member| !fits_kind(member, value));
            match members.first() {
                Some(first) if !all_of_type => {
                    return describe(first, value, depth + 1)
                        .map(|inner| format!("variant 0 {inner}"))
                }
                _ => type_mismatch(members, false, value),
            }
        }
        (Type::Struct(members), Value::Hash(entries)) if entries.is_empty() => {
            let required = members.iter().filter(|m| !m.may_be_missing()).count();
            if required == 0 {
                return None;
            }
            let range = if required == members.len() {
                format!("{required}")
            } else {
                format!("between {required} and {}", members.len())
            };
            format!("expects size to be {range}, got 0")
        }
        (Type::Enum(..) | Type::Pattern(_), _) => {
            let got = match value {
                Value::Str(text) => format!("'{text}'"),
                other => simple_name(other).to_string(),
            };
            format!("expects a match for {}, got {got}", expected.expanded())
        }
        (Type::Array(element, size), Value::Array(items)) if size.contains(items.len() as i64) => {
            return items.iter().enumerate().find_map(|(index, item)| {
                describe(element, item, depth + 1).map(|inner| format!("index {index} {inner}"))
            });
        }
        (Type::Hash(_, value_type, size), Value::Hash(entries))
            if size.contains(entries.len() as i64) =>
        {
            // An entry whose value does not fit; else it is a key, which
            // Puppet tells as a mismatch of the whole hash.
            let entry = entries.iter().find_map(|(key, entry)| {
                describe(value_type, entry, depth + 1)
                    .map(|inner| format!("entry '{}' {inner}", key.to_text()))
            });
            entry.unwrap_or_else(|| type_mismatch(std::slice::from_ref(expected), false, value))
        }
        (Type::Tuple(types, size), Value::Array(items))
            if size
                .unwrap_or(super::IntRange::exactly(types.len() as i64))
                .contains(items.len() as i64) =>
        {
            return items.iter().enumerate().find_map(|(index, item)| {
                let member = types.get(index).or(types.last())?;
                describe(member, item, depth + 1).map(|inner| format!("index {index} {inner}"))
            });
        }
        (Type::Struct(members), Value::Hash(entries)) => {
            return describe_struct(members, entries, depth)
        }
        (Type::Array(_, size), Value::Array(items)) => size_mismatch(size, items.len()),
        (Type::Hash(_, _, size), Value::Hash(entries)) => size_mismatch(size, entries.len()),
        _ => type_mismatch(std::slice::from_ref(expected), false, value),
    };
    Some(described)
}

/// Puppet's `SizeMismatch`: "expects size to be at least 2, got 1".
fn size_mismatch(expected: &super::IntRange, actual: usize) -> String {
    let min = expected.from.unwrap_or(0).max(0);
    let range = match expected.to {
        Some(max) if max == min => min.to_string(),
        Some(max) if min == 0 => format!("at most {max}"),
        None if min == 0 => "unlimited".to_string(),
        None => format!("at least {min}"),
        Some(max) => format!("between {min} and {max}"),
    };
    format!("expects size to be {range}, got {actual}")
}

fn describe_struct(
    members: &[StructMember],
    entries: &[(Value, Value)],
    depth: usize,
) -> Option<String> {
    for (key, _) in entries {
        let key = key.to_text();
        if !members.iter().any(|member| member.name == key) {
            return Some(format!("unrecognized key '{key}'"));
        }
    }
    for member in members {
        let given = entries
            .iter()
            .find(|(key, _)| key.to_text() == member.name)
            .map(|(_, value)| value);
        match given {
            None if member.may_be_missing() => {}
            None => return Some(format!("expects a value for key '{}'", member.name)),
            Some(value) => {
                if let Some(inner) = describe(&member.value, value, depth + 1) {
                    return Some(format!("entry '{}' {inner}", member.name));
                }
            }
        }
    }
    None
}

/// Puppet's `TypeMismatch` message: the expected types in full (aliases
/// expanded) when the value is close to them, else by their names.
fn type_mismatch(expected: &[Type], optional: bool, value: &Value) -> String {
    let detailed = expected.iter().any(|ty| report_detailed(ty, value));
    let (mut names, actual) = if detailed {
        let names: Vec<String> = expected.iter().map(Type::expanded).collect();
        let close = expected
            .iter()
            .any(|ty| always_fully_detailed(&ty.resolved(), false, value));
        (
            names,
            if close {
                expanded_actual(value)
            } else {
                inferred_name(value)
            },
        )
    } else {
        let mut names: Vec<String> = Vec::new();
        for ty in expected {
            let name = short_name(ty);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        (names, inferred_name(value))
    };
    if optional {
        names.insert(0, "Undef".to_string());
    }
    match names.as_slice() {
        [only] => format!("expects {} {only} value, got {actual}", article(only)),
        [first, second] => format!("expects a value of type {first} or {second}, got {actual}"),
        [rest @ .., last] => format!(
            "expects a value of type {}, or {last}, got {actual}",
            rest.join(", ")
        ),
        [] => format!("expects a value, got {actual}"),
    }
}

/// Whether Puppet describes a mismatch of `value` with `ty` in its
/// details (a size, an element) rather than as one of type: an array
/// for an `Array` or `Tuple`, a hash for a `Hash` or `Struct`.
fn fits_kind(ty: &Type, value: &Value) -> bool {
    matches!(
        (ty.resolved(), value),
        (Type::Array(..) | Type::Tuple(..), Value::Array(_))
            | (Type::Hash(..) | Type::Struct(_), Value::Hash(_))
    )
}

/// Puppet's `report_detailed?`: the value is of the expected type's kind
/// (an instance of the type without its parameters), or the expected type
/// is an alias.
fn report_detailed(ty: &Type, value: &Value) -> bool {
    let is_alias = matches!(ty, Type::Alias(_));
    let resolved = ty.resolved();
    always_fully_detailed(&resolved, is_alias, value)
        || base_name(&resolved) == simple_name(value)
        || super::builtin(&base_name(&resolved)).is_some_and(|default| default.is_instance(value))
}

/// Puppet's `always_fully_detailed?` for a resolved expected type: the
/// value is of its kind (or it is an alias, or a `Struct` or `Tuple` for a
/// hash or an array).
fn always_fully_detailed(resolved: &Type, is_alias: bool, value: &Value) -> bool {
    is_alias
        || base_name(resolved) == simple_name(value)
        || matches!(
            (resolved, value),
            (Type::Struct(_), Value::Hash(_)) | (Type::Tuple(..), Value::Array(_))
        )
}

/// A type's name without its parameters (`Integer`, `Optional`).
pub fn base_name(ty: &Type) -> String {
    let text = super::display::nested_text(ty);
    text.split('[').next().unwrap_or_default().to_string()
}

/// Puppet's `short_name`: the type's name, with the contained type's name
/// for `Optional`, `NotUndef`, `Sensitive` and `Type`.
fn short_name(ty: &Type) -> String {
    match ty {
        Type::Alias(alias) => alias.name.clone(),
        Type::Optional(Some(inner))
        | Type::NotUndef(Some(inner))
        | Type::Sensitive(Some(inner))
        | Type::Type(Some(inner))
            if **inner != Type::Any =>
        {
            format!("{}[{}]", base_name(ty), short_name(inner))
        }
        other => base_name(other),
    }
}

/// The name of a value's type, as Puppet's `simple_name` (and its
/// messages' `label`) gives it.
pub fn simple_name(value: &Value) -> &'static str {
    match value {
        Value::Undef => "Undef",
        Value::Default => "Default",
        Value::Bool(_) => "Boolean",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Str(_) => "String",
        Value::Regex(_) => "Regexp",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Type(_) => "Type",
        Value::Sensitive(_) => "Sensitive",
        Value::Deferred(_) => "Deferred",
        Value::Timespan(_) => "Timespan",
        Value::Timestamp(_) => "Timestamp",
        Value::SemVer(_) => "SemVer",
        Value::Binary(_) => "Binary",
        Value::SemVerRange(_) => "SemVerRange",
        Value::Object(_) => "Object",
        Value::Uri(_) => "URI",
        Value::Iterator(_) => "Iterator",
        Value::Unevaluated(_) => "Any",
    }
}

/// The name of the type Puppet infers for a value (its `infer_set`), as
/// a mismatch by names shows it: a non-empty array is a `Tuple`, a
/// non-empty hash of string keys a `Struct`, a type `Type[Integer]`.
fn inferred_name(value: &Value) -> String {
    match value {
        Value::Array(items) if !items.is_empty() => "Tuple".to_string(),
        Value::Hash(entries)
            if !entries.is_empty()
                && entries.iter().all(|(key, _)| matches!(key, Value::Str(_))) =>
        {
            "Struct".to_string()
        }
        Value::Type(ty) => match &**ty {
            Type::Resource(..) => "Type[Resource]".to_string(),
            Type::Class(_) => "Type[Class]".to_string(),
            other => format!("Type[{}]", base_name(other)),
        },
        other => simple_name(other).to_string(),
    }
}

/// A value's exact type where Puppet shows it: an integer's range.
fn expanded_actual(value: &Value) -> String {
    match value {
        Value::Integer(number) => format!("Integer[{number}, {number}]"),
        Value::Float(number) => {
            let text = crate::catalog::values::types::float::ruby_float(*number);
            format!("Float[{text}, {text}]")
        }
        Value::Hash(entries) if !entries.is_empty() => super::infer_set(value).to_string(),
        other => simple_name(other).to_string(),
    }
}
