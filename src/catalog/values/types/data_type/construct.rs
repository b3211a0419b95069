//! Types from their names and parameters, as Puppet's evaluator makes
//! them: a type reference (`Integer`) and an access on it (`Integer[1,
//! 10]`, `Struct[{a => String}]`, `File['/x']`), with Puppet's words for
//! parameters it refuses.

use super::{Callable, FloatRange, IntRange, StringType, StructMember, TimeRange, Type};
use crate::catalog::values::display::a_an;
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::types::regexp::Regexp;
use crate::catalog::values::types::semver::range::VersionRange;
use crate::catalog::values::types::timespan::{self, Timespan};
use crate::catalog::values::types::timestamp::{Formats, Timestamp};
use crate::catalog::values::Value;
use std::rc::Rc;

use crate::catalog::values::types::object::extension::Extension;
use crate::catalog::values::types::object::ObjectType;
use crate::catalog::values::types::uri::UriType;

/// Why an access on a type is refused, in Puppet's words.
#[derive(Debug)]
pub struct ConstructError(pub String);

type Result<T> = std::result::Result<T, ConstructError>;

fn fail<T>(message: impl Into<String>) -> Result<T> {
    Err(ConstructError(message.into()))
}

/// The built-in type a capitalized name stands for (`Integer`, `Array`,
/// `Resource`, `Class`, ...), without regard to case as Puppet's type
/// parser reads them (`Semver`); `None` for other names (resource types,
/// aliases).
pub fn builtin(name: &str) -> Option<Type> {
    // Lower-cased on the stack: this runs for every type name evaluated.
    let mut buffer = [0u8; 16];
    let lower = buffer.get_mut(..name.len())?;
    lower.copy_from_slice(name.as_bytes());
    lower.make_ascii_lowercase();
    Some(match std::str::from_utf8(lower).ok()? {
        "any" => Type::Any,
        "undef" => Type::Undef,
        "default" => Type::Default,
        "unit" => Type::Unit,
        "notundef" => Type::NotUndef(None),
        "data" => Type::Data,
        "richdata" => Type::RichData,
        "scalar" => Type::Scalar,
        "scalardata" => Type::ScalarData,
        "numeric" => Type::Numeric,
        "integer" => Type::Integer(IntRange::UNBOUNDED),
        "float" => Type::Float(FloatRange::default()),
        "string" => Type::String(StringType::default()),
        "enum" => Type::Enum(Vec::new(), false),
        "pattern" => Type::Pattern(Vec::new()),
        "boolean" => Type::Boolean(None),
        "regexp" => Type::Regexp(None),
        "array" => Type::Array(Box::new(Type::Any), IntRange::UNBOUNDED),
        "hash" => Type::Hash(
            Box::new(Type::Any),
            Box::new(Type::Any),
            IntRange::UNBOUNDED,
        ),
        "tuple" => Type::Tuple(Vec::new(), None),
        "struct" => Type::Struct(Vec::new()),
        "variant" => Type::Variant(Vec::new()),
        "optional" => Type::Optional(None),
        "type" => Type::Type(None),
        "collection" => Type::Collection(IntRange::UNBOUNDED),
        "iterable" => Type::Iterable(None),
        "iterator" => Type::Iterator(None),
        "callable" => Type::Callable(None),
        "runtime" => Type::Runtime(None, None),
        "catalogentry" => Type::CatalogEntry,
        "resource" => Type::Resource(None, None),
        "class" => Type::Class(None),
        "sensitive" => Type::Sensitive(None),
        "init" => Type::Init(None, Vec::new()),
        "timespan" => Type::Timespan(TimeRange::default()),
        "timestamp" => Type::Timestamp(TimeRange::default()),
        "semver" => Type::SemVer(Vec::new()),
        "semverrange" => Type::SemVerRange,
        "binary" => Type::Binary,
        "uri" => Type::Uri(UriType::default()),
        "error" => Type::Object(crate::catalog::values::types::object::error::error_type()),
        "deferred" => Type::Deferred,
        "typeset" => Type::TypeSet(None),
        "object" => Type::Object(Rc::new(ObjectType::default())),
        "annotation" => Type::Object(Rc::new(ObjectType::named("Annotation"))),
        "rubymethod" => {
            Type::Object(crate::catalog::values::types::object::ruby_method::ruby_method_type())
        }
        "pcore" => Type::Object(Rc::new(ObjectType::named("Pcore"))),
        _ => return None,
    })
}

/// The type's name as Puppet labels it in messages (`Integer-Type`).
fn label(ty: &Type) -> String {
    let text = ty.to_string();
    let name = text.split('[').next().unwrap_or_default();
    format!("{name}-Type")
}

/// How Puppet names a key it cannot use: its generalized type.
fn key_name(value: &Value) -> String {
    match value {
        Value::Undef => "Undef".to_string(),
        Value::Default => "Default".to_string(),
        other => super::generalized(&super::infer(other)).to_string(),
    }
}

fn arity(base: &Type, min: usize, max: Option<usize>, actual: usize) -> ConstructError {
    let label = {
        let text = a_an(&label(base));
        let mut chars = text.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().collect::<String>() + chars.as_str())
            .unwrap_or_default()
    };
    ConstructError(match max {
        None => format!("{label}[] accepts {min} or more arguments. Got {actual}"),
        Some(max) if max != min => {
            format!("{label}[] accepts {min} to {max} arguments. Got {actual}")
        }
        Some(_) => format!("{label}[] accepts {min} argument. Got {actual}")
            .replace("1 argument", "1 argument"),
    })
}

fn specialization(base: &Type, key: &Value, expected: &str) -> ConstructError {
    ConstructError(format!(
        "Error creating type specialization of {}, Cannot use {} where {expected} is expected",
        a_an(&label(base)),
        key_name(key)
    ))
}

/// The keys with arrays among them spread, as Puppet's `keys.flatten!`.
fn flattened(keys: Vec<Value>) -> Vec<Value> {
    let mut out = Vec::with_capacity(keys.len());
    for key in keys {
        match key {
            Value::Array(items) => out.extend(flattened(items)),
            other => out.push(other),
        }
    }
    out
}

fn as_type(base: &Type, key: &Value) -> Result<Type> {
    match key {
        Value::Type(ty) => Ok((**ty).clone()),
        _ => Err(specialization(base, key, "Type")),
    }
}

/// A size bound: an integer, or `default` (unbounded).
fn bound(key: &Value) -> Option<Option<i64>> {
    match key {
        Value::Integer(n) => Some(Some(*n)),
        Value::Default => Some(None),
        _ => None,
    }
}

/// Size parameters of a collection: `Integer[1, 2]`, `1`, `1, 2`.
fn size_range(keys: &[Value]) -> Result<IntRange> {
    match keys {
        [] => Ok(IntRange::UNBOUNDED),
        [Value::Type(ty)] => match &**ty {
            Type::Integer(range) => Ok(*range),
            _ => fail(format!(
                "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
                a_an(&label(ty))
            )),
        },
        [from] => match bound(from) {
            Some(from) => Ok(IntRange::new(from, None)),
            None => collection_size_error(from),
        },
        [from, to] => match (bound(from), bound(to)) {
            (Some(from), Some(to)) => integer_range(from, to),
            (None, _) => collection_size_error(from),
            (_, None) => collection_size_error(to),
        },
        _ => fail("too many size arguments"),
    }
}

/// An integer range as Puppet's PIntegerType makes it, which refuses
/// bounds in the wrong order.
fn integer_range(from: Option<i64>, to: Option<i64>) -> Result<IntRange> {
    match (from, to) {
        (Some(low), Some(high)) if low > high => fail(format!(
            "'from' must be less or equal to 'to'. Got ({low}, {high}"
        )),
        _ => Ok(IntRange::new(from, to)),
    }
}

fn collection_size_error<T>(key: &Value) -> Result<T> {
    fail(format!(
        "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
        a_an(&key_name(key))
    ))
}

fn is_range_parameter(key: Option<&Value>) -> bool {
    matches!(key, Some(Value::Integer(_) | Value::Default))
}

/// `base[keys]`: the type parameterized; several titles of a resource
/// type or class give an array of references. `base` is a type as named
/// (an unparameterized built-in, a resource type or `Class`).
pub fn parameterize(base: &Type, keys: Vec<Value>) -> Result<Value> {
    match base {
        Type::Class(None) => class_references(keys),
        Type::Resource(None, _) => resource(keys),
        Type::Resource(Some(type_name), None) => resource_titles(type_name, keys),
        Type::Alias(alias) => parameterize(&alias.resolved(), keys),
        _ => specialize(base, keys).map(|ty| Value::Type(Box::new(ty))),
    }
}

/// A built-in type's parameters.
fn specialize(base: &Type, keys: Vec<Value>) -> Result<Type> {
    // Puppet's access operator goes by the type's kind, whatever
    // parameters it has: `Array[Integer][String]` is `Array[String]`.
    if !matches!(base, Type::Object(_)) {
        let name = base.to_string();
        let kind = name.split('[').next().unwrap_or_default();
        if let Some(bare) = builtin(kind).filter(|bare| bare != base) {
            return specialize(&bare, keys);
        }
    }
    // Puppet's access spreads arrays among the keys for every kind but
    // these, whose keys are hashes or types in order.
    let keys = match base {
        Type::Struct(_) | Type::Callable(_) | Type::Init(..) | Type::Object(_) => keys,
        _ => flattened(keys),
    };
    match base {
        Type::Integer(range) if range.is_unbounded() => {
            let keys = flattened(keys);
            let bounds: Vec<Option<i64>> = match keys.as_slice() {
                [_] | [_, _] => keys
                    .iter()
                    .map(|key| {
                        bound(key).ok_or_else(|| {
                            ConstructError(format!(
                                "Integer-Type [] requires all arguments to be integers (or default). Got {}",
                                a_an(&key_name(key))
                            ))
                        })
                    })
                    .collect::<Result<_>>()?,
                _ => {
                    return fail(format!(
                        "Integer-Type supports [] with one or two arguments (from, to). Got {}",
                        keys.len()
                    ))
                }
            };
            integer_range(bounds[0], bounds.get(1).copied().flatten()).map(Type::Integer)
        }
        Type::Float(range) if range.is_unbounded() => {
            let keys = flattened(keys);
            if !matches!(keys.len(), 1 | 2) {
                return fail(format!(
                    "Float-Type supports [] with one or two arguments (from, to). Got {}",
                    keys.len()
                ));
            }
            let bounds: Vec<Option<f64>> = keys
                .iter()
                .map(|key| match key {
                    Value::Float(n) => Ok(Some(*n)),
                    Value::Integer(n) => Ok(Some(*n as f64)),
                    Value::Default => Ok(None),
                    other => fail(format!(
                        "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                        a_an(&key_name(other))
                    )),
                })
                .collect::<Result<_>>()?;
            let (from, to) = (bounds[0], bounds.get(1).copied().flatten());
            if let (Some(from), Some(to)) = (from, to) {
                if from > to {
                    return fail(format!(
                        "'from' must be less or equal to 'to'. Got ({}, {}",
                        ruby_float(from),
                        ruby_float(to)
                    ));
                }
            }
            Ok(Type::Float(FloatRange { from, to }))
        }
        Type::String(string) if *string == StringType::default() => {
            let keys = flattened(keys);
            if !matches!(keys.len(), 1 | 2) {
                return fail(format!(
                    "String supports [] with one or two arguments. Got {}",
                    keys.len()
                ));
            }
            Ok(Type::String(StringType {
                size: size_range(&keys)?,
                value: None,
            }))
        }
        Type::Enum(values, _) if values.is_empty() => {
            let mut keys = flattened(keys);
            let case_insensitive = match keys.last() {
                Some(Value::Bool(flag)) => {
                    let flag = *flag;
                    keys.pop();
                    flag
                }
                _ => false,
            };
            if keys.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let values = keys
                .iter()
                .map(|key| match key {
                    Value::Str(text) => Ok(text.clone()),
                    other => Err(specialization(base, other, "String")),
                })
                .collect::<Result<Vec<String>>>()?;
            // Puppet keeps an enum's values sorted, once each.
            let mut values = values;
            values.sort();
            values.dedup();
            Ok(Type::Enum(values, case_insensitive))
        }
        Type::Pattern(patterns) if patterns.is_empty() => {
            let keys = flattened(keys);
            if keys.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let mut patterns = Vec::new();
            for key in &keys {
                match key {
                    Value::Str(text) => patterns.push(Regexp::new(text.clone())),
                    Value::Regex(regexp) => patterns.push(regexp.clone()),
                    Value::Type(ty) => match &**ty {
                        Type::Pattern(more) => patterns.extend(more.iter().cloned()),
                        Type::Regexp(Some(regexp)) => patterns.push(regexp.clone()),
                        _ => {
                            return Err(specialization(
                                base,
                                key,
                                "String, Regexp, Pattern-Type or Regexp-Type",
                            ))
                        }
                    },
                    other => {
                        return Err(specialization(
                            base,
                            other,
                            "String, Regexp, Pattern-Type or Regexp-Type",
                        ))
                    }
                }
            }
            Ok(Type::Pattern(patterns))
        }
        Type::Boolean(None) => match flattened(keys).as_slice() {
            [Value::Bool(value)] => Ok(Type::Boolean(Some(*value))),
            [other] => Err(specialization(base, other, "Boolean")),
            other => Err(arity(base, 1, Some(1), other.len())),
        },
        Type::Regexp(None) => match keys.as_slice() {
            [Value::Str(text)] => Ok(Type::Regexp(Some(Regexp::new(text.clone())))),
            [Value::Regex(regexp)] => Ok(Type::Regexp(Some(regexp.clone()))),
            [other] => Err(specialization(base, other, "String or Regexp")),
            other => Err(arity(base, 1, Some(1), other.len())),
        },
        Type::Array(element, size) if **element == Type::Any && size.is_unbounded() => {
            // Puppet's access_PArrayType: a lone key must be a type; two
            // keys are a type and a size, or a size range.
            let keys = flattened(keys);
            match keys.as_slice() {
                [Value::Type(element)] => Ok(Type::Array(element.clone(), IntRange::UNBOUNDED)),
                [Value::Type(element), rest @ ..] if rest.len() <= 2 => {
                    Ok(Type::Array(element.clone(), size_range(rest)?))
                }
                [_, _] => Ok(Type::Array(Box::new(Type::Any), size_range(&keys)?)),
                [first] | [first, _, _] => fail(format!(
                    "Array-Type[] arguments must be types. Got {}",
                    key_name(first)
                )),
                _ => Err(arity(base, 1, Some(3), keys.len())),
            }
        }
        Type::Hash(key, value, size)
            if **key == Type::Any && **value == Type::Any && size.is_unbounded() =>
        {
            // Puppet's access_PHashType: two integers are a size range;
            // otherwise the first two keys must be types.
            let keys = flattened(keys);
            if let [Value::Integer(_), Value::Integer(_)] = keys.as_slice() {
                return Ok(Type::Hash(
                    Box::new(Type::Any),
                    Box::new(Type::Any),
                    size_range(&keys)?,
                ));
            }
            if let Some(bad) = keys
                .iter()
                .take(2)
                .find(|key| !matches!(key, Value::Type(_)))
            {
                return fail(format!(
                    "Hash-Type[] arguments must be types. Got {}",
                    key_name(bad)
                ));
            }
            match keys.as_slice() {
                [Value::Type(key), Value::Type(value), rest @ ..] if rest.len() <= 2 => {
                    Ok(Type::Hash(key.clone(), value.clone(), size_range(rest)?))
                }
                _ => Err(arity(base, 2, Some(4), keys.len())),
            }
        }
        Type::Collection(size) if size.is_unbounded() => {
            let keys = flattened(keys);
            if !matches!(keys.len(), 1 | 2) {
                return Err(arity(base, 1, Some(2), keys.len()));
            }
            Ok(Type::Collection(size_range(&keys)?))
        }
        Type::Tuple(types, None) if types.is_empty() => {
            let mut keys = flattened(keys);
            let size = if is_range_parameter(keys.last())
                && is_range_parameter(keys.len().checked_sub(2).and_then(|i| keys.get(i)))
            {
                let to = keys.pop().and_then(|key| bound(&key)).flatten();
                let from = keys.pop().and_then(|key| bound(&key)).flatten();
                Some(IntRange::new(from, to))
            } else if is_range_parameter(keys.last()) {
                let from = keys.pop().and_then(|key| bound(&key)).flatten();
                Some(IntRange::new(from, None))
            } else {
                None
            };
            if keys.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let types = keys
                .iter()
                .map(|key| as_type(base, key))
                .collect::<Result<_>>()?;
            Ok(Type::Tuple(types, size))
        }
        Type::Struct(members) if members.is_empty() => match keys.as_slice() {
            [Value::Hash(entries)] => {
                let members = entries
                    .iter()
                    .map(|(key, value)| struct_member(base, key, value))
                    .collect::<Result<_>>()?;
                Ok(Type::Struct(members))
            }
            [other] => Err(specialization(base, other, "Hash")),
            other => Err(arity(base, 1, Some(1), other.len())),
        },
        Type::Variant(types) if types.is_empty() => {
            let keys = flattened(keys);
            if keys.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let types = keys
                .iter()
                .map(|key| as_type(base, key))
                .collect::<Result<_>>()?;
            Ok(Type::Variant(types))
        }
        Type::Optional(None) => match keys.as_slice() {
            [Value::Type(inner)] => Ok(Type::Optional(Some(inner.clone()))),
            [Value::Str(text)] => Ok(Type::Optional(Some(Box::new(Type::String(StringType {
                size: IntRange::UNBOUNDED,
                value: Some(text.clone()),
            }))))),
            [other] => fail(format!(
                "Optional-Type[] arguments must be types. Got {}",
                key_name(other)
            )),
            other => Err(arity(&Type::Optional(None), 1, Some(1), other.len())),
        },
        Type::NotUndef(None) => match keys.as_slice() {
            [Value::Type(inner)] => Ok(Type::NotUndef(Some(inner.clone()))),
            [Value::Str(text)] => Ok(Type::NotUndef(Some(Box::new(Type::String(StringType {
                size: IntRange::UNBOUNDED,
                value: Some(text.clone()),
            }))))),
            [other] => fail(format!(
                "NotUndef-Type[] argument must be a Type or a String. Got {}",
                key_name(other)
            )),
            other => Err(arity(base, 0, Some(1), other.len())),
        },
        Type::Sensitive(None) => match keys.as_slice() {
            // Puppet's `PSensitiveType.new` keeps its type generalized.
            [Value::Type(inner)] => Ok(Type::Sensitive(Some(Box::new(super::generalized(inner))))),
            [other] => fail(format!(
                "Sensitive-Type[] arguments must be types. Got {}",
                key_name(other)
            )),
            other => Err(arity(base, 1, Some(1), other.len())),
        },
        Type::Type(None) => match keys.as_slice() {
            [Value::Type(inner)] => Ok(Type::Type(Some(inner.clone()))),
            [other] => fail(format!(
                "Type-Type[] arguments must be types. Got {}",
                key_name(other)
            )),
            other => Err(arity(base, 1, Some(1), other.len())),
        },
        Type::Iterable(None) | Type::Iterator(None) => {
            let name = if matches!(base, Type::Iterable(_)) {
                "Iterable"
            } else {
                "Iterator"
            };
            match keys.as_slice() {
                [Value::Type(inner)] => Ok(if name == "Iterable" {
                    Type::Iterable(Some(inner.clone()))
                } else {
                    Type::Iterator(Some(inner.clone()))
                }),
                [other] => fail(format!(
                    "{name}-Type[] arguments must be types. Got {}",
                    key_name(other)
                )),
                other => Err(arity(base, 1, Some(1), other.len())),
            }
        }
        Type::Runtime(None, None) => match keys.as_slice() {
            [Value::Str(runtime)] => Ok(Type::Runtime(Some(runtime.clone()), None)),
            [Value::Str(runtime), Value::Str(name)] => {
                Ok(Type::Runtime(Some(runtime.clone()), Some(name.clone())))
            }
            other => Err(arity(base, 1, Some(2), other.len())),
        },
        Type::Init(None, _) => match keys.split_first() {
            Some((Value::Type(inner), args)) => Ok(Type::Init(Some(inner.clone()), args.to_vec())),
            Some((other, _)) => fail(format!(
                "Init-Type[] arguments must be types. Got {}",
                key_name(other)
            )),
            None => Err(arity(base, 1, None, 0)),
        },
        Type::Callable(None) => callable(base, keys),
        Type::Timespan(range) if *range == TimeRange::default() => {
            time_range(base, keys, |key| match key {
                Value::Timespan(span) => Ok(span.0),
                Value::Hash(entries) => Timespan::from_hash(entries).map(|span| span.0),
                Value::Str(text) => timespan::format::parse_default(text).map(|span| span.0),
                other => Timespan::from_seconds(other)
                    .map(|span| span.0)
                    .ok_or_else(|| unable_to_create("Timespan", other)),
            })
            .map(Type::Timespan)
        }
        Type::Timestamp(range) if *range == TimeRange::default() => {
            time_range(base, keys, |key| match key {
                Value::Timestamp(stamp) => Ok(stamp.0),
                Value::Hash(entries) => Timestamp::from_hash(entries).map(|stamp| stamp.0),
                Value::Str(text) => {
                    Timestamp::parse(text, &Formats::Default, None).map(|stamp| stamp.0)
                }
                other => Timestamp::from_seconds(other)
                    .map(|stamp| stamp.0)
                    .ok_or_else(|| unable_to_create("Timestamp", other)),
            })
            .map(Type::Timestamp)
        }
        Type::SemVer(ranges) if ranges.is_empty() => {
            let keys = flattened(keys);
            if keys.is_empty() {
                return Err(arity(base, 1, None, 0));
            }
            let ranges = keys
                .iter()
                .map(|key| match key {
                    Value::SemVerRange(range) => Ok((**range).clone()),
                    Value::Str(text) => VersionRange::parse(text).map_err(ConstructError),
                    other => Err(specialization(base, other, "String or SemVerRange")),
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(Type::SemVer(merged_ranges(ranges)))
        }
        Type::Reference(name) => fail(format!("Resource type not found: {name}")),
        Type::Uri(uri) if uri.parameters.is_empty() => match keys.as_slice() {
            [key] => UriType::new(key).map(Type::Uri).map_err(ConstructError),
            _ => fail(format!(
                "URI-Type [] expects 1 argument, got {}",
                keys.len()
            )),
        },
        // `Object[{...}]`: an anonymous object type.
        Type::Object(object) if object.is_default() => match keys.as_slice() {
            [Value::Hash(entries)] => ObjectType::from_init_hash(None, entries)
                .map(|object| Type::Object(Rc::new(object)))
                .map_err(ConstructError),
            _ => fail("Object-Type [] requires one hash of the type's definition"),
        },
        Type::Object(object) => Extension::new(Rc::clone(object), keys)
            .map(|extension| Type::ObjectExtension(Rc::new(extension)))
            .map_err(ConstructError),
        _ => fail(format!(
            "Cannot specialize an already specialized {} type",
            base.to_string().split('[').next().unwrap_or_default()
        )),
    }
}

/// A `SemVer` type's ranges, merged where they overlap or touch
/// (`PSemVerType#merge_ranges`).
fn merged_ranges(mut ranges: Vec<VersionRange>) -> Vec<VersionRange> {
    if ranges.len() < 2 {
        return ranges;
    }
    let mut result = Vec::new();
    while let Some(mut memo) = ranges.pop() {
        let mut unmerged = Vec::new();
        for other in ranges.drain(..) {
            match memo.merge(&other) {
                Some(both) => memo = both,
                None => unmerged.push(other),
            }
        }
        result.push(memo);
        ranges = unmerged;
    }
    result.reverse();
    result
}

/// The bounds of a `Timespan[from, to]` or `Timestamp[from, to]`, each
/// read by `bound` (`default` and undef are unbounded).
fn time_range(
    base: &Type,
    keys: Vec<Value>,
    bound: impl Fn(&Value) -> std::result::Result<i128, String>,
) -> Result<TimeRange> {
    let keys = flattened(keys);
    if keys.len() > 2 {
        return Err(arity(base, 0, Some(2), keys.len()));
    }
    let read = |key: Option<&Value>| match key {
        None | Some(Value::Default | Value::Undef) => Ok(None),
        Some(key) => bound(key).map(Some).map_err(ConstructError),
    };
    let range = TimeRange {
        from: read(keys.first())?,
        to: read(keys.get(1))?,
    };
    if let (Some(from), Some(to)) = (range.from, range.to) {
        if from > to {
            return fail(format!(
                "'from' must be less or equal to 'to'. Got ({}, {}",
                a_bound_text(base, from),
                a_bound_text(base, to)
            ));
        }
    }
    Ok(range)
}

fn a_bound_text(base: &Type, nanos: i128) -> String {
    match base {
        Type::Timestamp(_) => Timestamp(nanos).text(),
        _ => Timespan(nanos).text(),
    }
}

fn unable_to_create(type_name: &str, from: &Value) -> String {
    format!(
        "Unable to create a Time::{type_name} from a {}",
        crate::catalog::values::display::label(from)
    )
}

/// A `Struct` member: key `'k'`, `Optional['k']` or `NotUndef['k']`.
fn struct_member(base: &Type, key: &Value, value: &Value) -> Result<StructMember> {
    let value = match value {
        Value::Type(ty) => (**ty).clone(),
        other => return Err(specialization(base, other, "Type")),
    };
    let literal = |ty: &Type| match ty {
        Type::String(StringType {
            value: Some(name), ..
        }) => Some(name.clone()),
        Type::Enum(values, _) if values.len() == 1 => Some(values[0].clone()),
        _ => None,
    };
    let (name, optional_key, required_key) = match key {
        Value::Str(name) => (name.clone(), false, false),
        Value::Type(ty) => match &**ty {
            Type::Optional(Some(inner)) => match literal(inner) {
                Some(name) => (name, true, false),
                None => return Err(specialization(base, key, "String")),
            },
            Type::NotUndef(Some(inner)) => match literal(inner) {
                Some(name) => (name, false, true),
                None => return Err(specialization(base, key, "String")),
            },
            other => match literal(other) {
                Some(name) => (name, false, false),
                None => return Err(specialization(base, key, "String")),
            },
        },
        other => return Err(specialization(base, other, "String")),
    };
    Ok(StructMember {
        name,
        optional_key,
        required_key,
        value,
    })
}

/// `Callable[params..., min, max, block]` or `Callable[[params...], return]`.
fn callable(base: &Type, keys: Vec<Value>) -> Result<Type> {
    if keys.is_empty() {
        return Ok(Type::Callable(None));
    }
    if let Some(Value::Array(params)) = keys.first() {
        if keys.len() != 2 {
            return Err(arity(base, 2, Some(2), keys.len()));
        }
        let returns = match &keys[1] {
            Value::Type(ty) => (**ty).clone(),
            other => return Err(specialization(base, other, "Type")),
        };
        let Type::Callable(Some(inner)) = callable(base, params.clone())? else {
            return Ok(Type::Callable(Some(Box::new(Callable {
                params: Vec::new(),
                size: None,
                block: None,
                returns: Some(returns),
            }))));
        };
        return Ok(Type::Callable(Some(Box::new(Callable {
            returns: Some(returns),
            ..*inner
        }))));
    }
    let mut keys = keys;
    // A block type comes last: a Callable (or Optional[Callable]).
    let block = match keys.last() {
        Some(Value::Type(ty))
            if matches!(&**ty, Type::Callable(_))
                || matches!(&**ty, Type::Optional(Some(inner)) if matches!(**inner, Type::Callable(_))) =>
        {
            let Some(Value::Type(ty)) = keys.pop() else {
                unreachable!("checked above")
            };
            Some(*ty)
        }
        _ => None,
    };
    let mut params = Vec::new();
    let mut bounds = Vec::new();
    for key in keys {
        match key {
            Value::Type(ty) if bounds.is_empty() => params.push(*ty),
            Value::Integer(_) | Value::Default => bounds.push(bound(&key).flatten()),
            other => return Err(specialization(base, &other, "Type")),
        }
    }
    let size = match bounds.as_slice() {
        [] => None,
        [from] => Some(IntRange::new(*from, None)),
        [from, to, ..] => Some(IntRange::new(*from, *to)),
    };
    Ok(Type::Callable(Some(Box::new(Callable {
        params,
        size,
        block,
        returns: None,
    }))))
}

/// `Class['a', 'b']`: one reference, or an array of them when more than
/// one key or an array is given; undef keys are dropped, and keys that
/// were all undef or empty arrays give undef or an empty array (Puppet
/// ignores its EMPTY_RESOURCE_SPECIALIZATION).
fn class_references(keys: Vec<Value>) -> Result<Value> {
    if keys.is_empty() {
        return fail("Class[] accepts 1 or more arguments. Got 0");
    }
    let many = many_titles(&keys);
    let names: Vec<Value> = flattened(keys)
        .into_iter()
        .filter(|name| !matches!(name, Value::Undef))
        .collect();
    let mut types = Vec::new();
    for name in names {
        let Value::Str(text) = &name else {
            return fail(format!(
                "Illegal Class name in class reference. {} cannot be used where a String is expected",
                crate::catalog::values::display::a_an_uc(&key_name(&name))
            ));
        };
        let name = text.to_lowercase();
        let name = name.strip_prefix("::").unwrap_or(&name);
        if !is_class_name(name) {
            return fail(format!(
                "Illegal name. The given name '{text}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
            ));
        }
        types.push(Value::Type(Box::new(Type::Class(Some(name.to_string())))));
    }
    Ok(match (many, types.len()) {
        (true, _) => Value::Array(types),
        (false, 0) => Value::Undef,
        (false, _) => types.remove(0),
    })
}

/// Puppet's `Patterns::NAME`: segments of a lower-case letter and word
/// characters, joined by `::`.
fn is_class_name(name: &str) -> bool {
    name.split("::").all(|segment| {
        let mut chars = segment.chars();
        chars.next().is_some_and(|first| first.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// `Resource['file']`, `Resource['file', '/x']`, `Resource[File, '/x']`.
fn resource(keys: Vec<Value>) -> Result<Value> {
    let mut keys = keys.into_iter();
    let type_name = match keys.next() {
        Some(Value::Str(name)) => crate::catalog::capitalize(&name.to_lowercase()),
        Some(Value::Type(ty)) => match *ty {
            Type::Resource(Some(name), None) => name,
            Type::Class(None) => "Class".to_string(),
            other => {
                return fail(format!(
                    "First argument to Resource[] must be a resource type or a String. Got {other}."
                ))
            }
        },
        Some(other) => {
            return fail(format!(
                "First argument to Resource[] must be a resource type or a String. Got {}.",
                key_name(&other)
            ))
        }
        None => return fail("Resource[] accepts 1 or more arguments. Got 0"),
    };
    let rest: Vec<Value> = keys.collect();
    if rest.is_empty() {
        return Ok(Value::Type(Box::new(if type_name == "Class" {
            Type::Class(None)
        } else {
            Type::Resource(Some(type_name), None)
        })));
    }
    resource_titles(&type_name, rest)
}

/// Whether titles given as `keys` make an array of references: more than
/// one, or an array (`File[$paths]`), however many it holds.
fn many_titles(keys: &[Value]) -> bool {
    keys.len() > 1 || matches!(keys.first(), Some(Value::Array(_)))
}

/// `File['/a', '/b']`: one reference, or an array of them (`many`); none
/// where every title is undef (Puppet ignores its
/// EMPTY_RESOURCE_SPECIALIZATION).
fn resource_titles(type_name: &str, keys: Vec<Value>) -> Result<Value> {
    if type_name == "Class" {
        return class_references(keys);
    }
    let many = many_titles(&keys);
    let mut types = Vec::new();
    for title in flattened(keys) {
        match title {
            Value::Str(text) => types.push(Value::Type(Box::new(Type::Resource(
                Some(type_name.to_string()),
                Some(text),
            )))),
            Value::Undef => {}
            other => {
                return fail(format!(
                "Error creating type specialization of {}, Cannot use {} where String is expected",
                a_an(&format!("{type_name}-Type")),
                key_name(&other)
            ))
            }
        }
    }
    Ok(match (many, types.len()) {
        (true, _) => Value::Array(types),
        (false, 0) => Value::Undef,
        (false, _) => types.remove(0),
    })
}
