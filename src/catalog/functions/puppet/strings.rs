//! String functions: case, white space, `camelcase`, `chomp`, `chop`,
//! `match`, `shellquote`, `split`, `regsubst`, `versioncmp`, and
//! `strftime` without a time (the time now, which pfacts does not know).
//! `sprintf` and `scanf` have files of their own.

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::{Regexp, Type, Value};
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
        ("camelcase", camelcase),
        ("chomp", chomp),
        ("chop", chop),
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
        .add("split", "String $str, String $pattern", split)
        .add("split", "String $str, Regexp $pattern", split)
        .add("split", "String $str, Type[Regexp] $pattern", split)
        .add(
            "match",
            "String $string, Variant[Any, Type] $pattern",
            |_, args| match_pattern(&args.get(0).to_text(), args.get(1)),
        )
        .add(
            "match",
            "Array[String] $string, Variant[Any, Type] $pattern",
            |_, args| {
                let Value::Array(items) = args.get(0) else {
                    return Ok(Value::Undef);
                };
                items
                    .iter()
                    .map(|item| match_pattern(&item.to_text(), args.get(1)))
                    .collect::<Result<Vec<Value>>>()
                    .map(Value::Array)
            },
        )
        .legacy("shellquote", -1, |_, args| {
            Ok(Value::Str(shellquote(&flatten(&args.values))))
        })
        .add(
            "versioncmp",
            "String $a, String $b, Boolean $ignore_trailing_zeroes?",
            |_, args| {
                Ok(Value::Integer(versioncmp(
                    &args.get(0).to_text(),
                    &args.get(1).to_text(),
                    args.get(2).is_truthy(),
                )))
            },
        )
        .add(
            "strftime",
            "Timespan $time_object, String $format",
            strftime,
        )
        .add(
            "strftime",
            "Timestamp $time_object, String $format, String $timezone?",
            strftime,
        )
        .add("strftime", "String $format, String $timezone?", strftime);
}

fn keep(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(args.get(0).clone())
}

/// `value` with `map` applied to its strings, also inside arrays and
/// hashes; numbers as they are. An iterator gives the array of what it
/// yields, mapped (Puppet's `map` of the Iterable).
fn mapped(value: &Value, map: fn(&str) -> String) -> Value {
    match value {
        Value::Str(text) => Value::Str(map(text)),
        Value::Array(items) => Value::Array(items.iter().map(|item| mapped(item, map)).collect()),
        Value::Iterator(iterator) => Value::Array(
            iterator
                .elements
                .iter()
                .map(|item| mapped(item, map))
                .collect(),
        ),
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

/// Ruby's `capitalize`: the first character upper case, the rest lower.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first
            .to_uppercase()
            .chain(chars.as_str().to_lowercase().chars())
            .collect(),
        None => String::new(),
    }
}

fn capitalize(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), capitalized))
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

fn camelcase(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), |text| {
        text.split('_').map(capitalized).collect()
    }))
}

/// Ruby's `chomp`: one line ending off the end (`\n`, `\r\n` or `\r`).
fn chomp(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), |text| {
        text.strip_suffix("\r\n")
            .or_else(|| text.strip_suffix('\n'))
            .or_else(|| text.strip_suffix('\r'))
            .unwrap_or(text)
            .to_string()
    }))
}

/// Ruby's `chop`: the last character off, or a `\r\n` ending.
fn chop(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(mapped(args.get(0), |text| {
        match text.strip_suffix("\r\n") {
            Some(rest) => rest.to_string(),
            None => {
                let mut chars = text.chars();
                chars.next_back();
                chars.as_str().to_string()
            }
        }
    }))
}

/// The match of `pattern` in `text` (the whole match, then each group),
/// undef when it does not match: a regexp, a string read as one, a
/// `Regexp[r]` or `Pattern[...]` type, an array of patterns (the first
/// that matches).
fn match_pattern(text: &str, pattern: &Value) -> Result<Value> {
    let matched = |regexp: &Regexp| -> Result<Value> {
        regexp.check().map_err(fault)?;
        Ok(regexp.captures(text).map_or(Value::Undef, |groups| {
            Value::Array(
                groups
                    .into_iter()
                    .map(|group| group.map_or(Value::Undef, Value::Str))
                    .collect(),
            )
        }))
    };
    match pattern {
        Value::Str(source) => matched(&Regexp::new(source.clone())),
        Value::Regex(regexp) => matched(regexp),
        Value::Array(patterns) => {
            for pattern in flatten(patterns) {
                let found = match_pattern(text, &pattern)?;
                if found != Value::Undef {
                    return Ok(found);
                }
            }
            Ok(Value::Undef)
        }
        Value::Type(ty) => match_type(text, &ty.resolved()),
        other => Err(fault(format!(
            "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], \
             or Array[T]. Got {}",
            crate::catalog::values::ruby::class_name(other)
        ))),
    }
}

fn match_type(text: &str, ty: &Type) -> Result<Value> {
    match ty {
        Type::Regexp(Some(regexp)) => match_pattern(text, &Value::Regex(regexp.clone())),
        Type::Regexp(None) => Err(fault("Given Regexp Type has no regular expression")),
        Type::Pattern(regexps) => {
            for regexp in regexps {
                let found = match_pattern(text, &Value::Regex(regexp.clone()))?;
                if found != Value::Undef {
                    return Ok(found);
                }
            }
            Ok(Value::Undef)
        }
        Type::Variant(members) => {
            for member in members {
                let found = match_type(text, &member.resolved())?;
                if found != Value::Undef {
                    return Ok(found);
                }
            }
            Ok(Value::Undef)
        }
        other => Err(fault(format!(
            "match() expects pattern of T, where T is String, Regexp, Regexp[r], Pattern[p], \
             or Array[T]. Got {}",
            type_class_name(other)
        ))),
    }
}

/// The Ruby class of a type (`Puppet::Pops::Types::PIntegerType`).
fn type_class_name(ty: &Type) -> String {
    let text = ty.to_string();
    let name = text.split('[').next().unwrap_or_default();
    format!("Puppet::Pops::Types::P{name}Type")
}

/// Quotes each word for a Bourne shell, joined by spaces: safe words as
/// they are, others in double quotes, or single quotes when they hold
/// what double quotes would expand, or escaped in double quotes when they
/// hold single quotes too.
fn shellquote(words: &[Value]) -> String {
    const SAFE: &str = "@%_+=:,./-";
    const DANGEROUS: &str = "!\"`$\\";
    words
        .iter()
        .map(|word| {
            let word = word.to_text();
            if !word.is_empty()
                && word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || SAFE.contains(c))
            {
                word
            } else if !word.chars().any(|c| DANGEROUS.contains(c)) {
                format!("\"{word}\"")
            } else if !word.contains('\'') {
                format!("'{word}'")
            } else {
                let mut quoted = String::from("\"");
                for c in word.chars() {
                    if DANGEROUS.contains(c) {
                        quoted.push('\\');
                    }
                    quoted.push(c);
                }
                quoted.push('"');
                quoted
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Ruby's `String#split` by a regexp: the text between matches and the
/// groups they capture; an empty match splits off one character; trailing
/// empty strings dropped.
fn split(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let regexp = match args.get(1) {
        Value::Regex(regexp) => regexp.clone(),
        Value::Type(ty) => match &**ty {
            Type::Regexp(Some(regexp)) => regexp.clone(),
            _ => Regexp::new(""),
        },
        other => Regexp::new(other.to_text()),
    };
    regexp.check().map_err(fault)?;
    let text = args.get(0).to_text();
    let mut parts: Vec<String> = Vec::new();
    let (mut begin, mut start, mut last_empty) = (0, 0, false);
    let char_len = |at: usize| text[at..].chars().next().map_or(1, char::len_utf8);
    while start <= text.len() {
        let Some(groups) = regexp.captures_at(&text, start) else {
            break;
        };
        let Some((match_start, match_end)) = groups[0] else {
            break;
        };
        if start == match_end && match_start == match_end {
            if text.is_empty() {
                parts.push(String::new());
                break;
            } else if last_empty {
                parts.push(text[begin..begin + char_len(begin)].to_string());
                begin = start;
            } else {
                start += if start < text.len() {
                    char_len(start)
                } else {
                    1
                };
                last_empty = true;
                continue;
            }
        } else {
            parts.push(text[begin..match_start].to_string());
            begin = match_end;
            start = match_end;
        }
        last_empty = false;
        for group in groups.iter().skip(1).flatten() {
            parts.push(text[group.0..group.1].to_string());
        }
    }
    if !text.is_empty() && text.len() > begin {
        parts.push(text[begin..].to_string());
    }
    while parts.last().is_some_and(String::is_empty) {
        parts.pop();
    }
    Ok(Value::Array(parts.into_iter().map(Value::Str).collect()))
}

/// Puppet's `versioncmp`: the versions in runs of digits, of other
/// characters, and separators (`-` before `.` before anything else);
/// numbers compare as numbers unless one has a leading zero, other runs
/// without regard to case; the versions as strings when one runs out.
fn versioncmp(a: &str, b: &str, ignore_trailing_zeroes: bool) -> i64 {
    let (a, b) = if ignore_trailing_zeroes {
        (without_trailing_zeroes(a), without_trailing_zeroes(b))
    } else {
        (a.to_string(), b.to_string())
    };
    let runs = |text: &str| -> Vec<String> {
        let mut runs: Vec<String> = Vec::new();
        let kind = |c: char| match c {
            '-' | '.' => 0,
            '0'..='9' => 1,
            _ => 2,
        };
        for c in text.chars() {
            match runs.last_mut() {
                Some(run) if kind(c) != 0 && run.chars().next().map(kind) == Some(kind(c)) => {
                    run.push(c)
                }
                _ => runs.push(c.to_string()),
            }
        }
        runs
    };
    let sign = |ordering: std::cmp::Ordering| ordering as i64;
    for (x, y) in runs(&a).iter().zip(&runs(&b)) {
        if x == y {
            continue;
        }
        for separator in ["-", "."] {
            if x == separator {
                return -1;
            }
            if y == separator {
                return 1;
            }
        }
        let digits = |run: &str| run.chars().all(|c| c.is_ascii_digit());
        if digits(x) && digits(y) && !x.starts_with('0') && !y.starts_with('0') {
            let number = |run: &str| -> (usize, String) { (run.len(), run.to_string()) };
            return sign(number(x).cmp(&number(y)));
        }
        return sign(x.to_uppercase().cmp(&y.to_uppercase()));
    }
    sign(a.as_bytes().cmp(b.as_bytes()))
}

/// A version without the dots and zeros that end its part before the
/// first `-` (Puppet's normalisation for `ignore_trailing_zeroes`).
fn without_trailing_zeroes(version: &str) -> String {
    let mut parts: Vec<&str> = version.split('-').collect();
    while parts.len() > 1 && parts.last() == Some(&"") {
        parts.pop();
    }
    let first = parts
        .first()
        .map(|part| part.trim_end_matches(['.', '0']).to_string())
        .unwrap_or_default();
    let mut joined = first;
    for part in parts.iter().skip(1) {
        joined.push('-');
        joined.push_str(part);
    }
    joined
}

/// `regsubst`: the first match, or every one with `G`, replaced as Ruby's
/// `sub` and `gsub` replace (`\0`, `\1`, `\&`, `\\` in the replacement;
/// with a hash, the match's entry); `I`, `M` and `E` are Ruby's flags.
fn regsubst(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let flags = match args.get(3) {
        Value::Str(flags) => flags.clone(),
        _ => String::new(),
    };
    let regexp = match args.get(1) {
        Value::Regex(regexp) => regexp.clone(),
        Value::Type(ty) => match &**ty {
            Type::Regexp(Some(regexp)) => regexp.clone(),
            _ => Regexp::new(""),
        },
        other => {
            let mut inline = String::new();
            for (flag, option) in [('I', 'i'), ('M', 's'), ('E', 'x')] {
                if flags.contains(flag) {
                    inline.push(option);
                }
            }
            let source = other.to_text();
            Regexp::new(if inline.is_empty() {
                source
            } else {
                format!("(?{inline}){source}")
            })
        }
    };
    regexp.check().map_err(fault)?;
    let global = flags.contains('G');
    let replacement = args.get(2);
    let substitute = |text: &str| -> String {
        let matches = if global {
            regexp.all_captures(text)
        } else {
            regexp.captures_at(text, 0).into_iter().collect()
        };
        let mut out = String::new();
        let mut last = 0;
        for groups in matches {
            let Some((start, end)) = groups[0] else {
                continue;
            };
            out.push_str(&text[last..start]);
            match replacement {
                Value::Hash(_) => {
                    let found = replacement.hash_get(&Value::string(&text[start..end]));
                    out.push_str(&found.map(Value::to_text).unwrap_or_default());
                }
                other => expand_replacement(&other.to_text(), text, &groups, &regexp, &mut out),
            }
            last = end;
        }
        out.push_str(&text[last..]);
        out
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

/// A Ruby replacement string for one match: `\0` and `\&` the match, `\1`
/// to `\9` its groups, `\k<name>` a named one, `` \` `` and `\'` the text
/// before and after it, `\\` a backslash; any other backslash stays.
fn expand_replacement(
    replacement: &str,
    text: &str,
    groups: &[Option<(usize, usize)>],
    regexp: &Regexp,
    out: &mut String,
) {
    let group = |index: usize| {
        groups
            .get(index)
            .copied()
            .flatten()
            .map_or("", |(start, end)| &text[start..end])
    };
    let mut chars = replacement.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some(digit @ '0'..='9') => {
                chars.next();
                out.push_str(group(digit as usize - '0' as usize));
            }
            Some('&') => {
                chars.next();
                out.push_str(group(0));
            }
            Some('`') => {
                chars.next();
                out.push_str(&text[..groups[0].map_or(0, |(start, _)| start)]);
            }
            Some('\'') => {
                chars.next();
                out.push_str(&text[groups[0].map_or(0, |(_, end)| end)..]);
            }
            Some('\\') => {
                chars.next();
                out.push('\\');
            }
            Some('k') => {
                let rest: String = chars.clone().collect();
                let named = rest
                    .strip_prefix("k<")
                    .and_then(|after| after.split_once('>'))
                    .and_then(|(name, _)| Some((name.len(), regexp.group_index(name)?)));
                match named {
                    Some((length, index)) => {
                        // `k<`, the name and `>`.
                        for _ in 0..length + 3 {
                            chars.next();
                        }
                        out.push_str(group(index));
                    }
                    None => out.push('\\'),
                }
            }
            _ => out.push('\\'),
        }
    }
}

/// `strftime` of a time pfacts has no value for, or of the time now
/// (with Puppet's deprecation of that form).
fn strftime(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let format = args.get(1).to_text();
    match args.get(0) {
        Value::Timespan(span) => {
            let format = crate::catalog::values::types::timespan::format::Format::parse(&format)
                .map_err(fault)?;
            return Ok(Value::Str(format.format(*span)));
        }
        Value::Timestamp(stamp) => {
            let timezone = args.opt(2).map(Value::to_text);
            return stamp
                .format(&format, timezone.as_deref())
                .map(Value::Str)
                .map_err(fault);
        }
        _ => {}
    }
    context.warn_once_at_call(
        "legacy#strftime",
        "The argument signature (String format, [String timezone]) is deprecated for \
         #strftime. See #strftime documentation and Timespan type for more info",
        false,
    );
    let shown: Vec<String> = args
        .values
        .iter()
        .map(crate::catalog::values::types::string::programmatic)
        .collect();
    Ok(context.unevaluated(
        format!("strftime({})", shown.join(", ")),
        "the time now is not known to pfacts",
    ))
}
