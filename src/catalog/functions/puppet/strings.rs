//! String functions: case, whitespace, `split`, `regsubst`, `sprintf`,
//! `versioncmp`.

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry.alias(
        "StringData",
        "Variant[String, Numeric, Array[StringData], Hash[StringData, StringData]]",
    );
    for (name, body) in [
        ("capitalize", capitalize as crate::catalog::functions::Body),
        ("strip", strip),
        ("lstrip", lstrip),
        ("rstrip", rstrip),
    ] {
        registry
            .add(name, "Numeric $arg", keep)
            .add(name, "String $arg", body)
            .add(name, "Iterable[Variant[String, Numeric]] $arg", body);
    }
    for (name, body) in [
        ("downcase", downcase as crate::catalog::functions::Body),
        ("upcase", upcase),
    ] {
        registry
            .add(name, "Numeric $arg", keep)
            .add(name, "String $arg", body)
            .add(name, "Array[StringData] $arg", body)
            .add(name, "Hash[StringData, StringData] $arg", body);
    }
    registry
        .add(
            "regsubst",
            "Variant[Array[String], String] $target, String $pattern, \
             Variant[String, Hash[String, String]] $replacement, \
             Optional[Pattern[/^[GEIM]*$/]] $flags?, Enum['N', 'E', 'S', 'U'] $encoding?",
            regsubst,
        )
        .add(
            "regsubst",
            "Variant[Array[String], String] $target, Variant[Regexp, Type[Regexp]] $pattern, \
             Variant[String, Hash[String, String]] $replacement, Pattern[/^G?$/] $flags?",
            regsubst,
        )
        .legacy("sprintf", -2, |_, args| {
            sprintf(&args.get(0).to_text(), &args.values[1..])
        })
        .add("split", "String $str, String $pattern", split)
        .add("split", "String $str, Regexp $pattern", split)
        .add("split", "String $str, Type[Regexp] $pattern", split)
        .add(
            "versioncmp",
            "String $a, String $b, Boolean $ignore_trailing_zeroes?",
            |_, args| {
                Ok(Value::Integer(versioncmp(
                    &args.get(0).to_text(),
                    &args.get(1).to_text(),
                )))
            },
        );
}

fn keep(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(args.get(0).clone())
}

/// `value` with `map` applied to its strings, also inside arrays and
/// hashes; numbers as they are.
fn mapped(value: &Value, map: fn(&str) -> String) -> Value {
    match value {
        Value::Str(text) => Value::Str(map(text)),
        Value::Array(items) => Value::Array(items.iter().map(|item| mapped(item, map)).collect()),
        Value::Hash(entries) => Value::Hash(
            entries
                .iter()
                .map(|(key, value)| (mapped(key, map), mapped(value, map)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Ruby's white space for `strip`: NUL, tab, line feed, vertical tab,
/// form feed, carriage return, space.
fn is_ruby_space(c: char) -> bool {
    matches!(c, '\0' | '\t' | '\n' | '\x0B' | '\x0C' | '\r' | ' ')
}

fn capitalize(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), |text| {
        let mut chars = text.chars();
        match chars.next() {
            Some(first) => first
                .to_uppercase()
                .chain(chars.as_str().to_lowercase().chars())
                .collect(),
            None => String::new(),
        }
    }))
}

fn strip(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), |text| {
        text.trim_matches(is_ruby_space).to_string()
    }))
}

fn lstrip(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), |text| {
        text.trim_start_matches(is_ruby_space).to_string()
    }))
}

fn rstrip(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), |text| {
        text.trim_end_matches(is_ruby_space).to_string()
    }))
}

fn downcase(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), str::to_lowercase))
}

fn upcase(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), str::to_uppercase))
}

fn split(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let pattern = match args.get(1) {
        Value::Regex(regex) => regex.source().to_string(),
        other => regex::escape(&other.to_text()),
    };
    let regex = regex::Regex::new(&pattern).map_err(|e| fault(e.to_string()))?;
    Ok(Value::Array(
        regex
            .split(&args.get(0).to_text())
            .map(|part| Value::Str(part.to_string()))
            .collect(),
    ))
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

fn regsubst(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let global = args
        .opt(3)
        .is_some_and(|flags| flags.to_text().contains('G'));
    let pattern = match args.get(1) {
        Value::Regex(regex) => regex.source().to_string(),
        other => other.to_text(),
    };
    let regex = regex::Regex::new(&pattern).map_err(|e| fault(e.to_string()))?;
    // Ruby's `\1` back-references are `${1}` here.
    let replacement = regex::Regex::new(r"\\(\d)")
        .expect("a valid pattern")
        .replace_all(&args.get(2).to_text(), "$${$1}")
        .to_string();
    let substitute = |text: &str| {
        if global {
            regex.replace_all(text, replacement.as_str()).to_string()
        } else {
            regex.replace(text, replacement.as_str()).to_string()
        }
    };
    Ok(match args.get(0) {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|item| Value::Str(substitute(&item.to_text())))
                .collect(),
        ),
        other => Value::Str(substitute(&other.to_text())),
    })
}

/// `sprintf` with Ruby's `%s`, `%d`, `%f`, `%x`, `%o` and `%%`, flags,
/// width and precision.
fn sprintf(format: &str, args: &[Value]) -> Result<Value> {
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
        let needs_number = || fault(format!("sprintf(): %{conversion} needs a number"));
        let mut text = match conversion {
            "s" => {
                let text = arg.to_text();
                match precision {
                    Some(precision) => text.chars().take(precision).collect(),
                    None => text,
                }
            }
            "d" | "i" => format!("{}", number().ok_or_else(needs_number)? as i64),
            "f" => format!(
                "{:.*}",
                precision.unwrap_or(6),
                number().ok_or_else(needs_number)?
            ),
            "x" => format!("{:x}", number().ok_or_else(needs_number)? as i64),
            "X" => format!("{:X}", number().ok_or_else(needs_number)? as i64),
            "o" => format!("{:o}", number().ok_or_else(needs_number)? as i64),
            other => return Err(fault(format!("sprintf(): %{other} is not supported"))),
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
