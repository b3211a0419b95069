//! A type as a catalog carries it (rich data): the name of its Pcore type
//! and its init hash, the attributes in Puppet's order, those at the end
//! that hold their defaults left out (`Integer[1]` is `{"__ptype":
//! "Pcore::IntegerType", "from": 1}`, `Integer[default, 2]` writes `"from":
//! null`). A resource or class reference is the resource it names, as
//! text (`File[/x]`).

use serde_json::{json, Map, Value as Json};

use super::{Callable, IntRange, StructMember, TimeRange, Type};
use crate::catalog::values::rich_data::{all_to_json, scalar, Serialized, Unserializable};
use crate::catalog::values::types::{timespan::Timespan, timestamp::Timestamp};

/// An attribute: its name, its value, and whether that is the default.
type Attribute = (&'static str, Json, bool);

impl Type {
    /// The type as a resource's parameter value in a catalog.
    pub fn to_catalog_json(&self) -> Serialized {
        match self {
            Type::Resource(Some(type_name), title) => Ok(json!(format!(
                "{type_name}[{}]",
                title.as_deref().unwrap_or_default()
            ))),
            Type::Class(Some(_)) => {
                let (type_name, title) = self.as_reference().unwrap_or_default();
                Ok(json!(format!("{type_name}[{title}]")))
            }
            _ => self.to_rich_data(&mut Vec::new()),
        }
    }

    /// `aliases`: the aliases being written, outermost first.
    fn to_rich_data(&self, aliases: &mut Vec<String>) -> Serialized {
        let mut rich = |ty: &Type| ty.to_rich_data(aliases);
        let (ptype, attributes): (&str, Vec<Attribute>) = match self {
            Type::Any => ("Pcore::AnyType", vec![]),
            Type::Undef => ("Pcore::UndefType", vec![]),
            Type::Default => ("Pcore::DefaultType", vec![]),
            Type::Unit => ("Pcore::UnitType", vec![]),
            // Puppet's `Data` is an alias of a type that holds it.
            Type::Data => return Err(Unserializable::RecursiveAlias),
            Type::RichData | Type::TypeSet(_) => return Err(Unserializable::TypeSet),
            Type::Scalar => ("Pcore::ScalarType", vec![]),
            Type::ScalarData => ("Pcore::ScalarDataType", vec![]),
            Type::Numeric => ("Pcore::NumericType", vec![]),
            Type::Boolean(_) => ("Pcore::BooleanType", vec![]),
            Type::Integer(range) => ("Pcore::IntegerType", bounds(range.from, range.to)),
            Type::Float(range) => ("Pcore::FloatType", bounds(range.from, range.to)),
            Type::String(string) => {
                let size_or_value = match &string.value {
                    Some(value) => Some(json!(value)),
                    None => size(&string.size),
                };
                (
                    "Pcore::StringType",
                    vec![optional("size_type_or_value", size_or_value)],
                )
            }
            Type::Enum(values, case_insensitive) => (
                "Pcore::EnumType",
                vec![
                    ("values", json!(values), false),
                    (
                        "case_insensitive",
                        json!(case_insensitive),
                        !case_insensitive,
                    ),
                ],
            ),
            Type::Pattern(patterns) => {
                let patterns: Vec<Json> = patterns
                    .iter()
                    .map(|regexp| regexp_type(Some(regexp.source())))
                    .collect();
                (
                    "Pcore::PatternType",
                    vec![("patterns", json!(patterns), false)],
                )
            }
            Type::Regexp(regexp) => {
                return Ok(regexp_type(regexp.as_ref().map(|regexp| regexp.source())))
            }
            Type::Array(element, range) => (
                "Pcore::ArrayType",
                vec![
                    member_type("element_type", element, &mut rich)?,
                    optional("size_type", size(range)),
                ],
            ),
            Type::Hash(key, value, range) => (
                "Pcore::HashType",
                vec![
                    member_type("key_type", key, &mut rich)?,
                    member_type("value_type", value, &mut rich)?,
                    optional("size_type", size(range)),
                ],
            ),
            Type::Tuple(types, range) => return tuple(types, range.as_ref(), &mut rich),
            Type::Struct(members) => {
                let elements = members
                    .iter()
                    .map(|member| struct_element(member, &mut rich))
                    .collect::<Result<Vec<_>, _>>()?;
                (
                    "Pcore::StructType",
                    vec![("elements", json!(elements), false)],
                )
            }
            Type::Variant(types) => {
                let types = types.iter().map(&mut rich).collect::<Result<Vec<_>, _>>()?;
                ("Pcore::VariantType", vec![("types", json!(types), false)])
            }
            Type::Optional(inner) => ("Pcore::OptionalType", vec![inner_type(inner, &mut rich)?]),
            Type::NotUndef(inner) => ("Pcore::NotUndefType", vec![inner_type(inner, &mut rich)?]),
            Type::Type(inner) => ("Pcore::TypeType", vec![inner_type(inner, &mut rich)?]),
            Type::Iterable(inner) => ("Pcore::IterableType", vec![inner_type(inner, &mut rich)?]),
            Type::Iterator(inner) => ("Pcore::IteratorType", vec![inner_type(inner, &mut rich)?]),
            Type::Collection(range) => (
                "Pcore::CollectionType",
                vec![optional("size_type", size(range))],
            ),
            Type::Callable(callable) => return self::callable(callable.as_deref(), &mut rich),
            Type::Runtime(runtime, name) => (
                "Pcore::RuntimeType",
                vec![
                    optional("runtime", runtime.as_ref().map(|runtime| json!(runtime))),
                    optional("name_or_pattern", name.as_ref().map(|name| json!(name))),
                ],
            ),
            Type::CatalogEntry => ("Pcore::CatalogEntryType", vec![]),
            Type::Resource(type_name, title) => (
                "Pcore::ResourceType",
                vec![
                    optional("type_name", type_name.as_ref().map(|name| json!(name))),
                    optional("title", title.as_ref().map(|title| json!(title))),
                ],
            ),
            Type::Class(name) => (
                "Pcore::ClassType",
                vec![optional(
                    "class_name",
                    name.as_ref().map(|name| json!(name)),
                )],
            ),
            // Puppet's init hash of a Sensitive type leaves its type out.
            Type::Sensitive(_) => ("Pcore::SensitiveType", vec![]),
            Type::Init(inner, arguments) => (
                "Pcore::InitType",
                vec![
                    inner_type(inner, &mut rich)?,
                    (
                        "init_args",
                        Json::Array(all_to_json(arguments)?),
                        arguments.is_empty(),
                    ),
                ],
            ),
            Type::Timespan(range) => (
                "Pcore::TimespanType",
                times(range, |nanos| scalar("Timespan", &Timespan(nanos).text())),
            ),
            Type::Timestamp(range) => (
                "Pcore::TimestampType",
                times(range, |nanos| scalar("Timestamp", &Timestamp(nanos).text())),
            ),
            Type::SemVer(ranges) => {
                let ranges: Vec<Json> = ranges
                    .iter()
                    .map(|range| scalar("SemVerRange", range.text()))
                    .collect();
                (
                    "Pcore::SemVerType",
                    vec![("ranges", json!(ranges), ranges.is_empty())],
                )
            }
            Type::SemVerRange => ("Pcore::SemVerRangeType", vec![]),
            Type::Binary => ("Pcore::BinaryType", vec![]),
            Type::Uri(uri) => {
                let mut parameters = Map::new();
                for (name, value) in &uri.parameters {
                    parameters.insert(name.clone(), value.to_json()?);
                }
                (
                    "Pcore::URIType",
                    vec![(
                        "parameters",
                        Json::Object(parameters),
                        uri.parameters.is_empty(),
                    )],
                )
            }
            Type::Deferred => return Ok(deferred_type()),
            Type::Object(object) => return object.to_rich_data(&mut rich),
            Type::ObjectExtension(extension) => {
                let mut parameters = Vec::with_capacity(extension.parameters.len());
                for (_, value) in &extension.parameters {
                    parameters.push(value.to_json()?);
                }
                (
                    // Puppet's own name for it.
                    "Pcore::ObjectTypeExtenType",
                    vec![
                        ("base_type", extension.base.to_rich_data(&mut rich)?, false),
                        ("init_parameters", json!(parameters), false),
                    ],
                )
            }
            Type::Alias(alias) => {
                if aliases.contains(&alias.name) {
                    return Err(Unserializable::RecursiveAlias);
                }
                let resolved = alias.resolved();
                // An object type's alias names the object type.
                if matches!(resolved, Type::Object(_)) {
                    return resolved.to_rich_data(aliases);
                }
                aliases.push(alias.name.clone());
                let resolved = resolved.to_rich_data(aliases);
                aliases.pop();
                return Ok(json!({
                    "__ptype": "Pcore::TypeAliasType",
                    "name": alias.name,
                    "type_expr": null,
                    "resolved_type": resolved?,
                }));
            }
            Type::Reference(name) => (
                "Pcore::TypeReferenceType",
                vec![("type_string", json!(name), false)],
            ),
        };
        Ok(init_hash(ptype, attributes))
    }
}

/// `{"__ptype": ptype, ...}`: the attributes, less the defaults at the end.
fn init_hash(ptype: &str, mut attributes: Vec<Attribute>) -> Json {
    while attributes
        .last()
        .is_some_and(|(_, _, is_default)| *is_default)
    {
        attributes.pop();
    }
    let mut object = Map::new();
    object.insert("__ptype".to_string(), json!(ptype));
    for (name, value, _) in attributes {
        object.insert(name.to_string(), value);
    }
    Json::Object(object)
}

/// An attribute whose default is nil.
fn optional(name: &'static str, value: Option<Json>) -> Attribute {
    let is_default = value.is_none();
    (name, value.unwrap_or(Json::Null), is_default)
}

/// `from` and `to` of a numeric range; unbounded is nil.
fn bounds<N: serde::Serialize>(from: Option<N>, to: Option<N>) -> Vec<Attribute> {
    vec![
        optional("from", from.map(|from| json!(from))),
        optional("to", to.map(|to| json!(to))),
    ]
}

fn times(range: &TimeRange, value: impl Fn(i128) -> Json) -> Vec<Attribute> {
    vec![
        optional("from", range.from.map(&value)),
        optional("to", range.to.map(&value)),
    ]
}

/// A size as an `Integer` type; unbounded is the default.
fn size(range: &IntRange) -> Option<Json> {
    (!range.is_unbounded()).then(|| init_hash("Pcore::IntegerType", bounds(range.from, range.to)))
}

/// A member type whose default is `Any`.
fn member_type(
    name: &'static str,
    ty: &Type,
    rich: &mut impl FnMut(&Type) -> Serialized,
) -> Result<Attribute, Unserializable> {
    Ok((name, rich(ty)?, *ty == Type::Any))
}

/// The `type` of a type that wraps one, absent by default.
fn inner_type(
    inner: &Option<Box<Type>>,
    rich: &mut impl FnMut(&Type) -> Serialized,
) -> Result<Attribute, Unserializable> {
    Ok(optional("type", inner.as_deref().map(rich).transpose()?))
}

fn regexp_type(pattern: Option<&str>) -> Json {
    init_hash(
        "Pcore::RegexpType",
        vec![optional("pattern", pattern.map(|pattern| json!(pattern)))],
    )
}

fn tuple(
    types: &[Type],
    range: Option<&IntRange>,
    rich: &mut impl FnMut(&Type) -> Serialized,
) -> Serialized {
    let types = types
        .iter()
        .map(&mut *rich)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(init_hash(
        "Pcore::TupleType",
        vec![
            ("types", json!(types), false),
            optional("size_type", range.and_then(size)),
        ],
    ))
}

/// A member's key is `Optional` when the hash may leave it out.
fn struct_element(member: &StructMember, rich: &mut impl FnMut(&Type) -> Serialized) -> Serialized {
    let key = json!({"__ptype": "Pcore::StringType", "size_type_or_value": member.name});
    let key = if member.may_be_missing() {
        json!({"__ptype": "Pcore::OptionalType", "type": key})
    } else {
        key
    };
    Ok(
        json!({"__ptype": "Pcore::StructElement", "key_type": key, "value_type": rich(&member.value)?}),
    )
}

/// Its three attributes, always written: none has a default.
fn callable(callable: Option<&Callable>, rich: &mut impl FnMut(&Type) -> Serialized) -> Serialized {
    let Some(callable) = callable else {
        return Ok(
            json!({"__ptype": "Pcore::CallableType", "param_types": null, "block_type": null, "return_type": null}),
        );
    };
    Ok(json!({
        "__ptype": "Pcore::CallableType",
        "param_types": tuple(&callable.params, callable.size.as_ref(), rich)?,
        "block_type": callable.block.as_ref().map(&mut *rich).transpose()?,
        "return_type": callable.returns.as_ref().map(&mut *rich).transpose()?,
    }))
}

/// Puppet's `Deferred` object type, as Puppet declares it.
fn deferred_type() -> Json {
    json!({
        "__ptype": "Pcore::ObjectType",
        "_pcore_init_hash": {
            "name": "Deferred",
            "attributes": {
                "name": {
                    "__ptype": "Pcore::PatternType",
                    "patterns": [{"__ptype": "Pcore::RegexpType", "pattern": "\\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\\z"}]
                },
                "arguments": {
                    "type": {"__ptype": "Pcore::OptionalType", "type": {"__ptype": "Pcore::ArrayType"}},
                    "value": null
                }
            }
        }
    })
}
