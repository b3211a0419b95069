//! Numbers and truth: `any2bool`, `bool2num`, `bool2str`, `num2bool`,
//! `str2bool`, `clamp`, `convert_base`, `to_bytes`, `range`.

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::{self, legacy_args};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::{Regexp, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry, _version: Version) {
    registry
        .legacy("any2bool", -1, any2bool)
        .legacy("bool2num", -1, |_, args| {
            let args = legacy_args(&args.values);
            let Some(value) = args.first() else {
                return Err(fault(
                    "bool2num(): Wrong number of arguments given (0 for 1)",
                ));
            };
            Ok(Value::Integer(i64::from(str2bool_of(value)?)))
        })
        .legacy("bool2str", -1, bool2str)
        .legacy("num2bool", -1, |_, args| {
            let args = legacy_args(&args.values);
            if args.len() != 1 {
                return Err(fault(format!(
                    "num2bool(): Wrong number of arguments given ({} for 1)",
                    args.len()
                )));
            }
            num2bool(&args[0]).map(Value::Bool)
        })
        .legacy("str2bool", -1, |_, args| {
            let args = legacy_args(&args.values);
            let Some(value) = args.first() else {
                return Err(fault(
                    "str2bool(): Wrong number of arguments given (0 for 1)",
                ));
            };
            str2bool_of(value).map(Value::Bool)
        })
        .legacy("clamp", -2, clamp)
        .legacy("convert_base", 2, convert_base)
        .legacy("to_bytes", -1, to_bytes);
}

/// stdlib's `str2bool`: a boolean as it is; the words of truth and
/// falsehood (`y`, `no`, `1`, `''`, any case) for a string.
pub fn str2bool_of(value: &Value) -> Result<bool> {
    let text = match value {
        Value::Bool(value) => return Ok(*value),
        Value::Str(text) => text,
        _ => return Err(fault("str2bool(): Requires string to work with")),
    };
    let matches = |pattern: &str| Regexp::new(pattern).is_match(text);
    if text.is_empty() || matches("^$") {
        Ok(false)
    } else if matches("(?i)^(1|t|y|true|yes)$") {
        Ok(true)
    } else if matches("(?i)^(0|f|n|false|no)$") || matches("^(undef|undefined)$") {
        Ok(false)
    } else {
        Err(fault("str2bool(): Unknown type of boolean given"))
    }
}

/// stdlib's `num2bool`: whether the number (a string read as a float) is
/// positive once made an integer.
fn num2bool(value: &Value) -> Result<bool> {
    let number = match value {
        Value::Integer(value) => *value,
        Value::Float(value) => value.trunc() as i64,
        Value::Str(text) => match ruby::float(text) {
            Some(number) => number.trunc() as i64,
            None => {
                return Err(fault(format!(
                "num2bool(): '{text}' does not look like a number: invalid value for Float(): {}",
                ruby::inspect_str(text)
            )))
            }
        },
        other => ruby::to_i(&ruby::to_s(other)),
    };
    Ok(number > 0)
}

fn any2bool(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let Some(value) = args.first() else {
        return Err(fault(
            "any2bool(): Wrong number of arguments given (0 for 1)",
        ));
    };
    Ok(Value::Bool(match value {
        Value::Bool(value) => *value,
        Value::Undef => false,
        Value::Integer(_) | Value::Float(_) => num2bool(value)?,
        Value::Str(text) if ruby::float(text).is_some() => num2bool(value)?,
        Value::Str(_) => str2bool_of(value)?,
        _ => true,
    }))
}

fn bool2str(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 1 && args.len() != 3 {
        return Err(fault(format!(
            "bool2str(): Wrong number of arguments given ({} for 3)",
            args.len()
        )));
    }
    let Value::Bool(value) = args[0] else {
        return Err(fault("bool2str(): Requires a boolean to work with"));
    };
    // Ruby's `args[1] || 'true'`: only nil and false fall back.
    let choose = |index: usize, default: &str| match args.get(index) {
        None | Some(Value::Undef | Value::Bool(false)) => Value::string(default),
        Some(other) => other.clone(),
    };
    let (yes, no) = (choose(1, "true"), choose(2, "false"));
    if !matches!((&yes, &no), (Value::Str(_), Value::Str(_))) {
        return Err(fault("bool2str(): Requires strings to convert to"));
    }
    Ok(if value { yes } else { no })
}

fn clamp(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = flatten(&legacy_args(&args.values));
    if args.len() != 3 {
        return Err(fault(
            "clamp(): Wrong number of arguments, need three to clamp",
        ));
    }
    let mut numbers = Vec::new();
    for value in &args {
        numbers.push(match value {
            Value::Str(text) => {
                if !Regexp::new(r"^\d+$").is_match(text) {
                    return Err(fault(format!(
                        "clamp(): Required explicit numeric ({text}:String)"
                    )));
                }
                ruby::to_i(text)
            }
            Value::Hash(_) => {
                return Err(fault(format!(
                    "clamp(): The Hash type is not allowed ({})",
                    ruby::to_s(value)
                )))
            }
            Value::Integer(value) => *value,
            Value::Float(value) => value.trunc() as i64,
            Value::Undef => 0,
            other => return Err(fault(ruby::no_method("to_i", other))),
        });
    }
    numbers.sort_unstable();
    Ok(Value::Integer(numbers[1]))
}

fn convert_base(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let is_number = |v: &Value| matches!(v, Value::Integer(_) | Value::Str(_));
    if !is_number(&args[0]) {
        return Err(fault(
            "convert_base(): First argument must be either a string or an integer",
        ));
    }
    if !is_number(&args[1]) {
        return Err(fault(
            "convert_base(): Second argument must be either a string or an integer",
        ));
    }
    let digits = Regexp::new("^[0-9]+$");
    for value in &args[..2] {
        if matches!(value, Value::Str(text) if !digits.is_match(text)) {
            return Err(fault(
                "convert_base(): First argument must be an integer or a string corresponding to an integer in base 10",
            ));
        }
    }
    let number = ruby::value_to_i(&args[0]);
    let base = ruby::value_to_i(&args[1]);
    if !(2..=36).contains(&base) {
        return Err(fault(
            "convert_base(): base must be at least 2 and must not be greater than 36",
        ));
    }
    Ok(Value::Str(radix(number, base as u32)))
}

/// Ruby's `Integer#to_s(base)`: lower-case digits, a minus sign.
fn radix(number: i64, base: u32) -> String {
    let mut magnitude = number.unsigned_abs();
    let mut digits = Vec::new();
    loop {
        let digit = (magnitude % u64::from(base)) as u32;
        digits.push(std::char::from_digit(digit, base).unwrap_or('0'));
        magnitude /= u64::from(base);
        if magnitude == 0 {
            break;
        }
    }
    if number < 0 {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

fn to_bytes(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 1 {
        return Err(fault(format!(
            "to_bytes(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    let text = match &args[0] {
        Value::Integer(_) | Value::Float(_) => return Ok(args[0].clone()),
        Value::Str(text) => text,
        other => return Err(super::no_string(other)),
    };
    let number_end = text
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | '+' | '-')))
        .unwrap_or(text.len());
    let value = ruby::to_f(&text[..number_end]);
    let rest = text[number_end..].trim_start_matches([' ', '\t', '\n', '\x0B', '\x0C', '\r']);
    let prefix = rest.chars().next().filter(|c| !matches!(c, 'b' | 'B'));
    let shift = match prefix {
        None => 0,
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('P') => 50,
        Some('E') => 60,
        Some(other) => {
            return Err(fault(format!("to_bytes(): Unknown prefix {other}")));
        }
    };
    Ok(Value::Integer((value * (1u64 << shift) as f64) as i64))
}

/// How far `range` goes: Ruby's `first(1_000_000)`.
const RANGE_LIMIT: usize = 1_000_000;

/// `range(a, b, step)` or `range('a..b')`: integers when the start is
/// digits, else strings, stepping as Ruby's `Range#step` does.
pub fn range(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let (start, stop, exclusive, step) = match args.as_slice() {
        [] => return Err(fault("range(): Wrong number of arguments given (0 for 1)")),
        [value] => {
            let Value::Str(text) = value else {
                return Err(fault(ruby::no_method("match", value)));
            };
            static FORM: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
                regex::Regex::new(r"(?m)^(\w+)(\.\.\.?|-)(\w+)$").expect("a valid pattern")
            });
            match FORM.captures(text) {
                Some(parts) => (
                    Value::string(&parts[1]),
                    Value::string(&parts[3]),
                    &parts[2] == "...",
                    1,
                ),
                None if Regexp::new("^.+$").is_match(text) => {
                    return Err(fault(format!(
                        "range(): Unable to compute range from the value: {text}"
                    )))
                }
                None => return Err(fault(format!("range(): Unknown range format: {text}"))),
            }
        }
        [start, stop, rest @ ..] => {
            let step = match rest.first() {
                None | Some(Value::Undef) => 1,
                Some(step) => match step {
                    Value::Integer(_) | Value::Float(_) | Value::Str(_) => {
                        ruby::value_to_i(step).abs()
                    }
                    other => return Err(fault(ruby::no_method("to_i", other))),
                },
            };
            if step == 0 {
                return Err(fault(
                    "range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)",
                ));
            }
            (start.clone(), stop.clone(), false, step)
        }
    };
    let start_text = ruby::to_s(&start);
    if !start_text.is_empty() && start_text.bytes().all(|b| b.is_ascii_digit()) {
        let from = integer_of(&start)?;
        let to = integer_of(&stop)?;
        let end = if exclusive { to - 1 } else { to };
        let mut values = Vec::new();
        let mut at = from;
        while at <= end && values.len() < RANGE_LIMIT {
            values.push(Value::Integer(at));
            at = match at.checked_add(step) {
                Some(next) => next,
                None => break,
            };
        }
        return Ok(Value::Array(values));
    }
    let stop_text = ruby::to_s(&stop);
    let all = string_range(&start_text, &stop_text, exclusive);
    Ok(Value::Array(
        all.into_iter()
            .step_by(step as usize)
            .take(RANGE_LIMIT)
            .map(Value::Str)
            .collect(),
    ))
}

/// `value.to_i` for a range's bounds.
fn integer_of(value: &Value) -> Result<i64> {
    match value {
        Value::Integer(_) | Value::Float(_) | Value::Str(_) => Ok(ruby::value_to_i(value)),
        Value::Undef => Ok(0),
        other => Err(fault(ruby::no_method("to_i", other))),
    }
}

/// Ruby's `String#upto`: single characters by code, digit strings as
/// numbers of their width, anything else by `succ` until the end, or
/// until the string grows longer than the end.
fn string_range(start: &str, stop: &str, exclusive: bool) -> Vec<String> {
    let mut values = Vec::new();
    if start.len() == 1 && stop.len() == 1 && start.is_ascii() && stop.is_ascii() {
        let (from, to) = (start.as_bytes()[0], stop.as_bytes()[0]);
        if from > to || (exclusive && from == to) {
            return values;
        }
        let end = if exclusive { to - 1 } else { to };
        return (from..=end).map(|b| (b as char).to_string()).collect();
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(start) && digits(stop) {
        let width = start.len();
        if let (Ok(from), Ok(to)) = (start.parse::<u64>(), stop.parse::<u64>()) {
            let end = if exclusive {
                to.checked_sub(1)
            } else {
                Some(to)
            };
            if let Some(end) = end {
                let mut at = from;
                while at <= end && values.len() < RANGE_LIMIT {
                    values.push(format!("{at:0width$}"));
                    at += 1;
                }
            }
            return values;
        }
    }
    if start > stop && start.len() >= stop.len() || start.len() > stop.len() {
        return values;
    }
    let mut current = start.to_string();
    loop {
        let last = current == stop;
        if last && exclusive {
            break;
        }
        values.push(current.clone());
        if last || values.len() >= RANGE_LIMIT {
            break;
        }
        current = succ(&current);
        if current.len() > stop.len() {
            break;
        }
    }
    values
}

/// Ruby's `String#succ`: the rightmost alphanumeric incremented, carrying
/// leftwards within its kind (`az` → `ba`, `zz` → `aaa`, `a9` → `b0`).
pub fn succ(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    let alnum = |c: char| c.is_ascii_alphanumeric();
    let Some(mut index) = chars.iter().rposition(|&c| alnum(c)) else {
        // No alphanumerics: the last character's code goes up.
        let last = chars.len() - 1;
        chars[last] = char::from_u32(chars[last] as u32 + 1).unwrap_or(chars[last]);
        return chars.into_iter().collect();
    };
    loop {
        let (next, carry) = match chars[index] {
            'z' => ('a', Some('a')),
            'Z' => ('A', Some('A')),
            '9' => ('0', Some('1')),
            c => ((c as u8 + 1) as char, None),
        };
        chars[index] = next;
        let Some(insert) = carry else { break };
        match chars[..index].iter().rposition(|&c| alnum(c)) {
            Some(previous) => index = previous,
            None => {
                chars.insert(index, insert);
                break;
            }
        }
    }
    chars.into_iter().collect()
}

/// A float as Ruby's `to_s` writes it, for messages.
pub fn float_text(value: f64) -> String {
    ruby_float(value)
}

#[cfg(test)]
mod tests {
    #[test]
    fn strings_succeed_as_in_ruby() {
        assert_eq!(super::succ("az"), "ba");
        assert_eq!(super::succ("zz"), "aaa");
        assert_eq!(super::succ("a9"), "b0");
        assert_eq!(super::succ("Zz"), "AAa");
        assert_eq!(super::radix(255, 16), "ff");
        assert_eq!(super::radix(-5, 2), "-101");
    }
}
