//! Resources: `stdlib::ensure_packages` (stdlib 8's `ensure_packages`),
//! `ensure_resource`, `ensure_resources`, `defined_with_params`,
//! `getparam`, `stdlib::str2resource`, `assert_private`.

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Creation, Registry};
use crate::catalog::values::ruby::{self, class_name, legacy_args};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;
use crate::facts::ast::Form;

pub fn register(registry: &mut Registry, version: Version) {
    match version {
        Version::V9 => {
            registry
                .add(
                    "stdlib::ensure_packages",
                    "Variant[String[1], Array[String[1]]] $packages, Hash $default_attributes?",
                    ensure_packages_9,
                )
                .add(
                    "stdlib::ensure_packages",
                    "Hash[String[1], Any] $packages, Hash $default_attributes?",
                    ensure_packages_9,
                );
        }
        Version::V8 => {
            registry
                .add(
                    "ensure_packages",
                    "Variant[String[1], Array[String[1]], Hash[String[1], Any]] $packages, Hash $default_attributes?",
                    ensure_packages_8,
                );
        }
    }
    registry
        .legacy("ensure_resource", -1, |context, args| {
            let args = legacy_args(&args.values);
            ensure_resource(context, &args)?;
            Ok(Value::Undef)
        })
        .legacy("ensure_resources", -1, ensure_resources)
        .legacy("defined_with_params", -1, |context, args| {
            let args = legacy_args(&args.values);
            defined_with_params(context, args.first(), args.get(1)).map(Value::Bool)
        })
        .legacy("getparam", -1, getparam)
        .add("stdlib::str2resource", "String $res_string", str2resource)
        .legacy("assert_private", -1, |context, args| {
            assert_private(context, &legacy_args(&args.values))
        });
}

/// `Puppet::Resource.type_and_title`: `Type[title]` read, the type's
/// segments capitalized.
fn type_and_title(text: &str) -> Result<(String, String)> {
    let parsed = text
        .strip_suffix(']')
        .and_then(|rest| rest.split_once('['))
        .filter(|(type_name, title)| {
            !type_name.is_empty() && !type_name.contains([']', '[']) && !title.is_empty()
        });
    match parsed {
        Some((type_name, title)) => Ok((segments_capitalized(type_name), title.to_string())),
        None => Err(fault(format!(
            "No title provided and {} is not a valid resource reference",
            ruby::inspect_str(text)
        ))),
    }
}

fn segments_capitalized(name: &str) -> String {
    name.trim_start_matches("::")
        .split("::")
        .map(|segment| {
            let lower = segment.to_lowercase();
            let mut chars = lower.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().collect::<String>() + chars.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("::")
}

/// The type and title a reference names, as the catalog keys resources
/// (a class's title capitalized).
fn catalog_key(type_name: &str, title: &str) -> (String, String) {
    if type_name == "Class" {
        ("Class".to_string(), segments_capitalized(title))
    } else {
        (type_name.to_string(), title.to_string())
    }
}

/// stdlib's `defined_with_params(reference, params)`: whether a resource
/// of the reference (any of its type when it has no title) is in the
/// catalog with those parameters, the calling resource aside.
fn defined_with_params(
    context: &mut dyn Context,
    reference: Option<&Value>,
    params: Option<&Value>,
) -> Result<bool> {
    let (type_name, title) = match reference {
        None | Some(Value::Undef | Value::Bool(false)) => {
            return Err(fault("Must specify a reference"))
        }
        Some(Value::Str(text)) => type_and_title(text)?,
        Some(value @ Value::Type(_)) => match value.as_reference() {
            Some(reference) => reference,
            None => {
                return Err(fault(format!(
                    "Reference is not understood: '{}'",
                    class_name(value)
                )))
            }
        },
        Some(other) => {
            return Err(fault(format!(
                "Reference is not understood: '{}'",
                class_name(other)
            )))
        }
    };
    let wanted: Vec<(Value, Value)> = match params {
        Some(Value::Hash(entries)) => entries.clone(),
        _ => Vec::new(),
    };
    let titles = if title.is_empty() {
        context.resource_titles(&type_name)
    } else {
        vec![title]
    };
    let caller = context.caller_resource();
    for title in titles {
        let (type_name, title) = catalog_key(&type_name, &title);
        if (type_name.clone(), title.clone()) == caller {
            continue;
        }
        let Some(parameters) = context.resource_parameters(&type_name, &title) else {
            continue;
        };
        let all = wanted.iter().all(|(key, value)| {
            let key = ruby::to_s(key);
            let actual = parameters
                .iter()
                .find(|(name, _)| *name == key)
                .map(|(_, v)| v.clone())
                .unwrap_or(Value::Undef);
            (actual == Value::Undef && *value == Value::Undef) || ruby::eq(&actual, value)
        });
        if all {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The parameters of a hash, as resource attributes.
fn attributes(value: &Value) -> Vec<(String, Value)> {
    match value {
        Value::Hash(entries) => entries
            .iter()
            .map(|(key, value)| (ruby::to_s(key), value.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// `ensure_resource(type, titles, params)`: each resource declared unless
/// one with those parameters is; one with others is a duplicate.
fn ensure_resource(context: &mut dyn Context, args: &[Value]) -> Result<()> {
    let type_name = match args.first() {
        None | Some(Value::Undef | Value::Bool(false)) => return Err(fault("Must specify a type")),
        Some(value) => ruby::to_s(value),
    };
    let titles = match args.get(1) {
        None | Some(Value::Undef | Value::Bool(false)) => {
            return Err(fault("Must specify a title"))
        }
        Some(value) => flatten(std::slice::from_ref(value)),
    };
    let params = match args.get(2) {
        None | Some(Value::Undef) => Value::Hash(Vec::new()),
        Some(value) => value.clone(),
    };
    for title_value in titles {
        let title = ruby::to_s(&title_value);
        let reference = Value::Str(format!("{type_name}[{title}]"));
        if defined_with_params(context, Some(&reference), Some(&params))? {
            continue;
        }
        if !matches!(params, Value::Hash(_)) {
            return Err(fault(format!(
                "create_resources(): second argument must be a hash, got {}",
                class_name(&params)
            )));
        }
        context.declare_resource(
            &type_name,
            &title_value,
            attributes(&params),
            Creation::Declare(Form::Regular),
        )?;
    }
    Ok(())
}

fn ensure_resources(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let type_name = match args.first() {
        None | Some(Value::Undef | Value::Bool(false)) => return Err(fault("Must specify a type")),
        Some(value) => value.clone(),
    };
    let resources = match args.get(1) {
        None | Some(Value::Undef | Value::Bool(false)) => {
            return Err(fault("Must specify a title"))
        }
        Some(Value::Hash(entries)) => entries.clone(),
        Some(_) => {
            return Err(fault(
                "ensure_resources(): Requires second argument to be a Hash",
            ))
        }
    };
    let defaults = match args.get(2) {
        None | Some(Value::Undef) => Vec::new(),
        Some(Value::Hash(entries)) => entries.clone(),
        Some(other) => return Err(fault(ruby::no_method("merge", other))),
    };
    for (title, params) in resources {
        let mut merged = defaults.clone();
        match &params {
            Value::Hash(entries) => super::hashes::merge_into(&mut merged, entries),
            Value::Undef | Value::Bool(false) => {}
            other => {
                return Err(fault(format!(
                    "no implicit conversion of {} into Hash",
                    class_name(other)
                )))
            }
        }
        ensure_resource(context, &[type_name.clone(), title, Value::Hash(merged)])?;
    }
    Ok(Value::Undef)
}

/// stdlib 9's `ensure_packages`: each package `installed`, or `present`
/// where it already is so, unless the attributes say otherwise.
fn ensure_packages_9(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let defaults = match args.get(1) {
        Value::Hash(entries) => entries.clone(),
        _ => Vec::new(),
    };
    match args.get(0) {
        Value::Hash(packages) => {
            for (name, attributes) in packages {
                let mut merged = defaults.clone();
                match attributes {
                    Value::Hash(entries) => super::hashes::merge_into(&mut merged, entries),
                    other => {
                        return Err(fault(format!(
                            "no implicit conversion of {} into Hash",
                            ruby_nil_class(other)
                        )))
                    }
                }
                ensure_packages_list(context, std::slice::from_ref(name), &merged)?;
            }
        }
        other => ensure_packages_list(context, &ruby::array(other), &defaults)?,
    }
    Ok(Value::Undef)
}

fn ruby_nil_class(value: &Value) -> &'static str {
    match value {
        Value::Undef => "nil",
        other => class_name(other),
    }
}

fn ensure_packages_list(
    context: &mut dyn Context,
    names: &[Value],
    defaults: &[(Value, Value)],
) -> Result<()> {
    for name in names {
        let mut attributes = vec![(Value::string("ensure"), Value::string("installed"))];
        super::hashes::merge_into(&mut attributes, defaults);
        let ensure = attributes[0].1.clone();
        if ensure == Value::string("present") || ensure == Value::string("installed") {
            let reference = Value::Str(format!("Package[{}]", ruby::to_s(name)));
            let present = Value::Hash(vec![(Value::string("ensure"), Value::string("present"))]);
            attributes[0].1 = if defined_with_params(context, Some(&reference), Some(&present))? {
                Value::string("present")
            } else {
                Value::string("installed")
            };
        }
        ensure_resource(
            context,
            &[
                Value::string("package"),
                name.clone(),
                Value::Hash(attributes),
            ],
        )?;
    }
    Ok(())
}

/// stdlib 8's `ensure_packages`: `present` made `installed`.
fn ensure_packages_8(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let mut defaults = vec![(Value::string("ensure"), Value::string("installed"))];
    if let Value::Hash(given) = args.get(1) {
        super::hashes::merge_into(&mut defaults, given);
        if defaults[0].1 == Value::string("present") {
            defaults[0].1 = Value::string("installed");
        }
    }
    match args.get(0) {
        Value::Hash(packages) => {
            for (title, params) in packages {
                let mut merged = defaults.clone();
                if let Value::Hash(entries) = params {
                    super::hashes::merge_into(&mut merged, entries);
                }
                ensure_resource(
                    context,
                    &[Value::string("package"), title.clone(), Value::Hash(merged)],
                )?;
            }
        }
        other => {
            for name in ruby::array(other) {
                ensure_resource(
                    context,
                    &[
                        Value::string("package"),
                        name,
                        Value::Hash(defaults.clone()),
                    ],
                )?;
            }
        }
    }
    Ok(Value::Undef)
}

fn getparam(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let reference = match args.first() {
        None | Some(Value::Undef | Value::Bool(false)) => {
            return Err(fault("Must specify a reference"))
        }
        Some(value) => ruby::to_s(value),
    };
    let Some(Value::Str(param)) = args.get(1) else {
        return Err(fault("Must specify name of a parameter"));
    };
    if param.is_empty() {
        return Ok(Value::string(""));
    }
    let Ok((type_name, title)) = type_and_title(&reference) else {
        return Ok(Value::string(""));
    };
    let (type_name, title) = catalog_key(&type_name, &title);
    let value = context
        .resource_parameters(&type_name, &title)
        .and_then(|parameters| {
            parameters
                .into_iter()
                .find(|(name, _)| name == param)
                .map(|(_, value)| value)
        });
    Ok(match value {
        Some(value) if value != Value::Undef => value,
        _ => Value::string(""),
    })
}

fn str2resource(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let text = args.get(0).to_text();
    let (type_name, title) = type_and_title(&text)?;
    let (key_type, key_title) = catalog_key(&type_name, &title);
    if context.resource_parameters(&key_type, &key_title).is_none() {
        return Err(fault(format!(
            "stdlib::str2resource(): could not find {type_name}[{title}], this is parse order dependent and values should not be quoted"
        )));
    }
    Ok(Value::of_type(Type::reference(&type_name, &title)))
}

/// stdlib's `assert_private(message)`: the calling class or define may be
/// declared only from its own module.
fn assert_private(context: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.len() > 1 {
        return Err(fault(format!(
            "assert_private(): Wrong number of arguments given ({}}}) for 0 or 1)",
            args.len()
        )));
    }
    // At top scope `$module_name` is `''` and `$caller_module_name` unset.
    let module = context
        .variable("module_name")
        .unwrap_or_else(|| Value::string(""));
    let caller = context
        .variable("caller_module_name")
        .unwrap_or(Value::Undef);
    if module == caller {
        return Ok(Value::Undef);
    }
    let message = match args.first() {
        Some(Value::Str(message)) => message.clone(),
        _ => {
            let (type_name, title) = context.caller_resource();
            if type_name == "Class" {
                // The main class is named `''`.
                let name = if title == "Main" || title == "main" {
                    String::new()
                } else {
                    title.to_lowercase()
                };
                format!("Class {name} is private")
            } else {
                format!("Definition {} is private", type_name.to_lowercase())
            }
        }
    };
    Err(fault(message))
}
