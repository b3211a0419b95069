//! TOML as stdlib's `TomlDumper` writes a hash: keys sorted, plain values
//! first, then tables, then arrays of tables; values as Ruby's `inspect`
//! writes them.

use crate::catalog::values::ruby;
use crate::catalog::values::Value;

pub fn dump(value: &Value) -> Result<String, String> {
    let mut out = String::new();
    visit(value, &[], false, &mut out)?;
    Ok(out)
}

type Pairs = Vec<(String, Value)>;

fn sorted(value: &Value) -> Result<(Pairs, Pairs, Pairs), String> {
    let Value::Hash(entries) = value else {
        return Ok(Default::default());
    };
    let mut keys: Vec<&Value> = entries.iter().map(|(k, _)| k).collect();
    if keys.iter().any(|k| !matches!(k, Value::Str(_))) && keys.len() > 1 {
        let first = keys[0];
        if let Some(other) = keys.iter().find(|k| ruby::cmp(first, k).is_none()) {
            return Err(ruby::comparison_failed(first, other));
        }
    }
    keys.sort_by(|a, b| ruby::cmp(a, b).unwrap_or(std::cmp::Ordering::Equal));
    let (mut simple, mut nested, mut tables) = (Vec::new(), Vec::new(), Vec::new());
    for key in keys {
        let value = value.hash_get(key).cloned().unwrap_or(Value::Undef);
        let key = ruby::to_s(key);
        match &value {
            Value::Hash(_) => nested.push((key, value)),
            Value::Array(items) if matches!(items.first(), Some(Value::Hash(_))) => {
                tables.push((key, value))
            }
            _ => simple.push((key, value)),
        }
    }
    Ok((simple, nested, tables))
}

fn visit(value: &Value, prefix: &[String], extra: bool, out: &mut String) -> Result<(), String> {
    let (simple, nested, tables) = sorted(value)?;
    let empty = matches!(value, Value::Hash(entries) if entries.is_empty());
    if !prefix.is_empty() && (!simple.is_empty() || empty) {
        print_prefix(prefix, extra, out);
    }
    pairs(simple, nested, tables, prefix, out)
}

fn pairs(
    simple: Pairs,
    nested: Pairs,
    tables: Pairs,
    prefix: &[String],
    out: &mut String,
) -> Result<(), String> {
    for (key, value) in simple {
        out.push_str(&format!("{} = {}\n", key_text(&key), toml_value(&value)));
    }
    for (key, value) in nested {
        let mut inner = prefix.to_vec();
        inner.push(key_text(&key));
        visit(&value, &inner, false, out)?;
    }
    for (key, value) in tables {
        let mut inner = prefix.to_vec();
        inner.push(key_text(&key));
        if let Value::Array(children) = value {
            for child in children {
                print_prefix(&inner, true, out);
                let (simple, nested, tables) = sorted(&child)?;
                pairs(simple, nested, tables, &inner, out)?;
            }
        }
    }
    Ok(())
}

fn print_prefix(prefix: &[String], extra: bool, out: &mut String) {
    let joined = prefix.join(".");
    if extra {
        out.push_str(&format!("[[{joined}]]\n"));
    } else {
        out.push_str(&format!("[{joined}]\n"));
    }
}

fn key_text(key: &str) -> String {
    if key
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        key.to_string()
    } else {
        format!("\"{}\"", key.replace('"', "\\\""))
    }
}

fn toml_value(value: &Value) -> String {
    match value {
        Value::Str(text) => {
            let inspected = ruby::inspect_str(text);
            // stdlib undoes Ruby's escaping of `#{`, `#$` and `#@`.
            inspected
                .replace("\\#{", "#{")
                .replace("\\#$", "#$")
                .replace("\\#@", "#@")
        }
        Value::Regex(regexp) => ruby::inspect_str(&regexp.with_delimiters()),
        other => ruby::inspect(other),
    }
}
