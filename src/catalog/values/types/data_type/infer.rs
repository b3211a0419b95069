//! The type of a value, as Puppet's `TypeCalculator` infers it: the most
//! specific one (`'abc'` is `String['abc']`, `[1, 2]` is `Array[Integer[1,
//! 2], 2, 2]`), the set form (`Tuple` and `Struct` for arrays and hashes),
//! and the general form messages name (`String`, `Array[Integer]`).

use super::{FloatRange, IntRange, StringType, StructMember, TimeRange, Type};
use crate::catalog::values::types::object::extension::Extension;
use crate::catalog::values::types::uri::UriType;
use crate::catalog::values::Value;

/// The most specific type of `value`.
pub fn infer(value: &Value) -> Type {
    match value {
        Value::Undef => Type::Undef,
        Value::Default => Type::Default,
        Value::Bool(b) => Type::Boolean(Some(*b)),
        Value::Integer(n) => Type::Integer(IntRange::exactly(*n)),
        Value::Float(f) => Type::Float(FloatRange {
            from: Some(*f),
            to: Some(*f),
        }),
        Value::Str(text) => Type::String(StringType {
            size: IntRange::exactly(text.chars().count() as i64),
            value: Some(text.clone()),
        }),
        Value::Regex(regexp) => Type::Regexp(Some(regexp.clone())),
        Value::Array(items) if items.is_empty() => {
            Type::Array(Box::new(Type::Unit), IntRange::exactly(0))
        }
        Value::Array(items) => Type::Array(
            Box::new(reduce(items.iter().map(infer))),
            IntRange::exactly(items.len() as i64),
        ),
        Value::Hash(entries) if entries.is_empty() => Type::Hash(
            Box::new(Type::Unit),
            Box::new(Type::Unit),
            IntRange::exactly(0),
        ),
        Value::Hash(entries) => Type::Hash(
            Box::new(reduce(entries.iter().map(|(key, _)| infer(key)))),
            Box::new(reduce(entries.iter().map(|(_, value)| infer(value)))),
            IntRange::exactly(entries.len() as i64),
        ),
        Value::Type(ty) => Type::Type(Some(ty.clone())),
        Value::Sensitive(inner) => Type::Sensitive(Some(Box::new(generalized(&infer(inner))))),
        Value::Deferred(_) => Type::Deferred,
        Value::Timespan(span) => Type::Timespan(TimeRange {
            from: Some(span.0),
            to: Some(span.0),
        }),
        Value::Timestamp(stamp) => Type::Timestamp(TimeRange {
            from: Some(stamp.0),
            to: Some(stamp.0),
        }),
        Value::SemVer(_) => Type::SemVer(Vec::new()),
        Value::Binary(_) => Type::Binary,
        Value::SemVerRange(_) => Type::SemVerRange,
        // A type with parameters is inferred with its instance's values
        // for them (`MyType['hello']`).
        Value::Object(object) if !object.ty.all_type_parameters().is_empty() => {
            Type::ObjectExtension(std::rc::Rc::new(Extension::of_instance(object)))
        }
        Value::Object(object) => Type::Object(std::rc::Rc::clone(&object.ty)),
        Value::Uri(uri) => Type::Uri(UriType {
            parameters: uri.type_parameters(),
        }),
        Value::Iterator(iterator) => iterator.infer(),
        Value::Unevaluated(_) => Type::Any,
    }
}

/// The set form: arrays as `Tuple`s and hashes with string keys as
/// `Struct`s of the types of their elements.
pub fn infer_set(value: &Value) -> Type {
    match value {
        Value::Array(items) if !items.is_empty() => {
            Type::Tuple(items.iter().map(infer_set).collect(), None)
        }
        Value::Hash(entries)
            if !entries.is_empty()
                && entries
                    .iter()
                    .all(|(key, _)| matches!(key, Value::Str(text) if !text.is_empty())) =>
        {
            Type::Struct(
                entries
                    .iter()
                    .map(|(key, value)| StructMember {
                        name: key.to_text(),
                        optional_key: false,
                        required_key: false,
                        value: infer_set(value),
                    })
                    .collect(),
            )
        }
        other => infer(other),
    }
}

/// The common type of several types (Puppet's `reduce_type`).
fn reduce(types: impl Iterator<Item = Type>) -> Type {
    types
        .reduce(|common, next| common_type(&common, &next))
        .unwrap_or(Type::Unit)
}

/// The most specific type both are assignable to.
pub fn common_type(a: &Type, b: &Type) -> Type {
    if matches!(a, Type::Unit) {
        return b.clone();
    }
    if matches!(b, Type::Unit) {
        return a.clone();
    }
    if a.is_assignable(b) {
        return a.clone();
    }
    if b.is_assignable(a) {
        return b.clone();
    }
    match (a, b) {
        (Type::Array(x, _), Type::Array(y, _)) => {
            Type::Array(Box::new(common_type(x, y)), IntRange::UNBOUNDED)
        }
        (Type::Hash(xk, xv, _), Type::Hash(yk, yv, _)) => Type::Hash(
            Box::new(common_type(xk, yk)),
            Box::new(common_type(xv, yv)),
            IntRange::UNBOUNDED,
        ),
        (Type::Class(_), Type::Class(_)) => Type::Class(None),
        (Type::Resource(x, _), Type::Resource(y, _)) => {
            Type::Resource(if x == y { x.clone() } else { None }, None)
        }
        (Type::Integer(x), Type::Integer(y)) => Type::Integer(IntRange::new(
            x.from.zip(y.from).map(|(p, q)| p.min(q)),
            x.to.zip(y.to).map(|(p, q)| p.max(q)),
        )),
        (Type::Float(x), Type::Float(y)) => Type::Float(FloatRange {
            from: x.from.zip(y.from).map(|(p, q)| p.min(q)),
            to: x.to.zip(y.to).map(|(p, q)| p.max(q)),
        }),
        (Type::String(x), Type::String(y)) => match (&x.value, &y.value) {
            (Some(p), Some(q)) => Type::Enum(vec![p.clone(), q.clone()], false),
            _ => Type::String(StringType::default()),
        },
        (Type::Enum(values, _), Type::String(string))
        | (Type::String(string), Type::Enum(values, _)) => match &string.value {
            Some(text) => {
                let mut values = values.clone();
                if !values.contains(text) {
                    values.push(text.clone());
                }
                Type::Enum(values, false)
            }
            None => Type::Enum(Vec::new(), false),
        },
        (Type::Enum(x, _), Type::Enum(y, _)) => {
            let mut values = x.clone();
            values.extend(y.iter().filter(|v| !x.contains(v)).cloned());
            Type::Enum(values, false)
        }
        (Type::Pattern(x), Type::Pattern(y)) => {
            let mut patterns = x.clone();
            patterns.extend(y.iter().filter(|p| !x.contains(p)).cloned());
            Type::Pattern(patterns)
        }
        (Type::Variant(x), Type::Variant(y)) => {
            let mut types = x.clone();
            types.extend(y.iter().filter(|t| !x.contains(t)).cloned());
            Type::Variant(types)
        }
        (Type::Regexp(_), Type::Regexp(_)) => Type::Regexp(None),
        (Type::Callable(_), Type::Callable(_)) => Type::Callable(None),
        (Type::Type(x), Type::Type(y)) => match (x, y) {
            (Some(x), Some(y)) => Type::Type(Some(Box::new(common_type(x, y)))),
            _ => Type::Type(None),
        },
        _ if Type::Numeric.is_assignable(a) && Type::Numeric.is_assignable(b) => Type::Numeric,
        _ if Type::ScalarData.is_assignable(a) && Type::ScalarData.is_assignable(b) => {
            Type::ScalarData
        }
        _ if Type::Scalar.is_assignable(a) && Type::Scalar.is_assignable(b) => Type::Scalar,
        _ if Type::Data.is_assignable(a) && Type::Data.is_assignable(b) => Type::Data,
        _ if Type::RichData.is_assignable(a) && Type::RichData.is_assignable(b) => Type::RichData,
        _ => Type::Any,
    }
}

/// The general form: without literal values and sizes (`String`,
/// `Integer`, `Array[String]`).
pub fn generalized(ty: &Type) -> Type {
    match ty {
        Type::ObjectExtension(extension) => Type::Object(std::rc::Rc::clone(&extension.base)),
        Type::Uri(_) => Type::Uri(UriType::default()),
        Type::Integer(_) => Type::Integer(IntRange::UNBOUNDED),
        Type::Float(_) => Type::Float(FloatRange::default()),
        Type::String(_) => Type::String(StringType::default()),
        Type::Boolean(_) => Type::Boolean(None),
        Type::Timespan(_) => Type::Timespan(TimeRange::default()),
        Type::Timestamp(_) => Type::Timestamp(TimeRange::default()),
        Type::Enum(values, _) if values.is_empty() => Type::String(StringType::default()),
        Type::Enum(values, _) => {
            let lengths = values.iter().map(|value| value.chars().count() as i64);
            Type::String(StringType {
                size: IntRange::new(lengths.clone().min(), lengths.max()),
                value: None,
            })
        }
        // Puppet keeps the empty hash's type (`PHashType::EMPTY`); an
        // empty array's becomes `Array[Unit]`.
        Type::Hash(key, value, size)
            if **key == Type::Unit && **value == Type::Unit && *size == IntRange::exactly(0) =>
        {
            ty.clone()
        }
        Type::Array(element, _) => match **element {
            Type::Any => Type::Array(Box::new(Type::Any), IntRange::UNBOUNDED),
            _ => Type::Array(Box::new(generalized(element)), IntRange::UNBOUNDED),
        },
        Type::Hash(key, value, _) => Type::Hash(
            Box::new(generalized(key)),
            Box::new(generalized(value)),
            IntRange::UNBOUNDED,
        ),
        Type::Tuple(types, size) => Type::Tuple(types.iter().map(generalized).collect(), *size),
        Type::Struct(members) => Type::Struct(
            members
                .iter()
                .map(|member| StructMember {
                    value: generalized(&member.value),
                    ..member.clone()
                })
                .collect(),
        ),
        Type::Variant(types) => Type::variant_of(types.iter().map(generalized)),
        Type::Optional(Some(inner)) => Type::Optional(Some(Box::new(generalized(inner)))),
        Type::NotUndef(Some(inner)) => Type::NotUndef(Some(Box::new(generalized(inner)))),
        Type::Type(Some(inner)) => Type::Type(Some(Box::new(generalized(inner)))),
        Type::Sensitive(Some(inner)) => Type::Sensitive(Some(Box::new(generalized(inner)))),
        Type::Iterable(Some(inner)) => Type::Iterable(Some(Box::new(generalized(inner)))),
        Type::Iterator(Some(inner)) => Type::Iterator(Some(Box::new(generalized(inner)))),
        other => other.clone(),
    }
}
