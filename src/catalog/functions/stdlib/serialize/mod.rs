//! Serialization: `stdlib::to_json`, `stdlib::to_json_pretty`,
//! `stdlib::to_yaml`, `stdlib::to_toml`, `stdlib::to_ruby`,
//! `stdlib::to_python` (unnamespaced in stdlib 8), and reading:
//! `parsejson`, `parseyaml`, `parsepson`, `stdlib::parsehocon`,
//! `loadjson`, `loadyaml`.

mod json;
mod toml;

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Level, Registry};
use crate::catalog::values::ruby::{self, legacy_args};
use crate::catalog::values::{yaml, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry, version: Version) {
    let name = |base: &'static str| -> &'static str {
        match version {
            Version::V8 => base,
            Version::V9 => super::strings::leak(format!("stdlib::{base}")),
        }
    };
    registry
        .add(name("to_json"), "Any $data", |_, args| {
            json::generate(args.get(0), &json::Layout::default())
                .map(Value::Str)
                .map_err(fault)
        })
        .add(
            name("to_json_pretty"),
            "Variant[Hash, Array] $data, Optional[Boolean] $skip_undef?, Struct[{\
             indent => Optional[String], space => Optional[String], \
             space_before => Optional[String], object_nl => Optional[String], \
             array_nl => Optional[String], allow_nan => Optional[Boolean], \
             max_nesting => Optional[Integer[-1,default]]}] $opts?",
            to_json_pretty,
        )
        .add(name("to_yaml"), "Any $data, Hash $options?", |_, args| {
            let mut options = yaml::Options::default();
            if let Value::Hash(entries) = args.get(1) {
                for (key, value) in entries {
                    match (key.to_text().as_str(), value) {
                        ("indentation", Value::Integer(n)) => options.indent = *n as usize,
                        ("line_width", Value::Integer(n)) if *n < 0 => options.width = None,
                        ("line_width", Value::Integer(n)) => options.width = Some(*n as usize),
                        _ => {}
                    }
                }
            }
            Ok(Value::Str(yaml::dump(args.get(0), &options)))
        })
        .add(name("to_toml"), "Hash $data", |_, args| {
            toml::dump(args.get(0)).map(Value::Str).map_err(fault)
        })
        .add(name("to_ruby"), "Any $object", |_, args| {
            Ok(Value::Str(literal(&rich_data(args.get(0)), false)))
        })
        .add(name("to_python"), "Any $object", |_, args| {
            Ok(Value::Str(literal(&rich_data(args.get(0)), true)))
        })
        .add(name("parsehocon"), "String $hocon_string, Any $default?", |context, args| {
            Ok(context.unevaluated(
                format!("parsehocon({})", ruby::inspect(args.get(0))),
                "pfacts does not read HOCON",
            ))
        })
        .add("parsepson", "String[1] $pson_string, Any $default?", |context, args| {
            super::deprecation::warn(
                context,
                "parsepson",
                "This method is deprecated. From Puppet 8, PSON is no longer natively supported. Please use JSON.parse().",
                true,
            );
            match json::parse(&args.get(0).to_text()) {
                Ok(value) => Ok(value),
                Err(_) if args.opt(1).is_some() => Ok(args.get(1).clone()),
                Err(message) => Err(fault(message)),
            }
        })
        .legacy("parsejson", -1, |_, args| {
            let args = legacy_args(&args.values);
            parsed(args, json::parse)
        })
        .legacy("parseyaml", -1, |_, args| {
            let args = legacy_args(&args.values);
            parsed(args, parse_yaml)
        })
        .legacy("loadjson", -2, |context, args| {
            load(context, legacy_args(&args.values), json::parse)
        })
        .legacy("loadyaml", -2, |context, args| {
            load(context, legacy_args(&args.values), parse_yaml)
        });
}

/// `JSON.parse` for `load_module_metadata`.
pub fn parse_json(text: &str) -> Result<Value> {
    json::parse(text).map_err(fault)
}

/// `YAML.load`: the first document's value.
fn parse_yaml(text: &str) -> std::result::Result<Value, String> {
    crate::yaml::load(text)
        .map(|documents| documents.first().map_or(Value::Undef, Value::from_yaml))
        .map_err(|e| format!("(<unknown>): {e}"))
}

/// `parse(text) || default`, the default also when parsing fails (Ruby's
/// truth: an empty string is a default).
fn parsed(
    args: Vec<Value>,
    parse: impl Fn(&str) -> std::result::Result<Value, String>,
) -> Result<Value> {
    let Some(first) = args.first() else {
        return Err(fault(
            "Wrong number of arguments. 1 or 2 arguments should be provided.",
        ));
    };
    let default = args.get(1).cloned();
    let text = match first {
        Value::Str(text) => Ok(text.clone()),
        other => Err(format!(
            "no implicit conversion of {} into String",
            ruby::class_name(other)
        )),
    };
    match text.and_then(|text| parse(&text)) {
        Ok(Value::Undef | Value::Bool(false)) => Ok(default.unwrap_or(Value::Undef)),
        Ok(value) => Ok(value),
        Err(message) => match default {
            Some(default) if default.is_truthy() => Ok(default),
            _ => Err(fault(message)),
        },
    }
}

/// `loadjson(path, default)` and `loadyaml`: the file's value; a URL is
/// fetched by the compiling machine, and not by pfacts.
fn load(
    context: &mut dyn Context,
    args: Vec<Value>,
    parse: impl Fn(&str) -> std::result::Result<Value, String>,
) -> Result<Value> {
    let path = ruby::to_s(&args[0]);
    if path.starts_with("http://") || path.starts_with("https://") {
        return Ok(context.unevaluated(
            format!("load({path})"),
            "a document the compiling machine fetches",
        ));
    }
    let default = args.get(1).cloned();
    match std::fs::read_to_string(&path) {
        Ok(text) => {
            let mut parse_args = vec![Value::Str(text)];
            parse_args.extend(default);
            parsed(parse_args, parse)
        }
        Err(_) => {
            context.log(
                Level::Warning,
                &format!("Can't load '{path}' File does not exist!"),
            );
            Ok(default.unwrap_or(Value::Undef))
        }
    }
}

fn to_json_pretty(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let mut data = args.get(0).clone();
    if args.get(1) == &Value::Bool(true) {
        data = match data {
            Value::Array(items) => {
                Value::Array(items.into_iter().filter(|v| *v != Value::Undef).collect())
            }
            Value::Hash(entries) => Value::Hash(
                entries
                    .into_iter()
                    .filter(|(_, v)| *v != Value::Undef)
                    .collect(),
            ),
            other => other,
        };
    }
    let mut layout = json::Layout::pretty();
    if let Value::Hash(options) = args.get(2) {
        for (key, value) in options {
            let Value::Str(text) = value else { continue };
            match key.to_text().as_str() {
                "indent" => layout.indent = text.clone(),
                "space" => layout.space = text.clone(),
                "space_before" => layout.space_before = text.clone(),
                "object_nl" => layout.object_nl = text.clone(),
                "array_nl" => layout.array_nl = text.clone(),
                _ => {}
            }
        }
    }
    json::generate(&data, &layout)
        .map(|text| Value::Str(text + "\n"))
        .map_err(fault)
}

/// Puppet's `ToDataConverter` with rich data: values JSON cannot hold as
/// hashes naming their type (`{'__ptype' => 'Default'}`).
fn rich_data(value: &Value) -> Value {
    let typed = |ptype: &str, pvalue: Option<Value>| {
        let mut entries = vec![(Value::string("__ptype"), Value::string(ptype))];
        if let Some(pvalue) = pvalue {
            entries.push((Value::string("__pvalue"), pvalue));
        }
        Value::Hash(entries)
    };
    match value {
        Value::Array(items) => Value::Array(items.iter().map(rich_data).collect()),
        Value::Hash(entries) if entries.iter().all(|(k, _)| matches!(k, Value::Str(_))) => {
            Value::Hash(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), rich_data(v)))
                    .collect(),
            )
        }
        Value::Hash(entries) => typed(
            "Hash",
            Some(Value::Array(
                entries
                    .iter()
                    .flat_map(|(k, v)| [rich_data(k), rich_data(v)])
                    .collect(),
            )),
        ),
        Value::Default => typed("Default", None),
        Value::Regex(regexp) => typed("Regexp", Some(Value::string(regexp.source()))),
        Value::Sensitive(inner) => typed("Sensitive", Some(rich_data(inner))),
        Value::Type(ty) => match ty.as_reference() {
            Some(_) => typed("Type", Some(Value::Str(ty.to_string()))),
            None => typed("Type", Some(Value::Str(ty.to_string()))),
        },
        other => other.clone(),
    }
}

/// The Ruby (or Python) literal of data.
fn literal(value: &Value, python: bool) -> String {
    match value {
        Value::Bool(true) if python => "True".to_string(),
        Value::Bool(false) if python => "False".to_string(),
        Value::Undef if python => "None".to_string(),
        Value::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|item| literal(item, python))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(k, v)| {
                    let separator = if python { ": " } else { " => " };
                    format!("{}{separator}{}", literal(k, python), literal(v, python))
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Str(text) => json::inspect(text),
        other => ruby::inspect(other),
    }
}
