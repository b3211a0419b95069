//! stdlib's functions as pfacts first evaluated them, before the whole
//! library: each body follows stdlib's behaviour on the cases the Debian
//! corpus calls.

use crate::catalog::functions::{fault, Args, Context, Creation, Registry};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    for name in [
        "pick",
        "pick_default",
        "any2array",
        "merge",
        "deep_merge",
        "hash",
        "count",
        "deprecation",
        "delete",
        "basename",
        "bool2num",
        "bool2str",
        "any2bool",
        "to_json",
        "union",
        "str2bool",
        "has_key",
        "prefix",
        "suffix",
        "delete_at",
        "delete_undef_values",
        "concat",
        "dirname",
        "member",
        "parseyaml",
        "parsejson",
        "range",
        "grep",
        "join_keys_to_values",
        "is_hash",
        "is_array",
        "is_string",
        "is_bool",
        "is_integer",
        "is_numeric",
    ] {
        registry.legacy(name, -1, pure);
    }
    for name in ["ensure_packages", "stdlib::ensure_packages"] {
        registry.legacy(name, -1, ensure_packages);
    }
    for name in ["ensure_resource", "ensure_resources"] {
        registry.legacy(name, -1, ensure_resources);
    }
    registry.legacy("assert_private", -1, assert_private);
    registry.legacy("fact", -1, fact);
    for name in [
        "validate_legacy",
        "validate_absolute_path",
        "validate_array",
        "validate_bool",
        "validate_hash",
        "validate_integer",
        "validate_ip_address",
        "validate_ipv4_address",
        "validate_ipv6_address",
        "validate_numeric",
        "validate_re",
        "validate_slength",
        "validate_string",
        "validate_augeas",
        "validate_cmd",
    ] {
        registry.legacy(name, -1, |_, _| Ok(Value::Undef));
    }
}

fn pure(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let name = args.name;
    let args = args.values.as_slice();
    let result: std::result::Result<Value, String> = match name {
        "pick" => args
            .iter()
            .find(|value| !is_empty_value(value))
            .cloned()
            .ok_or_else(|| "pick(): must receive at least one non empty value".to_string()),
        "pick_default" => Ok(args
            .iter()
            .find(|value| !is_empty_value(value))
            .or(args.last())
            .cloned()
            .unwrap_or(Value::Undef)),
        "any2array" => Ok(match args {
            [Value::Array(items)] => Value::Array(items.clone()),
            [Value::Hash(entries)] => Value::Array(
                entries
                    .iter()
                    .flat_map(|(key, value)| [key.clone(), value.clone()])
                    .collect(),
            ),
            [single] => Value::Array(vec![single.clone()]),
            many => Value::Array(many.to_vec()),
        }),
        "merge" => {
            let mut merged: Vec<(Value, Value)> = Vec::new();
            for arg in args {
                if let Value::Hash(entries) = arg {
                    for (key, value) in entries {
                        match merged.iter_mut().find(|(k, _)| k == key) {
                            Some(entry) => entry.1 = value.clone(),
                            None => merged.push((key.clone(), value.clone())),
                        }
                    }
                }
            }
            Ok(Value::Hash(merged))
        }
        "deep_merge" => {
            let mut merged = Value::Hash(Vec::new());
            for arg in args {
                match arg {
                    Value::Hash(_) => merged = deep_merge(merged, arg.clone()),
                    Value::Undef => {}
                    Value::Str(text) if text.is_empty() => {}
                    _ => return Err(fault("deep_merge: unexpected argument type".to_string())),
                }
            }
            Ok(merged)
        }
        "hash" => match args.first() {
            Some(Value::Array(items)) => {
                let flat = flatten(items);
                if !flat.len().is_multiple_of(2) {
                    return Err(fault(
                        "hash(): Unable to compute hash from array given".to_string(),
                    ));
                }
                let mut entries: Vec<(Value, Value)> = Vec::new();
                for pair in flat.chunks(2) {
                    match entries.iter_mut().find(|(key, _)| *key == pair[0]) {
                        Some(entry) => entry.1 = pair[1].clone(),
                        None => entries.push((pair[0].clone(), pair[1].clone())),
                    }
                }
                Ok(Value::Hash(entries))
            }
            _ => Err("hash(): Requires array to work with".to_string()),
        },
        // stdlib: the elements that are neither undef nor empty, or those
        // equal to the value given.
        "count" => match args {
            [Value::Array(items)] => Ok(Value::Integer(
                items.iter().filter(|item| !is_empty_value(item)).count() as i64,
            )),
            [Value::Array(items), wanted] => Ok(Value::Integer(
                items.iter().filter(|item| *item == wanted).count() as i64,
            )),
            _ => Err("count(): Wrong number of arguments".to_string()),
        },
        "deprecation" => Ok(Value::Undef),
        "delete" => match args {
            [collection, remove] => {
                let removed = match remove {
                    Value::Array(items) => items.clone(),
                    single => vec![single.clone()],
                };
                Ok(match collection {
                    Value::Array(items) => Value::Array(
                        items
                            .iter()
                            .filter(|item| !removed.contains(item))
                            .cloned()
                            .collect(),
                    ),
                    Value::Hash(entries) => Value::Hash(
                        entries
                            .iter()
                            .filter(|(key, _)| !removed.contains(key))
                            .cloned()
                            .collect(),
                    ),
                    Value::Str(text) => Value::Str(
                        removed
                            .iter()
                            .fold(text.clone(), |text, part| text.replace(&part.to_text(), "")),
                    ),
                    _ => {
                        return Err(fault(
                            "delete(): First argument must be an Array, String, or Hash"
                                .to_string(),
                        ))
                    }
                })
            }
            _ => Err("delete(): expects 2 arguments".to_string()),
        },
        "basename" => match args {
            [path, rest @ ..] if rest.len() <= 1 => {
                let path = path.to_text();
                let trimmed = path.trim_end_matches('/');
                let base = match trimmed.rfind('/') {
                    Some(at) => &trimmed[at + 1..],
                    None if trimmed.is_empty() && !path.is_empty() => "/",
                    None => trimmed,
                };
                let base = match rest.first().map(Value::to_text) {
                    Some(extension) => base.strip_suffix(extension.as_str()).unwrap_or(base),
                    None => base,
                };
                Ok(Value::Str(base.to_string()))
            }
            _ => Err("basename(): expects a path and an optional extension".to_string()),
        },
        "bool2num" | "bool2str" | "any2bool" => {
            let truth = match args.first() {
                Some(Value::Bool(value)) => *value,
                // Numbers as stdlib's num2bool reads them: made integers.
                Some(Value::Str(text)) => match text.trim().parse::<f64>() {
                    Ok(number) if name == "any2bool" => number.trunc() > 0.0,
                    _ => match str2bool(text) {
                        Ok(truth) => truth,
                        Err(message) => return Err(fault(message)),
                    },
                },
                Some(Value::Integer(value)) if name == "any2bool" => *value > 0,
                Some(Value::Float(value)) if name == "any2bool" => value.trunc() > 0.0,
                Some(Value::Undef) | None if name == "any2bool" => false,
                _ if name == "any2bool" => true,
                _ => return Err(fault(format!("{name}(): expects a boolean"))),
            };
            Ok(match (name, &args[1.min(args.len())..]) {
                ("bool2num", _) => Value::Integer(i64::from(truth)),
                ("bool2str", [yes, no]) => {
                    if truth {
                        yes.clone()
                    } else {
                        no.clone()
                    }
                }
                ("bool2str", _) => Value::Str(truth.to_string()),
                _ => Value::Bool(truth),
            })
        }
        "to_json" => match args.first() {
            Some(value) => Ok(Value::Str(value.to_json().to_string())),
            None => Err("to_json(): expects a value".to_string()),
        },
        "union" => {
            let mut union: Vec<Value> = Vec::new();
            for arg in args {
                let Value::Array(items) = arg else {
                    return Err(fault(
                        "union(): Every parameter must be an array".to_string(),
                    ));
                };
                for item in items {
                    if !union.contains(item) {
                        union.push(item.clone());
                    }
                }
            }
            Ok(Value::Array(union))
        }
        "str2bool" => match args.first() {
            Some(Value::Bool(value)) => Ok(Value::Bool(*value)),
            Some(Value::Str(text)) => str2bool(text).map(Value::Bool),
            _ => Err("str2bool(): expects a string".to_string()),
        },
        "has_key" => match args {
            [hash @ Value::Hash(_), key] => Ok(Value::Bool(hash.hash_get(key).is_some())),
            _ => Err("has_key(): expects a hash and a key".to_string()),
        },
        "prefix" | "suffix" => match args {
            [Value::Array(items), affix] => {
                let affix = affix.to_text();
                Ok(Value::Array(
                    items
                        .iter()
                        .map(|item| {
                            Value::Str(if name == "prefix" {
                                format!("{affix}{}", item.to_text())
                            } else {
                                format!("{}{affix}", item.to_text())
                            })
                        })
                        .collect(),
                ))
            }
            _ => Err(format!("{name}(): expects an array and a string")),
        },
        // stdlib: the array without the element at an index (counted
        // from the end when negative, as Ruby's `Array#delete_at`).
        "delete_at" => match args {
            [Value::Array(items), index, ..] => {
                let index = match index {
                    Value::Integer(index) => Some(*index),
                    Value::Str(text) if text.bytes().all(|b| b.is_ascii_digit()) => {
                        text.parse().ok()
                    }
                    _ => None,
                };
                let length = items.len() as i64;
                match index {
                    None => Err("delete_at(): You must provide non-negative numeric index".into()),
                    Some(index) if index > length - 1 || index < -length => {
                        Err("delete_at(): Given index exceeds size of array given".into())
                    }
                    Some(index) => {
                        let at = if index < 0 { length + index } else { index } as usize;
                        let mut kept = items.clone();
                        kept.remove(at);
                        Ok(Value::Array(kept))
                    }
                }
            }
            [_, _, ..] => Err("delete_at(): Requires array to work with".into()),
            _ => Err(format!(
                "delete_at(): Wrong number of arguments given ({} for 2)",
                args.len()
            )),
        },
        "delete_undef_values" => Ok(match args.first() {
            Some(Value::Hash(entries)) => Value::Hash(
                entries
                    .iter()
                    .filter(|(_, value)| *value != Value::Undef)
                    .cloned()
                    .collect(),
            ),
            Some(Value::Array(items)) => Value::Array(
                items
                    .iter()
                    .filter(|value| **value != Value::Undef)
                    .cloned()
                    .collect(),
            ),
            _ => Value::Undef,
        }),
        "concat" => {
            let mut items = Vec::new();
            for arg in args {
                match arg {
                    Value::Array(more) => items.extend(more.iter().cloned()),
                    other => items.push(other.clone()),
                }
            }
            Ok(Value::Array(items))
        }
        "dirname" => Ok(Value::Str(
            args.first()
                .map(Value::to_text)
                .map(|path| match path.trim_end_matches('/').rfind('/') {
                    Some(0) => "/".to_string(),
                    Some(at) => path[..at].to_string(),
                    None => ".".to_string(),
                })
                .unwrap_or_default(),
        )),
        "member" => match args {
            [Value::Array(items), Value::Array(wanted)] => {
                Ok(Value::Bool(wanted.iter().all(|item| items.contains(item))))
            }
            [Value::Array(items), wanted] => Ok(Value::Bool(items.contains(wanted))),
            _ => Err("member(): expects an array".to_string()),
        },
        // stdlib: the value a YAML or JSON text holds, or the default
        // given when it holds none.
        "parseyaml" | "parsejson" => match args {
            [Value::Str(text), rest @ ..] if rest.len() <= 1 => {
                let parsed = if name == "parsejson" {
                    serde_json::from_str::<serde_json::Value>(text)
                        .map(|json| Value::from_json(&json))
                        .map_err(|e| e.to_string())
                } else {
                    yaml_rust2::YamlLoader::load_from_str(text)
                        .map(|documents| documents.first().map_or(Value::Undef, Value::from_yaml))
                        .map_err(|e| e.to_string())
                };
                match (parsed, rest.first()) {
                    (Ok(value), _) => Ok(value),
                    (Err(_), Some(default)) => Ok(default.clone()),
                    (Err(message), None) => Err(format!("{name}(): {message}")),
                }
            }
            _ => Err(format!(
                "{name}(): expects a string and an optional default"
            )),
        },
        "range" => match args {
            [Value::Integer(from), Value::Integer(to), ..] => {
                Ok(Value::Array((*from..=*to).map(Value::Integer).collect()))
            }
            _ => Err("range(): expects two integers".to_string()),
        },
        "grep" => match args {
            [Value::Array(items), pattern] => {
                let pattern = match pattern {
                    Value::Regex(regex) => regex.source().to_string(),
                    other => other.to_text(),
                };
                regex::Regex::new(&pattern)
                    .map(|regex| {
                        Value::Array(
                            items
                                .iter()
                                .filter(|item| regex.is_match(&item.to_text()))
                                .cloned()
                                .collect(),
                        )
                    })
                    .map_err(|e| e.to_string())
            }
            _ => Err("grep(): expects an array and a pattern".to_string()),
        },
        "join_keys_to_values" => match args {
            [Value::Hash(entries), separator] => {
                let separator = separator.to_text();
                Ok(Value::Array(
                    entries
                        .iter()
                        .map(|(key, value)| {
                            Value::Str(format!("{}{separator}{}", key.to_text(), value.to_text()))
                        })
                        .collect(),
                ))
            }
            _ => Err("join_keys_to_values(): expects a hash and a separator".to_string()),
        },
        "is_hash" | "is_array" | "is_string" | "is_bool" | "is_integer" | "is_numeric" => {
            Ok(Value::Bool(matches!(
                (name, args.first()),
                ("is_hash", Some(Value::Hash(_)))
                    | ("is_array", Some(Value::Array(_)))
                    | ("is_string", Some(Value::Str(_)))
                    | ("is_bool", Some(Value::Bool(_)))
                    | ("is_integer" | "is_numeric", Some(Value::Integer(_)))
                    | ("is_numeric", Some(Value::Float(_)))
            )))
        }
        other => Err(format!("{other}(): not evaluated")),
    };
    result.map_err(fault)
}

/// stdlib's `str2bool`: the words of truth and falsehood, in any case.
fn str2bool(text: &str) -> std::result::Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "1" | "t" | "y" | "true" | "yes" => Ok(true),
        "" | "0" | "f" | "n" | "false" | "no" => Ok(false),
        _ if text == "undef" || text == "undefined" => Ok(false),
        _ => Err("str2bool(): Unknown type of boolean given".to_string()),
    }
}

/// stdlib's `deep_merge`: `higher` into `lower`, hashes in both merged
/// again, anything else replaced.
fn deep_merge(lower: Value, higher: Value) -> Value {
    match (lower, higher) {
        (Value::Hash(mut entries), Value::Hash(higher)) => {
            for (key, value) in higher {
                match entries.iter_mut().find(|(existing, _)| *existing == key) {
                    Some((_, existing)) => {
                        let lower = std::mem::replace(existing, Value::Undef);
                        *existing = deep_merge(lower, value);
                    }
                    None => entries.push((key, value)),
                }
            }
            Value::Hash(entries)
        }
        (_, higher) => higher,
    }
}

/// stdlib's notion of empty, for `pick`: undef, `''` and `:undef`.
fn is_empty_value(value: &Value) -> bool {
    matches!(value, Value::Undef) || matches!(value, Value::Str(text) if text.is_empty())
}

fn attribute_list(value: Option<&Value>) -> Vec<(String, Value)> {
    match value {
        Some(Value::Hash(entries)) => entries
            .iter()
            .map(|(key, value)| (key.to_text(), value.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

/// `ensure_packages(names or {name => settings}, defaults)`: each package
/// `installed` unless the settings say otherwise, declared unless it is.
fn ensure_packages(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let defaults = attribute_list(args.opt(1));
    let packages: Vec<(String, Vec<(String, Value)>)> = match args.opt(0) {
        Some(Value::Hash(entries)) => entries
            .iter()
            .map(|(name, settings)| (name.to_text(), attribute_list(Some(settings))))
            .collect(),
        Some(value) => flatten(std::slice::from_ref(value))
            .iter()
            .map(|name| (name.to_text(), Vec::new()))
            .collect(),
        None => Vec::new(),
    };
    for (package, settings) in packages {
        let mut attributes = vec![("ensure".to_string(), Value::Str("installed".to_string()))];
        for (key, value) in defaults.iter().chain(&settings) {
            attributes.retain(|(name, _)| name != key);
            attributes.push((key.clone(), value.clone()));
        }
        context.declare_resource("package", &package, attributes, Creation::Ensure)?;
    }
    Ok(Value::Undef)
}

/// `ensure_resource(type, titles, params)` and `ensure_resources(type,
/// {title => params}, defaults)`.
fn ensure_resources(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let type_name = args.get(0).to_text();
    let single = args.name == "ensure_resource";
    let defaults = attribute_list(args.opt(if single { 3 } else { 2 }));
    let instances: Vec<(String, Vec<(String, Value)>)> = if single {
        let parameters = attribute_list(args.opt(2));
        flatten(&args.values[1..args.values.len().min(2)])
            .iter()
            .map(|title| (title.to_text(), parameters.clone()))
            .collect()
    } else {
        match args.opt(1) {
            Some(Value::Hash(entries)) => entries
                .iter()
                .map(|(title, parameters)| (title.to_text(), attribute_list(Some(parameters))))
                .collect(),
            _ => Vec::new(),
        }
    };
    for (title, parameters) in instances {
        let mut attributes = defaults.clone();
        for (key, value) in parameters {
            attributes.retain(|(name, _)| *name != key);
            attributes.push((key, value));
        }
        context.declare_resource(&type_name, &title, attributes, Creation::Ensure)?;
    }
    Ok(Value::Undef)
}

/// stdlib: the class or define may be declared only from its own module.
fn assert_private(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let module = context.variable("module_name").map(|v| v.to_text());
    let caller = context.variable("caller_module_name").map(|v| v.to_text());
    if module.unwrap_or_default() == caller.unwrap_or_default() {
        return Ok(Value::Undef);
    }
    let (type_name, title) = context.caller_resource();
    let message = match args.opt(0) {
        Some(message) => message.to_text(),
        None if type_name == "Class" => format!("Class {} is private", title.to_lowercase()),
        None => format!("Definition {} is private", type_name.to_lowercase()),
    };
    Err(fault(message))
}

/// stdlib: a fact by its dotted path (`os.release.major`; a quoted part
/// may hold dots); undef where the path leads nowhere.
fn fact(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let path = args.get(0).to_text();
    static PART: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"([^."]+)|"([^"]+)""#).expect("a valid pattern")
    });
    let parts = PART
        .captures_iter(&path)
        .filter_map(|part| part.get(1).or(part.get(2)))
        .map(|part| part.as_str().to_string())
        .collect::<Vec<_>>();
    let mut value = context.facts().clone();
    for part in parts {
        value = match &value {
            Value::Array(items) => part
                .parse::<usize>()
                .ok()
                .and_then(|index| items.get(index).cloned())
                .unwrap_or(Value::Undef),
            Value::Hash(_) => value
                .hash_get(&Value::Str(part))
                .cloned()
                .unwrap_or(Value::Undef),
            _ => Value::Undef,
        };
    }
    Ok(value)
}
