//! `sprintf`: Ruby's `format`, as Puppet's 3.x function calls it: flags
//! (`-+ 0#`), width and precision (numbers or `*`), references by name
//! (`%<a>d`, `%{a}`), and the conversions `b B d i u o x X e E f g G s p c %`.

use crate::catalog::functions::{fault, Registry};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry.legacy("sprintf", -2, |_, args| {
        format(&args.get(0).to_text(), &args.values[1..]).map(Value::Str)
    });
}

/// One directive's flags, width and precision.
#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    zero: bool,
    alternate: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

/// The arguments a format takes, in order or by name.
struct Arguments<'a> {
    values: &'a [Value],
    next: usize,
}

impl Arguments<'_> {
    fn next(&mut self) -> Result<Value> {
        let value = self
            .values
            .get(self.next)
            .cloned()
            .ok_or_else(|| fault("too few arguments"))?;
        self.next += 1;
        Ok(value)
    }

    fn named(&self, name: &str) -> Result<Value> {
        match self.values.first() {
            Some(hash @ Value::Hash(_)) => hash
                .hash_get(&Value::string(name))
                .cloned()
                .ok_or_else(|| fault(format!("key<{name}> not found"))),
            _ => Err(fault("one hash required")),
        }
    }
}

/// Ruby's `format(text, *values)`.
pub fn format(text: &str, values: &[Value]) -> Result<String> {
    let mut arguments = Arguments { values, next: 0 };
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec::default();
        let mut named: Option<Value> = None;
        let conversion = loop {
            let Some(c) = chars.next() else {
                return Err(fault(
                    "incomplete format specifier; use %% (double %) instead",
                ));
            };
            match c {
                '-' => spec.left = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '0' if spec.width.is_none() => spec.zero = true,
                '#' => spec.alternate = true,
                '1'..='9' | '0' => {
                    let mut number = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(digit) = chars.peek().and_then(|d| d.to_digit(10)) {
                        number = number * 10 + digit as usize;
                        chars.next();
                    }
                    spec.width = Some(number);
                }
                '*' => {
                    let width = integer(&arguments.next()?)?;
                    if width < 0 {
                        spec.left = true;
                    }
                    spec.width = Some(width.unsigned_abs() as usize);
                }
                '.' => {
                    let mut number = 0usize;
                    if chars.peek() == Some(&'*') {
                        chars.next();
                        number = integer(&arguments.next()?)?.max(0) as usize;
                    } else {
                        while let Some(digit) = chars.peek().and_then(|d| d.to_digit(10)) {
                            number = number * 10 + digit as usize;
                            chars.next();
                        }
                    }
                    spec.precision = Some(number);
                }
                '<' | '{' => {
                    let close = if c == '<' { '>' } else { '}' };
                    let name: String = chars.by_ref().take_while(|&n| n != close).collect();
                    let value = arguments.named(&name)?;
                    if c == '{' {
                        break Conversion::Text(value.to_text());
                    }
                    named = Some(value);
                }
                '%' => break Conversion::Percent,
                other => break Conversion::Letter(other),
            }
        };
        let text = match conversion {
            Conversion::Percent => "%".to_string(),
            Conversion::Text(text) => pad(text, &spec),
            Conversion::Letter(letter) => {
                let value = match named.take() {
                    Some(value) => value,
                    None => arguments.next()?,
                };
                convert(letter, &value, &spec)?
            }
        };
        out.push_str(&text);
    }
    Ok(out)
}

enum Conversion {
    Percent,
    /// `%{name}`: the value's text as it is.
    Text(String),
    Letter(char),
}

fn convert(letter: char, value: &Value, spec: &Spec) -> Result<String> {
    Ok(match letter {
        's' | 'p' => {
            let text = if letter == 's' {
                crate::catalog::values::ruby::to_s(value)
            } else {
                crate::catalog::values::ruby::inspect(value)
            };
            let text = match spec.precision {
                Some(precision) => text.chars().take(precision).collect(),
                None => text,
            };
            pad(text, spec)
        }
        'c' => {
            let text = match value {
                Value::Str(text) if text.chars().count() == 1 => text.clone(),
                Value::Str(_) => return Err(fault("%c requires a character")),
                other => char::from_u32(integer(other)? as u32)
                    .map(String::from)
                    .unwrap_or_default(),
            };
            pad(text, spec)
        }
        'd' | 'i' | 'u' => {
            let number = integer(value)?;
            let digits = number.unsigned_abs().to_string();
            let digits = match spec.precision {
                Some(precision) if digits.len() < precision => {
                    format!("{}{digits}", "0".repeat(precision - digits.len()))
                }
                _ => digits,
            };
            signed(number < 0, digits, "", spec)
        }
        'x' | 'X' | 'o' | 'b' | 'B' => based(letter, integer(value)?, spec),
        'f' | 'e' | 'E' | 'g' | 'G' => {
            let number = float(value)?;
            let precision = spec.precision.unwrap_or(6);
            let body = if !number.is_finite() {
                if number.is_nan() { "NaN" } else { "Inf" }.to_string()
            } else {
                match letter {
                    'f' => format!("{:.*}", precision, number.abs()),
                    'e' | 'E' => exponent(number.abs(), precision, letter == 'E'),
                    _ => general(number.abs(), precision, letter == 'G', spec.alternate),
                }
            };
            let negative = number.is_sign_negative() && !number.is_nan();
            signed(negative, body, "", spec)
        }
        other => return Err(fault(format!("malformed format string - %{other}"))),
    })
}

/// `digits` with the sign, a prefix, and padding to the width.
fn signed(negative: bool, digits: String, prefix: &str, spec: &Spec) -> String {
    let sign = if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    let body = format!("{sign}{prefix}{digits}");
    let width = spec.width.unwrap_or(0);
    let length = body.chars().count();
    if length >= width {
        body
    } else if spec.left {
        format!("{body}{}", " ".repeat(width - length))
    } else if spec.zero
        && spec
            .precision
            .is_none_or(|_| digits.contains(['.', 'e', 'E']))
    {
        format!("{sign}{prefix}{}{digits}", "0".repeat(width - length))
    } else {
        format!("{}{body}", " ".repeat(width - length))
    }
}

/// `text` padded with spaces to the width.
fn pad(text: String, spec: &Spec) -> String {
    let width = spec.width.unwrap_or(0);
    let length = text.chars().count();
    if length >= width {
        text
    } else if spec.left {
        format!("{text}{}", " ".repeat(width - length))
    } else {
        format!("{}{text}", " ".repeat(width - length))
    }
}

/// `%x`, `%o`, `%b`: a negative number with a sign flag is signed;
/// without one, Ruby writes its two's complement (`..f01`).
fn based(letter: char, number: i64, spec: &Spec) -> String {
    let (radix_digits, prefix) = match letter {
        'x' => (format!("{:x}", number.unsigned_abs()), "0x"),
        'X' => (format!("{:X}", number.unsigned_abs()), "0X"),
        'o' => (format!("{:o}", number.unsigned_abs()), "0"),
        'b' => (format!("{:b}", number.unsigned_abs()), "0b"),
        _ => (format!("{:b}", number.unsigned_abs()), "0B"),
    };
    let prefix = if spec.alternate && number != 0 {
        prefix
    } else {
        ""
    };
    if number >= 0 || spec.plus || spec.space {
        let digits = match spec.precision {
            Some(precision) if radix_digits.len() < precision => {
                format!(
                    "{}{radix_digits}",
                    "0".repeat(precision - radix_digits.len())
                )
            }
            _ => radix_digits,
        };
        return signed(number < 0, digits, prefix, spec);
    }
    let complement = match letter {
        'x' => format!("{number:x}"),
        'X' => format!("{number:X}"),
        'o' => format!("{:o}", number as u64),
        _ => format!("{number:b}"),
    };
    let top = complement.chars().next().unwrap_or('f');
    let trimmed = complement.trim_start_matches(top);
    let (top, digits) = match letter {
        // 64 bits are 22 octal digits, the first of them only 1 bit.
        'o' => ('7', complement[1..].trim_start_matches('7').to_string()),
        _ => (top, trimmed.to_string()),
    };
    let length = prefix.len() + 3 + digits.len();
    let width = spec.width.unwrap_or(0);
    // Zeros pad a two's complement with its top digit.
    let fill = if spec.zero && !spec.left && width > length {
        top.to_string().repeat(width - length)
    } else {
        String::new()
    };
    pad(format!("{prefix}..{top}{fill}{digits}"), spec)
}

/// C's `%e`: one digit, the fraction, and an exponent of two digits at
/// least.
fn exponent(number: f64, precision: usize, upper: bool) -> String {
    let text = format!("{number:.precision$e}");
    let (mantissa, power) = text.split_once('e').unwrap_or((&text, "0"));
    let power: i32 = power.parse().unwrap_or(0);
    let sign = if power < 0 { '-' } else { '+' };
    let e = if upper { 'E' } else { 'e' };
    format!("{mantissa}{e}{sign}{:02}", power.abs())
}

/// C's `%g`: `%e` for exponents below -4 or from the precision on, else
/// `%f`; trailing zeros dropped unless `#`.
fn general(number: f64, precision: usize, upper: bool, alternate: bool) -> String {
    let precision = precision.max(1);
    let power = if number == 0.0 {
        0
    } else {
        let text = format!("{:.*e}", precision - 1, number);
        text.split_once('e')
            .and_then(|(_, power)| power.parse::<i32>().ok())
            .unwrap_or(0)
    };
    let text = if power < -4 || power >= precision as i32 {
        exponent(number, precision - 1, upper)
    } else {
        format!(
            "{:.*}",
            (precision as i32 - 1 - power).max(0) as usize,
            number
        )
    };
    if alternate {
        return text;
    }
    let (mantissa, rest) = match text.find(['e', 'E']) {
        Some(at) => text.split_at(at),
        None => (text.as_str(), ""),
    };
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    format!("{mantissa}{rest}")
}

/// Ruby's `Integer(value)` as `format` takes it: numbers, and strings in
/// Ruby's integer syntax.
fn integer(value: &Value) -> Result<i64> {
    match value {
        Value::Integer(number) => Ok(*number),
        Value::Float(number) if number.is_finite() => Ok(number.trunc() as i64),
        Value::Str(text) => parse_integer(text).ok_or_else(|| {
            fault(format!(
                "invalid value for Integer(): {}",
                crate::catalog::values::ruby::inspect(value)
            ))
        }),
        Value::Undef => Err(fault("can't convert nil into Integer")),
        other => Err(fault(format!(
            "can't convert {} into Integer",
            crate::catalog::values::ruby::conversion_name(other)
        ))),
    }
}

/// Ruby's integer literal syntax: a sign, `0x`, `0b`, `0o` or `0`
/// prefixes, `_` between digits, white space around.
fn parse_integer(text: &str) -> Option<i64> {
    let text = text.trim();
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest.to_string())
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest.to_string())
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest.to_string())
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].trim_start_matches('_').to_string())
    } else {
        (10, lower.clone())
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let magnitude = i64::from_str_radix(&digits.replace('_', ""), radix).ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

/// Ruby's `Float(value)` as `format` takes it.
fn float(value: &Value) -> Result<f64> {
    match value {
        Value::Integer(number) => Ok(*number as f64),
        Value::Float(number) => Ok(*number),
        Value::Str(text) => {
            let cleaned = text.trim();
            let valid = regex::Regex::new(
                r"\A[-+]?(?:\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?|\.\d+)(?:[eE][-+]?\d+)?\z",
            )
            .expect("a valid pattern");
            if valid.is_match(cleaned) {
                return cleaned.replace('_', "").parse().map_err(|_| {
                    fault(format!(
                        "invalid value for Float(): {}",
                        crate::catalog::values::ruby::inspect(value)
                    ))
                });
            }
            parse_integer(cleaned)
                .map(|number| number as f64)
                .ok_or_else(|| {
                    fault(format!(
                        "invalid value for Float(): {}",
                        crate::catalog::values::ruby::inspect(value)
                    ))
                })
        }
        Value::Undef => Err(fault("can't convert nil into Float")),
        other => Err(fault(format!(
            "can't convert {} into Float",
            crate::catalog::values::ruby::conversion_name(other)
        ))),
    }
}
