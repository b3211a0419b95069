//! Functions that only compute a value from their arguments: Puppet's own
//! and those of stdlib that the Debian corpus calls most.

use super::values::Value;

/// `Some` result when `name` is one of these functions.
pub fn call(name: &str, args: &[Value]) -> Option<Result<Value, String>> {
    Some(match name {
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
        "join" => match args {
            [Value::Array(items), rest @ ..] => {
                let separator = rest.first().map(Value::to_text).unwrap_or_default();
                Ok(Value::Str(
                    items
                        .iter()
                        .map(Value::to_text)
                        .collect::<Vec<_>>()
                        .join(&separator),
                ))
            }
            _ => Err("join(): expects an array".to_string()),
        },
        "split" => match args {
            [text, pattern] => {
                let pattern = match pattern {
                    Value::Regex(regex) => regex.source().to_string(),
                    other => regex::escape(&other.to_text()),
                };
                regex::Regex::new(&pattern)
                    .map(|regex| {
                        Value::Array(
                            regex
                                .split(&text.to_text())
                                .map(|part| Value::Str(part.to_string()))
                                .collect(),
                        )
                    })
                    .map_err(|e| e.to_string())
            }
            _ => Err("split(): expects 2 arguments".to_string()),
        },
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
        "empty" => Ok(Value::Bool(match args.first() {
            Some(Value::Array(items)) => items.is_empty(),
            Some(Value::Hash(entries)) => entries.is_empty(),
            Some(Value::Str(text)) => text.is_empty(),
            Some(Value::Undef) | None => true,
            Some(_) => false,
        })),
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
                    _ => return Some(Err("deep_merge: unexpected argument type".to_string())),
                }
            }
            Ok(merged)
        }
        "hash" => match args.first() {
            Some(Value::Array(items)) => {
                let flat = flatten(items);
                if !flat.len().is_multiple_of(2) {
                    return Some(Err(
                        "hash(): Unable to compute hash from array given".to_string()
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
                        return Some(Err(
                            "delete(): First argument must be an Array, String, or Hash"
                                .to_string(),
                        ))
                    }
                })
            }
            _ => Err("delete(): expects 2 arguments".to_string()),
        },
        "strip" => Ok(map_strings(args.first(), |text| text.trim().to_string())),
        "capitalize" => Ok(map_strings(args.first(), |text| {
            let mut chars = text.chars();
            match chars.next() {
                Some(first) => first
                    .to_uppercase()
                    .chain(chars.as_str().to_lowercase().chars())
                    .collect(),
                None => String::new(),
            }
        })),
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
                        Err(message) => return Some(Err(message)),
                    },
                },
                Some(Value::Integer(value)) if name == "any2bool" => *value > 0,
                Some(Value::Float(value)) if name == "any2bool" => value.trunc() > 0.0,
                Some(Value::Undef) | None if name == "any2bool" => false,
                _ if name == "any2bool" => true,
                _ => return Some(Err(format!("{name}(): expects a boolean"))),
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
                    return Some(Err("union(): Every parameter must be an array".to_string()));
                };
                for item in items {
                    if !union.contains(item) {
                        union.push(item.clone());
                    }
                }
            }
            Ok(Value::Array(union))
        }
        "flatten" => Ok(Value::Array(flatten(args))),
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
        "size" | "length" => Ok(Value::Integer(match args.first() {
            Some(Value::Array(items)) => items.len() as i64,
            Some(Value::Hash(entries)) => entries.len() as i64,
            Some(Value::Str(text)) => text.chars().count() as i64,
            _ => 0,
        })),
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
        "downcase" | "upcase" => Ok(map_strings(args.first(), |text| {
            if name == "downcase" {
                text.to_lowercase()
            } else {
                text.to_uppercase()
            }
        })),
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
        "versioncmp" => match args {
            [a, b] => Ok(Value::Integer(versioncmp(&a.to_text(), &b.to_text()))),
            _ => Err("versioncmp(): expects 2 arguments".to_string()),
        },
        "regsubst" => match args {
            [target, pattern, replacement, rest @ ..] => {
                let global = rest
                    .first()
                    .is_some_and(|flags| flags.to_text().contains('G'));
                let pattern = match pattern {
                    Value::Regex(regex) => regex.source().to_string(),
                    other => other.to_text(),
                };
                let regex = match regex::Regex::new(&pattern) {
                    Ok(regex) => regex,
                    Err(e) => return Some(Err(e.to_string())),
                };
                // Ruby's `\1` back-references are `${1}` here.
                let replacement = regex::Regex::new(r"\\(\d)")
                    .expect("a valid pattern")
                    .replace_all(&replacement.to_text(), "$${$1}")
                    .to_string();
                let substitute = |text: &str| {
                    if global {
                        regex.replace_all(text, replacement.as_str()).to_string()
                    } else {
                        regex.replace(text, replacement.as_str()).to_string()
                    }
                };
                Ok(match target {
                    Value::Array(items) => Value::Array(
                        items
                            .iter()
                            .map(|item| Value::Str(substitute(&item.to_text())))
                            .collect(),
                    ),
                    other => Value::Str(substitute(&other.to_text())),
                })
            }
            _ => Err("regsubst(): expects 3 or 4 arguments".to_string()),
        },
        "sprintf" => match args.split_first() {
            Some((format, rest)) => sprintf(&format.to_text(), rest),
            None => Err("sprintf(): expects a format".to_string()),
        },
        "keys" | "values" => match args.first() {
            Some(Value::Hash(entries)) => Ok(Value::Array(
                entries
                    .iter()
                    .map(|(key, value)| {
                        if name == "keys" {
                            key.clone()
                        } else {
                            value.clone()
                        }
                    })
                    .collect(),
            )),
            _ => Err(format!("{name}(): expects a hash")),
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
        "unique" => match args.first() {
            Some(Value::Array(items)) => {
                let mut unique: Vec<Value> = Vec::new();
                for item in items {
                    if !unique.contains(item) {
                        unique.push(item.clone());
                    }
                }
                Ok(Value::Array(unique))
            }
            _ => Err("unique(): expects an array".to_string()),
        },
        "sort" => match args.first() {
            Some(Value::Array(items)) => {
                let mut sorted = items.clone();
                sorted.sort_by(|a, b| match (a, b) {
                    (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
                    _ => a.to_text().cmp(&b.to_text()),
                });
                Ok(Value::Array(sorted))
            }
            _ => Err("sort(): expects an array".to_string()),
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
        "Sensitive" => Ok(match args.first() {
            Some(Value::Sensitive(value)) => Value::Sensitive(value.clone()),
            Some(value) => Value::Sensitive(Box::new(value.clone())),
            None => Value::Sensitive(Box::new(Value::Undef)),
        }),
        "unwrap" => Ok(match args.first() {
            Some(Value::Sensitive(value)) => (**value).clone(),
            Some(value) => value.clone(),
            None => Value::Undef,
        }),
        "String" => Ok(Value::Str(
            args.first().map(Value::to_text).unwrap_or_default(),
        )),
        "Integer" => match args.first() {
            Some(Value::Integer(value)) => Ok(Value::Integer(*value)),
            Some(Value::Float(value)) => Ok(Value::Integer(*value as i64)),
            Some(Value::Str(text)) => text
                .trim()
                .parse()
                .map(Value::Integer)
                .map_err(|_| format!("The string '{text}' cannot be converted to Integer")),
            _ => Err("Integer(): cannot convert".to_string()),
        },
        "Float" | "Numeric" => match args.first() {
            Some(Value::Integer(value)) if name == "Float" => Ok(Value::Float(*value as f64)),
            Some(number @ (Value::Integer(_) | Value::Float(_))) => Ok(number.clone()),
            Some(Value::Str(text)) => {
                let text = text.trim();
                match (name, text.parse::<i64>(), text.parse::<f64>()) {
                    ("Numeric", Ok(integer), _) => Ok(Value::Integer(integer)),
                    (_, _, Ok(float)) => Ok(Value::Float(float)),
                    _ => Err(format!("The string '{text}' cannot be converted to {name}")),
                }
            }
            _ => Err(format!("{name}(): cannot convert")),
        },
        "Boolean" => match args.first() {
            Some(Value::Bool(value)) => Ok(Value::Bool(*value)),
            Some(Value::Integer(value)) => Ok(Value::Bool(*value != 0)),
            Some(Value::Float(value)) => Ok(Value::Bool(*value != 0.0)),
            Some(Value::Str(text)) => match text.to_ascii_lowercase().as_str() {
                "true" | "yes" | "y" => Ok(Value::Bool(true)),
                "false" | "no" | "n" => Ok(Value::Bool(false)),
                _ => Err(format!(
                    "The string '{text}' cannot be converted to Boolean"
                )),
            },
            _ => Err("Boolean(): cannot convert".to_string()),
        },
        _ => return None,
    })
}

/// stdlib's `str2bool`: the words of truth and falsehood, in any case.
fn str2bool(text: &str) -> Result<bool, String> {
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

/// The values, arrays among them spread out, recursively.
pub(super) fn flatten(values: &[Value]) -> Vec<Value> {
    let mut flat = Vec::new();
    for value in values {
        match value {
            Value::Array(items) => flat.extend(flatten(items)),
            other => flat.push(other.clone()),
        }
    }
    flat
}

fn map_strings(value: Option<&Value>, map: impl Fn(&str) -> String) -> Value {
    match value {
        Some(Value::Array(items)) => Value::Array(
            items
                .iter()
                .map(|item| Value::Str(map(&item.to_text())))
                .collect(),
        ),
        Some(other) => Value::Str(map(&other.to_text())),
        None => Value::Undef,
    }
}

/// Puppet's `versioncmp`: numeric runs compare as numbers, other runs as
/// text, `-` and `.` separate.
fn versioncmp(a: &str, b: &str) -> i64 {
    let parts = |text: &str| -> Vec<String> {
        let mut parts = Vec::new();
        let mut current = String::new();
        for c in text.chars() {
            if c == '.' || c == '-' {
                if !current.is_empty() {
                    parts.push(std::mem::take(&mut current));
                }
                continue;
            }
            if !current.is_empty()
                && current
                    .chars()
                    .last()
                    .is_some_and(|last| last.is_ascii_digit())
                    != c.is_ascii_digit()
            {
                parts.push(std::mem::take(&mut current));
            }
            current.push(c);
        }
        if !current.is_empty() {
            parts.push(current);
        }
        parts
    };
    let (a, b) = (parts(a), parts(b));
    for (x, y) in a.iter().zip(&b) {
        let ordering = match (x.parse::<u64>(), y.parse::<u64>()) {
            (Ok(x), Ok(y)) => x.cmp(&y),
            _ => x.cmp(y),
        };
        if ordering.is_ne() {
            return if ordering.is_lt() { -1 } else { 1 };
        }
    }
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    }
}

/// `sprintf` with Ruby's `%s`, `%d`, `%f`, `%x`, `%o` and `%%`, flags,
/// width and precision.
fn sprintf(format: &str, args: &[Value]) -> Result<Value, String> {
    let directive = regex::Regex::new(r"%([-+ 0#]*)(\d*)(?:\.(\d+))?([sdifxXobeEgG%])")
        .expect("a valid pattern");
    let mut out = String::new();
    let mut last = 0;
    let mut next = args.iter();
    for captures in directive.captures_iter(format) {
        let whole = captures.get(0).expect("group 0");
        out.push_str(&format[last..whole.start()]);
        last = whole.end();
        let (flags, width, precision, conversion) = (
            &captures[1],
            captures[2].parse::<usize>().unwrap_or(0),
            captures
                .get(3)
                .and_then(|p| p.as_str().parse::<usize>().ok()),
            &captures[4],
        );
        if conversion == "%" {
            out.push('%');
            continue;
        }
        let arg = next.next().cloned().unwrap_or(Value::Undef);
        let number = || match &arg {
            Value::Integer(value) => Some(*value as f64),
            Value::Float(value) => Some(*value),
            Value::Str(text) => text.parse().ok(),
            _ => None,
        };
        let mut text = match conversion {
            "s" => {
                let text = arg.to_text();
                match precision {
                    Some(precision) => text.chars().take(precision).collect(),
                    None => text,
                }
            }
            "d" | "i" => format!("{}", number().ok_or("sprintf(): %d needs a number")? as i64),
            "f" => format!(
                "{:.*}",
                precision.unwrap_or(6),
                number().ok_or("sprintf(): %f needs a number")?
            ),
            "x" => format!(
                "{:x}",
                number().ok_or("sprintf(): %x needs a number")? as i64
            ),
            "X" => format!(
                "{:X}",
                number().ok_or("sprintf(): %X needs a number")? as i64
            ),
            "o" => format!(
                "{:o}",
                number().ok_or("sprintf(): %o needs a number")? as i64
            ),
            other => return Err(format!("sprintf(): %{other} is not supported")),
        };
        if text.chars().count() < width {
            let padding = width - text.chars().count();
            if flags.contains('-') {
                text.push_str(&" ".repeat(padding));
            } else if flags.contains('0') && conversion != "s" {
                let (sign, digits) = match text.strip_prefix('-') {
                    Some(digits) => ("-", digits.to_string()),
                    None => ("", text.clone()),
                };
                text = format!("{sign}{}{digits}", "0".repeat(padding));
            } else {
                text = format!("{}{text}", " ".repeat(padding));
            }
        }
        out.push_str(&text);
    }
    out.push_str(&format[last..]);
    Ok(Value::Str(out))
}
