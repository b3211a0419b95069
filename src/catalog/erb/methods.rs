//! Ruby's core methods that templates call, on strings, arrays, hashes and
//! numbers, and the `Kernel` conversions (`Array(x)`, `Integer(x)`).

use super::object::*;
use super::{unsupported, Result, Unsupported};

/// `Array(x)`, `String(x)`, `Integer(x)`, `Float(x)`.
pub(super) fn kernel(name: &str, args: &[Object]) -> Result<Object> {
    Ok(match (name, args) {
        ("Array", [Object::Nil]) => Object::Array(Vec::new()),
        ("Array", [Object::Array(items)]) => Object::Array(items.clone()),
        ("Array", [Object::Hash(entries)]) => Object::Array(
            entries
                .iter()
                .map(|(key, value)| Object::Array(vec![key.clone(), value.clone()]))
                .collect(),
        ),
        ("Array", [other]) => Object::Array(vec![other.clone()]),
        ("String", [value]) => Object::Str(to_s(value)),
        ("Integer", [Object::Integer(value)]) => Object::Integer(*value),
        ("Integer", [Object::Str(text)]) => Object::Integer(
            text.trim()
                .parse()
                .map_err(|_| Unsupported(format!("invalid value for Integer(): {text:?}")))?,
        ),
        ("Float", [value]) => match value {
            Object::Str(text) => Object::Float(
                text.trim()
                    .parse()
                    .map_err(|_| Unsupported(format!("invalid value for Float(): {text:?}")))?,
            ),
            other => Object::Float(
                number(other).ok_or_else(|| Unsupported("Float() of a non-number".to_string()))?,
            ),
        },
        // A template that raises fails in Puppet (the interpreter tells
        // its host): Ruby's message, the last argument's.
        ("raise", args) => {
            let message = args.last().map_or("unhandled exception".to_string(), to_s);
            return unsupported(message);
        }
        _ => return unsupported(format!("the method `{name}`")),
    })
}

pub(super) fn index(target: &Object, args: &[Object]) -> Result<Object> {
    Ok(match (target, args) {
        // `text[/re/]`, `text[/re/, n]`: the match, or its group.
        (Object::Str(text), [Object::Regex(pattern), rest @ ..]) if rest.len() <= 1 => {
            let group = match rest {
                [] => 0,
                [Object::Integer(group)] if *group >= 0 => *group as usize,
                _ => return unsupported("a regexp index with that group"),
            };
            compile(pattern)?
                .captures(text)
                .and_then(|captures| captures.get(group))
                .map_or(Object::Nil, |found| Object::Str(found.as_str().to_string()))
        }
        (Object::Hash(_), [key]) => target.hash_get(key).cloned().unwrap_or(Object::Nil),
        (Object::Array(items), [Object::Integer(position)]) => {
            let position = if *position < 0 {
                items.len() as i64 + position
            } else {
                *position
            };
            usize::try_from(position)
                .ok()
                .and_then(|position| items.get(position))
                .cloned()
                .unwrap_or(Object::Nil)
        }
        (Object::Str(text), [Object::Integer(position)]) => {
            let chars: Vec<char> = text.chars().collect();
            let position = if *position < 0 {
                chars.len() as i64 + position
            } else {
                *position
            };
            usize::try_from(position)
                .ok()
                .and_then(|position| chars.get(position))
                .map_or(Object::Nil, |c| Object::Str(c.to_string()))
        }
        (Object::Nil, _) => return unsupported("undefined method `[]' for nil:NilClass"),
        _ => return unsupported(format!("indexing a {}", class_of(target))),
    })
}

/// `target[start..end]` (`...`: the end excluded), negative positions
/// counted from the end.
pub(super) fn slice(
    target: &Object,
    start: &Object,
    end: &Object,
    exclusive: bool,
) -> Result<Object> {
    let (Object::Integer(start), Object::Integer(end)) = (start, end) else {
        return unsupported("a range of other than integers");
    };
    let length = match target {
        Object::Str(text) => text.chars().count(),
        Object::Array(items) => items.len(),
        other => return unsupported(format!("slicing a {}", class_of(other))),
    } as i64;
    let position = |at: i64| if at < 0 { length + at } else { at };
    let (start, mut end) = (position(*start), position(*end));
    if !exclusive {
        end += 1;
    }
    if start < 0 || start > length {
        return Ok(Object::Nil);
    }
    let end = end.clamp(start, length);
    let (start, end) = (start as usize, end as usize);
    Ok(match target {
        Object::Str(text) => Object::Str(text.chars().skip(start).take(end - start).collect()),
        Object::Array(items) => Object::Array(items[start..end].to_vec()),
        _ => unreachable!("checked above"),
    })
}

pub(super) fn int_arg(args: &[Object], position: usize) -> Result<i64> {
    match args.get(position) {
        Some(Object::Integer(value)) => Ok(*value),
        other => unsupported(format!("an integer argument, not {other:?}")),
    }
}

/// `\1` in a replacement, as the regex crate writes it.
pub(super) fn replacement(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(digit)) if digit.is_ascii_digit() => {
                out.push_str(&format!("${{{digit}}}"));
                chars.next();
            }
            ('$', _) => out.push_str("$$"),
            _ => out.push(c),
        }
    }
    out
}

/// The methods of Ruby's core classes that templates call.
pub(super) fn method(receiver: &Object, name: &str, args: &[Object]) -> Result<Object> {
    use Object::{Array, Bool, Hash, Integer, Nil, Str};
    // Any object.
    match (name, args) {
        ("nil?", []) => return Ok(Bool(*receiver == Nil)),
        ("to_s", []) => return Ok(Str(to_s(receiver))),
        ("inspect", []) => return Ok(Str(inspect(receiver))),
        // Psych's YAML, for the values Puppet gives a template.
        ("to_yaml", []) if is_plain(receiver) => {
            let value = receiver.to_puppet();
            return Ok(Str(crate::catalog::values::yaml::dump(
                &value,
                &Default::default(),
            )));
        }
        ("is_a?" | "kind_of?" | "instance_of?", [Object::Class(class)]) => {
            return Ok(Bool(is_a(receiver, class)))
        }
        ("==" | "eql?", [other]) => return Ok(Bool(equal(receiver, other))),
        ("dup" | "clone" | "freeze" | "to_str", []) => return Ok(receiver.clone()),
        ("respond_to?", _) => return unsupported("respond_to?"),
        _ => {}
    }
    Ok(match (receiver, name, args) {
        (Nil, "to_a", []) => Array(Vec::new()),
        (Nil, "to_i", []) => Integer(0),
        (Nil, ..) => {
            return unsupported(format!("undefined method `{name}' for nil:NilClass"));
        }
        (Str(text), ..) => string_method(text, name, args)?,
        (Array(items), ..) => array_method(items, name, args)?,
        (Hash(entries), ..) => hash_method(entries, name, args)?,
        (Integer(value), "to_i" | "to_int" | "floor" | "ceil" | "round" | "abs", []) => {
            Integer(if name == "abs" {
                value.checked_abs().ok_or_else(overflow)?
            } else {
                *value
            })
        }
        (Integer(value), "to_f", []) => Object::Float(*value as f64),
        (Integer(value), "zero?", []) => Bool(*value == 0),
        (Integer(value), "even?", []) => Bool(value % 2 == 0),
        (Integer(value), "odd?", []) => Bool(value % 2 != 0),
        (Object::Float(value), "to_i" | "floor" | "to_int", []) => Integer(value.floor() as i64),
        (Object::Float(value), "round", []) => Integer(value.round() as i64),
        (Object::Float(value), "ceil", []) => Integer(value.ceil() as i64),
        (Bool(value), "&", [other]) => Bool(*value && truthy(other)),
        (Object::Class(class), "escape" | "quote", [Str(text)]) if class == "Regexp" => {
            Str(crate::catalog::values::ruby::regexp_escape(text))
        }
        (Object::Class(class), "new", []) if class == "Hash" => Hash(Vec::new()),
        (Object::Class(class), "new", []) if class == "Array" => Array(Vec::new()),
        _ => return unsupported(format!("the method `{name}` of {}", class_of(receiver))),
    })
}

pub(super) fn string_method(text: &str, name: &str, args: &[Object]) -> Result<Object> {
    use Object::{Array, Bool, Integer, Str};
    Ok(match (name, args) {
        ("empty?", []) => Bool(text.is_empty()),
        ("length" | "size", []) => Integer(text.chars().count() as i64),
        ("chars", []) => Array(text.chars().map(|c| Str(c.to_string())).collect()),
        ("upcase", []) => Str(text.to_uppercase()),
        ("downcase", []) => Str(text.to_lowercase()),
        ("capitalize", []) => {
            let mut chars = text.chars();
            Str(match chars.next() {
                Some(first) => first
                    .to_uppercase()
                    .chain(chars.as_str().to_lowercase().chars())
                    .collect(),
                None => String::new(),
            })
        }
        ("strip", []) => Str(text
            .trim_matches(|c: char| c.is_whitespace() || c == '\0')
            .to_string()),
        ("lstrip", []) => Str(text.trim_start().to_string()),
        ("rstrip", []) => Str(text.trim_end().to_string()),
        ("chomp", []) => Str(text
            .strip_suffix("\r\n")
            .or_else(|| text.strip_suffix('\n'))
            .or_else(|| text.strip_suffix('\r'))
            .unwrap_or(text)
            .to_string()),
        ("chomp", [Object::Str(suffix)]) => Str(text
            .strip_suffix(suffix.as_str())
            .unwrap_or(text)
            .to_string()),
        ("to_i", []) => {
            let trimmed = text.trim_start();
            let digits: String = trimmed
                .char_indices()
                .take_while(|(position, c)| {
                    c.is_ascii_digit() || (*position == 0 && (*c == '-' || *c == '+'))
                })
                .map(|(_, c)| c)
                .collect();
            Integer(digits.parse().unwrap_or(0))
        }
        ("to_f", []) => Object::Float(text.trim().parse().unwrap_or(0.0)),
        ("to_sym", []) => symbol(text),
        ("include?", [Object::Str(part)]) => Bool(text.contains(part.as_str())),
        ("start_with?", [Object::Str(prefix)]) => Bool(text.starts_with(prefix.as_str())),
        ("end_with?", [Object::Str(suffix)]) => Bool(text.ends_with(suffix.as_str())),
        ("split", []) => Array(
            text.split_whitespace()
                .map(|part| Str(part.to_string()))
                .collect(),
        ),
        ("split", [Object::Str(separator)]) => {
            let mut parts: Vec<Object> = if separator == " " {
                text.split_whitespace()
                    .map(|part| Str(part.to_string()))
                    .collect()
            } else {
                text.split(separator.as_str())
                    .map(|part| Str(part.to_string()))
                    .collect()
            };
            while parts.last() == Some(&Str(String::new())) {
                parts.pop();
            }
            Array(parts)
        }
        ("split", [Object::Regex(pattern)]) => {
            let mut parts: Vec<Object> = compile(pattern)?
                .split(text)
                .map(|part| Str(part.to_string()))
                .collect();
            while parts.last() == Some(&Str(String::new())) {
                parts.pop();
            }
            Array(parts)
        }
        ("gsub" | "sub", [pattern, Object::Str(with)]) => {
            let regex = match pattern {
                Object::Regex(pattern) => compile(pattern)?,
                Object::Str(literal) => compile(&regex::escape(literal))?,
                other => return unsupported(format!("gsub of {other:?}")),
            };
            let with = replacement(with);
            Str(if name == "gsub" {
                regex.replace_all(text, with.as_str()).into_owned()
            } else {
                regex.replace(text, with.as_str()).into_owned()
            })
        }
        // A string pattern is read as a regexp, as Ruby's `Regexp.new`.
        ("match" | "match?", [Object::Regex(pattern) | Str(pattern)]) => {
            let found = compile(pattern)?.find(text);
            match (name, found) {
                ("match?", found) => Bool(found.is_some()),
                // The match data: true, and its text as its `to_s`; what
                // else it holds, pfacts does not read.
                (_, Some(found)) => Object::Opaque(found.as_str().to_string()),
                (_, None) => Object::Nil,
            }
        }
        ("ljust" | "rjust" | "center", [Object::Integer(width), rest @ ..]) => {
            let pad = match rest {
                [] => " ".to_string(),
                [Object::Str(pad)] if !pad.is_empty() => pad.clone(),
                _ => return unsupported(format!("{name} with that padding")),
            };
            let length = text.chars().count();
            let missing = usize::try_from(*width)
                .unwrap_or(0)
                .saturating_sub(length)
                .min(10_000);
            let padding = |count: usize| pad.chars().cycle().take(count).collect::<String>();
            Str(match name {
                "ljust" => format!("{text}{}", padding(missing)),
                "rjust" => format!("{}{text}", padding(missing)),
                _ => format!(
                    "{}{text}{}",
                    padding(missing / 2),
                    padding(missing - missing / 2)
                ),
            })
        }
        ("+", [Object::Str(other)]) => Str(format!("{text}{other}")),
        ("[]", [Object::Integer(_)]) => index(&Str(text.to_string()), args)?,
        ("index", [Object::Str(part)]) => match text.find(part.as_str()) {
            Some(at) => Integer(text[..at].chars().count() as i64),
            None => Object::Nil,
        },
        _ => return unsupported(format!("the method `{name}` of String")),
    })
}

pub(super) fn array_method(items: &[Object], name: &str, args: &[Object]) -> Result<Object> {
    use Object::{Array, Bool, Integer, Nil, Str};
    Ok(match (name, args) {
        ("empty?", []) => Bool(items.is_empty()),
        ("any?", []) => Bool(items.iter().any(truthy)),
        ("length" | "size" | "count", []) => Integer(items.len() as i64),
        ("count", [item]) => Integer(items.iter().filter(|x| equal(x, item)).count() as i64),
        ("first", []) => items.first().cloned().unwrap_or(Nil),
        ("last", []) => items.last().cloned().unwrap_or(Nil),
        ("first", [_]) => Array(
            items
                .iter()
                .take(int_arg(args, 0)?.max(0) as usize)
                .cloned()
                .collect(),
        ),
        ("join", []) => Str(join(items, "")),
        ("join", [Object::Str(separator)]) => Str(join(items, separator)),
        ("join", [Nil]) => Str(join(items, "")),
        ("sort", []) => {
            let mut sorted = items.to_vec();
            let mut failure = None;
            sorted.sort_by(|a, b| {
                compare(a, b).unwrap_or_else(|e| {
                    failure.get_or_insert(e);
                    std::cmp::Ordering::Equal
                })
            });
            if let Some(failure) = failure {
                return Err(failure);
            }
            Array(sorted)
        }
        ("reverse", []) => Array(items.iter().rev().cloned().collect()),
        ("uniq", []) => {
            let mut unique: Vec<Object> = Vec::new();
            for item in items {
                if !unique.contains(item) {
                    unique.push(item.clone());
                }
            }
            Array(unique)
        }
        ("compact", []) => Array(items.iter().filter(|x| **x != Nil).cloned().collect()),
        ("flatten", []) => Array(flatten(items, usize::MAX)),
        // `reduce(memo, :op)`, `reduce(:op)`: each item given to the
        // memo's method (`:+`, `:update`).
        ("reduce" | "inject", [.., Object::Symbol(op)]) if args.len() <= 2 => {
            let mut items = items.iter().cloned();
            let mut memo = match args {
                [memo, _] => memo.clone(),
                _ => items.next().unwrap_or(Object::Nil),
            };
            for item in items {
                memo = match op.as_str() {
                    "+" | "-" | "*" => binary(op, memo, item)?,
                    "update" | "merge" | "merge!" => method(&memo, "merge", &[item])?,
                    other => method(&memo, other, &[item])?,
                };
            }
            memo
        }
        ("flatten", [Integer(depth)]) => {
            Array(flatten(items, usize::try_from(*depth).unwrap_or(0)))
        }
        ("include?" | "member?", [item]) => Bool(items.iter().any(|x| equal(x, item))),
        ("index", [item]) => items
            .iter()
            .position(|x| equal(x, item))
            .map_or(Nil, |at| Integer(at as i64)),
        ("to_a" | "entries", []) => Array(items.to_vec()),
        ("min" | "max", []) => {
            let mut best: Option<&Object> = None;
            for item in items {
                best = Some(match best {
                    None => item,
                    Some(current) => {
                        let order = compare(item, current)?;
                        if (name == "min" && order.is_lt()) || (name == "max" && order.is_gt()) {
                            item
                        } else {
                            current
                        }
                    }
                });
            }
            best.cloned().unwrap_or(Nil)
        }
        ("sum", []) => {
            let mut total = Integer(0);
            for item in items {
                total = binary("+", total, item.clone())?;
            }
            total
        }
        ("[]", [Integer(_)]) => index(&Array(items.to_vec()), args)?,
        ("push", [item]) | ("<<", [item]) => {
            let mut pushed = items.to_vec();
            pushed.push(item.clone());
            Array(pushed)
        }
        ("zip", [Array(other)]) => Array(
            items
                .iter()
                .enumerate()
                .map(|(at, item)| Array(vec![item.clone(), other.get(at).cloned().unwrap_or(Nil)]))
                .collect(),
        ),
        ("to_h", []) => {
            let mut entries = Vec::new();
            for item in items {
                match item {
                    Array(pair) if pair.len() == 2 => {
                        hash_insert(&mut entries, pair[0].clone(), pair[1].clone())
                    }
                    _ => return unsupported("to_h of other than pairs"),
                }
            }
            Object::Hash(entries)
        }
        _ => return unsupported(format!("the method `{name}` of Array")),
    })
}

pub(super) fn hash_method(
    entries: &[(Object, Object)],
    name: &str,
    args: &[Object],
) -> Result<Object> {
    use Object::{Array, Bool, Hash, Integer, Nil};
    let hash = || Hash(entries.to_vec());
    let pairs = || -> Vec<Object> {
        entries
            .iter()
            .map(|(key, value)| Array(vec![key.clone(), value.clone()]))
            .collect()
    };
    Ok(match (name, args) {
        ("empty?", []) => Bool(entries.is_empty()),
        ("any?", []) => Bool(!entries.is_empty()),
        ("length" | "size" | "count", []) => Integer(entries.len() as i64),
        ("keys", []) => Array(entries.iter().map(|(key, _)| key.clone()).collect()),
        ("values", []) => Array(entries.iter().map(|(_, value)| value.clone()).collect()),
        ("key?" | "has_key?" | "include?" | "member?", [key]) => {
            Bool(entries.iter().any(|(existing, _)| existing == key))
        }
        ("has_value?" | "value?", [value]) => Bool(entries.iter().any(|(_, v)| equal(v, value))),
        ("[]", [key]) => hash().hash_get(key).cloned().unwrap_or(Nil),
        ("fetch", [key]) => match hash().hash_get(key) {
            Some(value) => value.clone(),
            None => return unsupported(format!("key not found: {}", inspect(key))),
        },
        ("fetch", [key, default]) => hash().hash_get(key).cloned().unwrap_or(default.clone()),
        ("dig", keys) if !keys.is_empty() => {
            let mut value = hash();
            for key in keys {
                value = match &value {
                    Hash(_) => value.hash_get(key).cloned().unwrap_or(Nil),
                    Array(_) => index(&value, std::slice::from_ref(key))?,
                    Nil => return Ok(Nil),
                    other => return unsupported(format!("dig into {}", class_of(other))),
                };
            }
            value
        }
        ("sort", []) => array_method(&pairs(), "sort", &[])?,
        ("to_a" | "entries", []) => Array(pairs()),
        ("to_h" | "to_hash", []) => hash(),
        ("merge", [Hash(other)]) => {
            let mut merged = entries.to_vec();
            for (key, value) in other {
                hash_insert(&mut merged, key.clone(), value.clone());
            }
            Hash(merged)
        }
        ("first", []) => pairs().into_iter().next().unwrap_or(Nil),
        _ => return unsupported(format!("the method `{name}` of Hash")),
    })
}

pub(super) fn binary(op: &str, left: Object, right: Object) -> Result<Object> {
    use Object::{Array, Float, Integer, Str};
    Ok(match (op, &left, &right) {
        ("==", ..) => Object::Bool(equal(&left, &right)),
        ("=~", Str(text), Object::Regex(pattern)) | ("=~", Object::Regex(pattern), Str(text)) => {
            match compile(pattern)?.find(text) {
                Some(found) => Integer(text[..found.start()].chars().count() as i64),
                None => Object::Nil,
            }
        }
        ("=~", Object::Nil, _) => Object::Nil,
        ("<=>", ..) => match compare(&left, &right) {
            Ok(order) => Integer(order as i64),
            Err(_) => Object::Nil,
        },
        ("<" | "<=" | ">" | ">=", ..) => {
            if !matches!((&left, &right), (Str(_), Str(_)))
                && (number(&left).is_none() || number(&right).is_none())
            {
                return unsupported(format!(
                    "comparison of {} with {} failed",
                    class_of(&left),
                    class_of(&right)
                ));
            }
            let order = compare(&left, &right)?;
            Object::Bool(match op {
                "<" => order.is_lt(),
                "<=" => order.is_le(),
                ">" => order.is_gt(),
                _ => order.is_ge(),
            })
        }
        ("+", Str(a), Str(b)) => Str(format!("{a}{b}")),
        ("+", Array(a), Array(b)) => Array(a.iter().chain(b).cloned().collect()),
        ("-", Array(a), Array(b)) => Array(a.iter().filter(|x| !b.contains(x)).cloned().collect()),
        ("<<", Str(a), Str(b)) => Str(format!("{a}{b}")),
        ("<<", Array(a), _) => {
            let mut items = a.clone();
            items.push(right.clone());
            Array(items)
        }
        ("*", Str(a), Integer(times)) if *times >= 0 && *times <= 10_000 => {
            Str(a.repeat(*times as usize))
        }
        ("*", Array(items), Str(separator)) => Str(join(items, separator)),
        ("%", Str(format), _) => Str(format_string(format, &right)?),
        (_, Integer(a), Integer(b)) => match op {
            "+" => Integer(a.checked_add(*b).ok_or_else(overflow)?),
            "-" => Integer(a.checked_sub(*b).ok_or_else(overflow)?),
            "*" => Integer(a.checked_mul(*b).ok_or_else(overflow)?),
            "/" | "%" if *b == 0 => return unsupported("divided by 0"),
            "/" | "%" => {
                // Ruby rounds the quotient down (towards minus infinity).
                let quotient = a.checked_div_euclid(*b).ok_or_else(overflow)?
                    - i64::from(*b < 0 && a.rem_euclid(*b) != 0);
                if op == "/" {
                    Integer(quotient)
                } else {
                    Integer(a.wrapping_sub(b.wrapping_mul(quotient)))
                }
            }
            _ => return unsupported(format!("`{op}` on integers")),
        },
        (_, Integer(_) | Float(_), Integer(_) | Float(_)) => {
            let (a, b) = (number(&left).unwrap_or(0.0), number(&right).unwrap_or(0.0));
            Float(match op {
                "+" => a + b,
                "-" => a - b,
                "*" => a * b,
                "/" => a / b,
                "%" => a - b * (a / b).floor(),
                _ => return unsupported(format!("`{op}` on floats")),
            })
        }
        _ => {
            return unsupported(format!(
                "`{op}` on {} and {}",
                class_of(&left),
                class_of(&right)
            ))
        }
    })
}

pub(super) fn overflow() -> Unsupported {
    Unsupported("integers past 64 bits".to_string())
}

/// `"%s:%d" % [a, b]`: the `%s`, `%d` and `%%` directives.
pub(super) fn format_string(format: &str, arguments: &Object) -> Result<String> {
    let arguments = match arguments {
        Object::Array(items) => items.clone(),
        single => vec![single.clone()],
    };
    let mut arguments = arguments.into_iter();
    let mut out = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('%') => out.push('%'),
            Some('s') => out.push_str(&to_s(&arguments.next().unwrap_or(Object::Nil))),
            Some('d') => match arguments.next() {
                Some(Object::Integer(value)) => out.push_str(&value.to_string()),
                Some(Object::Float(value)) => out.push_str(&(value.floor() as i64).to_string()),
                other => return unsupported(format!("%d of {other:?}")),
            },
            other => return unsupported(format!("the format directive %{other:?}")),
        }
    }
    Ok(out)
}

pub(super) fn flatten(items: &[Object], depth: usize) -> Vec<Object> {
    let mut flat = Vec::new();
    for item in items {
        match item {
            Object::Array(inner) if depth > 0 => flat.extend(flatten(inner, depth - 1)),
            other => flat.push(other.clone()),
        }
    }
    flat
}

/// `Array#join`: nested arrays joined too, nil as empty.
pub(super) fn join(items: &[Object], separator: &str) -> String {
    flatten(items, usize::MAX)
        .iter()
        .map(to_s)
        .collect::<Vec<_>>()
        .join(separator)
}

/// Whether an object is one of the values Puppet gives templates (no
/// symbols, classes or other Ruby objects), which Puppet's YAML writes.
fn is_plain(object: &Object) -> bool {
    match object {
        Object::Nil | Object::Bool(_) | Object::Integer(_) | Object::Float(_) | Object::Str(_) => {
            true
        }
        Object::Array(items) => items.iter().all(is_plain),
        Object::Hash(entries) => entries.iter().all(|(k, v)| is_plain(k) && is_plain(v)),
        _ => false,
    }
}
