//! Strings: escaping for shells, batch files, PowerShell, regexps, URIs
//! and XML; `prefix`, `suffix`, `squeeze`, `swapcase`, `dos2unix`,
//! `unix2dos`, `shell_split`, `stdlib::start_with`, `stdlib::end_with`,
//! `sprintf_hash` (stdlib 8).

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::{self, legacy_args};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry, version: Version) {
    let escapes: [(&str, crate::catalog::functions::Body); 3] = [
        ("batch_escape", |_, args| {
            Ok(Value::Str(batch_escape(&any_to_s(args.get(0)))))
        }),
        ("powershell_escape", |_, args| {
            Ok(Value::Str(powershell_escape(&any_to_s(args.get(0)))))
        }),
        ("shell_escape", |_, args| {
            Ok(Value::Str(shell_escape(&any_to_s(args.get(0)))))
        }),
    ];
    for (name, body) in escapes {
        registry.add(leak(format!("stdlib::{name}")), "Any $string", body);
        // stdlib 9 keeps the unnamespaced name as a deprecated alias.
        if version == Version::V8 {
            registry.add(name, "Any $string", body);
        }
    }
    registry
        .add(
            "stdlib::start_with",
            "String $test_string, Variant[String[1],Array[String[1], 1]] $prefixes",
            |_, args| {
                Ok(Value::Bool(
                    affixes(&args).any(|p| args.get(0).to_text().starts_with(&p)),
                ))
            },
        )
        .add(
            "stdlib::end_with",
            "String $test_string, Variant[String[1],Array[String[1], 1]] $suffixes",
            |_, args| {
                Ok(Value::Bool(
                    affixes(&args).any(|s| args.get(0).to_text().ends_with(&s)),
                ))
            },
        )
        .add(
            "stdlib::xml_encode",
            "String $str, Enum['attr', 'text'] $type?",
            xml_encode,
        )
        .legacy("prefix", -1, |_, args| affix(args, true))
        .legacy("suffix", -1, |_, args| affix(args, false))
        .legacy("squeeze", -1, squeeze)
        .legacy("swapcase", -1, |_, args| {
            map_strings(args, "swapcase", |text| {
                text.chars()
                    .flat_map(|c| {
                        if c.is_lowercase() {
                            c.to_uppercase().collect::<Vec<_>>()
                        } else {
                            c.to_lowercase().collect()
                        }
                    })
                    .collect()
            })
        })
        .legacy("regexpescape", -1, |_, args| {
            map_strings(args, "regexpescape", ruby::regexp_escape)
        })
        .legacy("uriescape", -1, |_, args| {
            map_strings(args, "uriescape", uri_escape)
        })
        .legacy("dos2unix", 1, |_, args| {
            match legacy_args(&args.values).first() {
                Some(Value::Str(text)) => Ok(Value::Str(text.replace("\r\n", "\n"))),
                _ => Err(fault("dos2unix(): Requires string as argument")),
            }
        })
        .legacy("unix2dos", 1, |_, args| {
            match legacy_args(&args.values).first() {
                Some(Value::Str(text)) => Ok(Value::Str(unix2dos(text))),
                _ => Err(fault("unix2dos(): Requires string as argument")),
            }
        })
        .legacy("shell_join", -1, shell_join)
        .legacy("shell_split", -1, shell_split);
    if version == Version::V8 {
        registry.add("sprintf_hash", "String $format, Hash $arguments", |context, args| {
            super::deprecation::warn(
                context,
                "sprintf_hash",
                "This method is deprecated. From Puppet 4.10.10/5.3.4 please use the built-in sprintf instead",
                true,
            );
            sprintf_hash(context, args)
        });
    }
}

/// Ruby's `sprintf(format, hash)`: each `%<name>` reference made
/// positional for Puppet's `sprintf`, each `%{name}` the value's text.
fn sprintf_hash(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let format = args.get(0).to_text();
    let hash = args.get(1);
    let mut positional = String::new();
    let mut values = Vec::new();
    let mut rest = format.as_str();
    while let Some(at) = rest.find('%') {
        positional.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (close, open) = if after.starts_with('<') {
            ('>', true)
        } else if after.starts_with('{') {
            ('}', false)
        } else {
            let skip = if after.starts_with('%') { 2 } else { 1 };
            positional.push_str(&rest[at..at + skip.min(rest.len() - at)]);
            rest = &rest[at + skip.min(rest.len() - at)..];
            continue;
        };
        let Some(end) = after.find(close) else {
            return Err(fault("malformed name - unmatched parenthesis"));
        };
        let name = &after[1..end];
        let value = hash
            .hash_get(&Value::string(name))
            .cloned()
            .ok_or_else(|| fault(format!("key<{name}> not found")))?;
        if open {
            positional.push('%');
        } else {
            positional.push_str("%s");
        }
        values.push(value);
        rest = &after[end + 1..];
    }
    positional.push_str(rest);
    let mut call = vec![Value::Str(positional)];
    call.extend(values);
    context.call_function("sprintf", call, None)
}

/// A name made once, when the registry is built, that lives as long as
/// the program.
pub fn leak(name: String) -> &'static str {
    Box::leak(name.into_boxed_str())
}

/// What a 4.x function's `value.to_s` gives: as Ruby writes the value,
/// a regexp as Ruby's `Regexp#to_s`.
pub fn any_to_s(value: &Value) -> String {
    match value {
        Value::Regex(regexp) => format!("(?-mix:{})", regexp.source()),
        other => ruby::to_s(other),
    }
}

/// The prefixes or suffixes given: one string, or an array of them.
fn affixes<'a>(args: &'a Args<'_>) -> impl Iterator<Item = String> + 'a {
    let list = match args.get(1) {
        Value::Array(items) => items.clone(),
        other => vec![other.clone()],
    };
    list.into_iter().map(|value| value.to_text())
}

fn batch_escape(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\"\""),
            '$' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn powershell_escape(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            ' ' | '\'' | '`' | '|' | '\n' | '$' => {
                out.push('`');
                out.push(c);
            }
            '"' => out.push_str("\\`\""),
            c => out.push(c),
        }
    }
    out
}

/// Ruby's `Shellwords.shellescape`: a backslash before every character
/// but `A-Za-z0-9_-.,:+/@`, a line feed quoted; `''` for nothing.
pub fn shell_escape(text: &str) -> String {
    if text.is_empty() {
        return "''".to_string();
    }
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("'\n'"),
            c if c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c) => out.push(c),
            c => {
                out.push('\\');
                out.push(c);
            }
        }
    }
    out
}

fn shell_join(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 1 {
        return Err(fault(format!(
            "shell_join(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    let Value::Array(items) = &args[0] else {
        return Err(fault(format!(
            "First argument is not an Array: {}",
            ruby::inspect(&args[0])
        )));
    };
    Ok(Value::Str(
        items
            .iter()
            .map(|item| shell_escape(&ruby::to_s(item)))
            .collect::<Vec<_>>()
            .join(" "),
    ))
}

/// Ruby's `Shellwords.shellsplit`: words apart at blanks, quotes and
/// backslashes as a shell reads them.
fn shell_split(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 1 {
        return Err(fault(format!(
            "shell_split(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    let line = ruby::to_s(&args[0]);
    let chars: Vec<char> = line.chars().collect();
    let blank = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r');
    let mut words = Vec::new();
    let mut field = String::new();
    let mut in_field = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if blank(c) {
            if in_field {
                words.push(Value::Str(std::mem::take(&mut field)));
                in_field = false;
            }
            i += 1;
            continue;
        }
        in_field = true;
        match c {
            '\'' => match chars[i + 1..].iter().position(|&q| q == '\'') {
                Some(end) => {
                    field.extend(&chars[i + 1..i + 1 + end]);
                    i += end + 2;
                }
                None => return Err(unmatched(&line)),
            },
            '"' => {
                let mut j = i + 1;
                let mut closed = false;
                while j < chars.len() {
                    match chars[j] {
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\\' if j + 1 < chars.len() => {
                            if "$`\"\\\n".contains(chars[j + 1]) {
                                field.push(chars[j + 1]);
                            } else {
                                field.push('\\');
                                field.push(chars[j + 1]);
                            }
                            j += 2;
                        }
                        other => {
                            field.push(other);
                            j += 1;
                        }
                    }
                }
                if !closed {
                    return Err(unmatched(&line));
                }
                i = j + 1;
            }
            '\\' => {
                if let Some(&next) = chars.get(i + 1) {
                    field.push(next);
                }
                i += 2;
            }
            other => {
                field.push(other);
                i += 1;
            }
        }
    }
    if in_field {
        words.push(Value::Str(field));
    }
    Ok(Value::Array(words))
}

fn unmatched(line: &str) -> crate::catalog::EvalError {
    fault(format!("Unmatched quote: {}", ruby::inspect_str(line)))
}

fn xml_encode(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let text = args.get(0).to_text();
    let attr = args.opt(1).is_some_and(|kind| kind.to_text() == "attr");
    let mut out = String::with_capacity(text.len() + 2);
    if attr {
        out.push('"');
    }
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    if attr {
        out.push('"');
    }
    Ok(Value::Str(out))
}

/// `prefix(list, p)` and `suffix(list, s)`: each element (or hash key)
/// made a string, with the affix.
fn affix(args: Args<'_>, before: bool) -> Result<Value> {
    let name = if before { "prefix" } else { "suffix" };
    let args = legacy_args(&args.values);
    let Some(enumerable) = args.first() else {
        return Err(fault(format!(
            "{name}(): Wrong number of arguments given (0 for 1)"
        )));
    };
    if !matches!(enumerable, Value::Array(_) | Value::Hash(_)) {
        return Err(fault(format!(
            "{name}(): expected first argument to be an Array or a Hash, got {}",
            ruby::inspect(enumerable)
        )));
    }
    let affix = match args.get(1) {
        None | Some(Value::Undef | Value::Bool(false)) => String::new(),
        Some(Value::Str(text)) => text.clone(),
        Some(other) => {
            return Err(fault(format!(
                "{name}(): expected second argument to be a String, got {}",
                ruby::inspect(other)
            )))
        }
    };
    let join = |text: String| {
        if before {
            format!("{affix}{text}")
        } else {
            format!("{text}{affix}")
        }
    };
    Ok(match enumerable {
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|item| Value::Str(join(ruby::to_s(item))))
                .collect(),
        ),
        Value::Hash(entries) => {
            let mut result: Vec<(Value, Value)> = Vec::new();
            for (key, value) in entries {
                let key = Value::Str(join(ruby::to_s(key)));
                match result.iter_mut().find(|(k, _)| *k == key) {
                    Some(entry) => entry.1 = value.clone(),
                    None => result.push((key, value.clone())),
                }
            }
            Value::Hash(result)
        }
        _ => unreachable!("checked above"),
    })
}

/// A 3.x function that takes a string, or an array whose strings it
/// maps (other elements kept).
fn map_strings(args: Args<'_>, name: &str, map: fn(&str) -> String) -> Result<Value> {
    let args = legacy_args(&args.values);
    match args.first() {
        None => Err(fault(format!(
            "{name}(): Wrong number of arguments given (0 for 1)"
        ))),
        Some(Value::Str(text)) => Ok(Value::Str(map(text))),
        Some(Value::Array(items)) => Ok(Value::Array(
            items
                .iter()
                .map(|item| match item {
                    Value::Str(text) => Value::Str(map(text)),
                    other => other.clone(),
                })
                .collect(),
        )),
        Some(_) => Err(fault(format!(
            "{name}(): Requires either array or string to work with"
        ))),
    }
}

/// `URI::DEFAULT_PARSER.escape`: RFC 2396's unsafe bytes percent-encoded.
fn uri_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Ruby's `gsub(/\r*\n/, "\r\n")`.
fn unix2dos(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_cr = 0;
    for c in text.chars() {
        match c {
            '\r' => pending_cr += 1,
            '\n' => {
                out.push_str("\r\n");
                pending_cr = 0;
            }
            c => {
                out.extend(std::iter::repeat_n('\r', pending_cr));
                pending_cr = 0;
                out.push(c);
            }
        }
    }
    out.extend(std::iter::repeat_n('\r', pending_cr));
    out
}

fn squeeze(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 1 && args.len() != 2 {
        return Err(fault(format!(
            "squeeze(): Wrong number of arguments given {} for 2 or 1",
            args.len()
        )));
    }
    let set = match args.get(1) {
        None | Some(Value::Undef | Value::Bool(false)) => None,
        Some(Value::Str(set)) => Some(CharSet::parse(set)),
        Some(other) => return Err(super::no_string(other)),
    };
    let one = |value: &Value| match value {
        Value::Str(text) => Ok(Value::Str(squeezed(text, set.as_ref()))),
        other => Err(fault(ruby::no_method("squeeze", other))),
    };
    match &args[0] {
        Value::Array(items) => items
            .iter()
            .map(one)
            .collect::<Result<Vec<_>>>()
            .map(Value::Array),
        other => one(other),
    }
}

/// Runs of one character made one, for the characters of `set` (all
/// when none).
fn squeezed(text: &str, set: Option<&CharSet>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last = None;
    for c in text.chars() {
        if last == Some(c) && set.is_none_or(|set| set.contains(c)) {
            continue;
        }
        out.push(c);
        last = Some(c);
    }
    out
}

/// A character set as Ruby's `String#squeeze` and `count` read one:
/// characters and ranges (`a-z`), negated by a leading `^`.
struct CharSet {
    negated: bool,
    ranges: Vec<(char, char)>,
}

impl CharSet {
    fn parse(text: &str) -> CharSet {
        let mut chars: Vec<char> = text.chars().collect();
        let negated = chars.len() > 1 && chars[0] == '^';
        if negated {
            chars.remove(0);
        }
        let mut ranges = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let mut c = chars[i];
            if c == '\\' && i + 1 < chars.len() {
                i += 1;
                c = chars[i];
            }
            if i + 2 < chars.len() && chars[i + 1] == '-' {
                ranges.push((c, chars[i + 2]));
                i += 3;
            } else {
                ranges.push((c, c));
                i += 1;
            }
        }
        CharSet { negated, ranges }
    }

    fn contains(&self, c: char) -> bool {
        self.ranges.iter().any(|&(from, to)| from <= c && c <= to) != self.negated
    }
}
