//! Ruby's `Kernel#format`, as Puppet's `sprintf` calls it and as its
//! `StringConverter` hands it a format and one value: literal text, `%%`,
//! and directives of flags (`-+ 0#`), width and precision (numbers or `*`,
//! taken from the arguments), references by name into a hash (`%<a>d`,
//! `%{a}`) and a conversion (`d i u x X o b B`, `e E f g G a A`, `s p c`),
//! with Ruby's own readings (two's complement `..f01` for negative numbers
//! without a sign flag) and Ruby's words when it refuses (`malformed format
//! string - %[`).

use crate::catalog::values::ruby::{conversion_name, inspect_str};
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::Value;

/// The argument, as Ruby's `format` reads it for each conversion.
pub enum Arg<'a> {
    /// A Puppet integer.
    Int(i64),
    /// A Puppet float.
    Float(f64),
    /// A float's integer part (`Float#to_i`), which may exceed 64 bits.
    Truncated(f64),
    /// A UTF-8 string.
    Str(&'a str),
    /// A binary (ASCII-8BIT) string: `inspect` shows bytes as `\xFF`.
    Bytes(&'a [u8]),
    /// Any other value (time, version, sensitive): its `to_s`, `inspect`,
    /// `to_int` and `to_f`, as Puppet's classes define them; `%p` is
    /// Puppet's text of it.
    Value(&'a Value),
    /// A value as a Ruby function receives it (`sprintf`): `%p` is Ruby's
    /// `inspect`.
    Ruby(&'a Value),
}

impl<'a> Arg<'a> {
    /// A Puppet value as Ruby receives it from a function's arguments.
    pub fn ruby(value: &'a Value) -> Arg<'a> {
        match value {
            Value::Integer(n) => Arg::Int(*n),
            Value::Float(f) => Arg::Float(*f),
            Value::Str(text) => Arg::Str(text),
            other => Arg::Ruby(other),
        }
    }
}

impl Arg<'_> {
    /// `to_s`, for `%s`.
    fn to_s(&self) -> String {
        match self {
            Arg::Int(n) => n.to_string(),
            Arg::Float(f) => ruby_float(*f),
            Arg::Truncated(f) => Int::truncated(*f).map(|n| n.decimal()).unwrap_or_default(),
            Arg::Str(text) => text.to_string(),
            Arg::Bytes(bytes) => String::from_utf8_lossy(bytes).into_owned(),
            Arg::Value(value) => match value {
                Value::Sensitive(_) => "Sensitive [value redacted]".to_string(),
                Value::SemVerRange(range) => range.text().to_string(),
                other => crate::catalog::values::ruby::to_s(other),
            },
            Arg::Ruby(value) => crate::catalog::values::ruby::to_s(value),
        }
    }

    /// `inspect`, for `%p`.
    fn inspect(&self) -> String {
        match self {
            Arg::Str(text) => inspect_str(text),
            Arg::Bytes(bytes) => inspect_bytes(bytes),
            Arg::Value(value) => programmatic(value),
            Arg::Ruby(value) => crate::catalog::values::ruby::inspect(value),
            other => other.to_s(),
        }
    }

    /// `Integer(arg)`, for the integer conversions.
    fn integer(&self) -> Result<Int, String> {
        match self {
            Arg::Int(n) => Ok(Int::from(i128::from(*n))),
            Arg::Float(f) | Arg::Truncated(f) => Int::truncated(*f),
            Arg::Str(text) => crate::catalog::values::ruby::integer(text)
                .map(|n| Int::from(i128::from(n)))
                .ok_or_else(|| format!("invalid value for Integer(): {}", inspect_str(text))),
            Arg::Bytes(_) => Err("invalid value for Integer()".to_string()),
            // `to_int` of times: whole seconds, rounded down.
            Arg::Value(Value::Timespan(span)) | Arg::Ruby(Value::Timespan(span)) => {
                Ok(Int::from(span.0.div_euclid(NANOS)))
            }
            Arg::Value(Value::Timestamp(stamp)) | Arg::Ruby(Value::Timestamp(stamp)) => {
                Ok(Int::from(stamp.0.div_euclid(NANOS)))
            }
            Arg::Value(value) | Arg::Ruby(value) => Err(format!(
                "can't convert {} into Integer",
                conversion_name(value)
            )),
        }
    }

    /// `Float(arg)`, for the float conversions.
    fn float(&self) -> Result<f64, String> {
        match self {
            Arg::Int(n) => Ok(*n as f64),
            Arg::Float(f) | Arg::Truncated(f) => Ok(*f),
            Arg::Str(text) => crate::catalog::values::ruby::float(text)
                .ok_or_else(|| format!("invalid value for Float(): {}", inspect_str(text))),
            Arg::Bytes(_) => Err("invalid value for Float()".to_string()),
            Arg::Value(Value::Timespan(span)) | Arg::Ruby(Value::Timespan(span)) => {
                Ok(span.as_float())
            }
            Arg::Value(Value::Timestamp(stamp)) | Arg::Ruby(Value::Timestamp(stamp)) => {
                Ok(stamp.as_float())
            }
            Arg::Value(value) | Arg::Ruby(value) => Err(format!(
                "can't convert {} into Float",
                conversion_name(value)
            )),
        }
    }
}

const NANOS: i128 = 1_000_000_000;

/// Ruby's `String#inspect` of a binary string: bytes beyond ASCII as
/// `\xFF`.
fn inspect_bytes(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for (index, &byte) in bytes.iter().enumerate() {
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            0x0C => out.push_str("\\f"),
            0x0B => out.push_str("\\v"),
            0x08 => out.push_str("\\b"),
            0x07 => out.push_str("\\a"),
            0x1B => out.push_str("\\e"),
            b'#' if matches!(bytes.get(index + 1), Some(b'{' | b'$' | b'@')) => out.push_str("\\#"),
            0x20..=0x7E => out.push(byte as char),
            other => out.push_str(&format!("\\x{other:02X}")),
        }
    }
    out.push('"');
    out
}

/// An integer of any size: its sign, and its magnitude in binary (for
/// `%x %o %b`, and their two's complement) and in decimal.
struct Int {
    negative: bool,
    bits: String,
    decimal: String,
}

impl From<i128> for Int {
    fn from(n: i128) -> Int {
        Int {
            negative: n < 0,
            bits: format!("{:b}", n.unsigned_abs()),
            decimal: n.unsigned_abs().to_string(),
        }
    }
}

impl Int {
    /// `Float#to_i`: the integer part, exact however large.
    fn truncated(f: f64) -> Result<Int, String> {
        if f.is_nan() {
            return Err("NaN".to_string());
        }
        if f.is_infinite() {
            return Err(if f > 0.0 { "Infinity" } else { "-Infinity" }.to_string());
        }
        let whole = f.trunc();
        if whole.abs() < 1e38 {
            return Ok(Int::from(whole as i128));
        }
        // Beyond 128 bits: the float's mantissa, shifted by its exponent.
        let raw = whole.abs().to_bits();
        let exponent = ((raw >> 52) & 0x7FF) as i64 - 1075;
        let mantissa = (raw & ((1 << 52) - 1)) | (1 << 52);
        Ok(Int {
            negative: whole < 0.0,
            bits: format!("{mantissa:b}{}", "0".repeat(exponent.max(0) as usize)),
            decimal: format!("{:.0}", whole.abs()),
        })
    }

    fn decimal(&self) -> String {
        match self.negative && self.decimal != "0" {
            true => format!("-{}", self.decimal),
            false => self.decimal.clone(),
        }
    }

    fn is_zero(&self) -> bool {
        self.decimal == "0"
    }

    /// The magnitude's digits in `base` (2, 8, 10 or 16).
    fn digits(&self, base: u32) -> String {
        if base == 10 {
            return self.decimal.clone();
        }
        let digits = group(&self.bits, base, '0');
        let trimmed = digits.trim_start_matches('0');
        if trimmed.is_empty() {
            "0".to_string()
        } else {
            trimmed.to_string()
        }
    }

    /// Ruby's two's complement digits of a negative number in `base` (2,
    /// 8 or 16): one top digit of all ones (`f01` for -255), the rest
    /// implied by the `..` Ruby writes before them.
    fn complement(&self, base: u32) -> String {
        // 2^n - magnitude over n = its bits + 1: invert, then add one.
        let mut bits: Vec<u8> = std::iter::once(b'1')
            .chain(
                self.bits
                    .bytes()
                    .map(|b| if b == b'0' { b'1' } else { b'0' }),
            )
            .collect();
        for bit in bits.iter_mut().rev() {
            if *bit == b'0' {
                *bit = b'1';
                break;
            }
            *bit = b'0';
        }
        let top = digit_char(base - 1);
        let digits = group(&String::from_utf8(bits).unwrap_or_default(), base, '1');
        format!("{top}{}", digits.trim_start_matches(top))
    }
}

/// Binary digits as digits of `base` (2, 8 or 16), padded on the left
/// with `fill` to whole digits.
fn group(bits: &str, base: u32, fill: char) -> String {
    let width = base.trailing_zeros() as usize;
    let padding = (width - bits.len() % width) % width;
    let padded: Vec<u32> = std::iter::repeat_n(fill, padding)
        .chain(bits.chars())
        .map(|c| u32::from(c == '1'))
        .collect();
    padded
        .chunks(width)
        .map(|chunk| digit_char(chunk.iter().fold(0, |n, bit| n * 2 + bit)))
        .collect()
}

fn digit_char(n: u32) -> char {
    char::from_digit(n, 16).unwrap_or('0')
}

/// One directive's flags, width and precision.
#[derive(Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    zero: bool,
    sharp: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

/// The arguments a format takes: in order, or by name from one hash.
struct Arguments<'a, 'v> {
    args: &'a [Arg<'v>],
    next: usize,
}

impl<'a, 'v> Arguments<'a, 'v> {
    fn next(&mut self) -> Result<&'a Arg<'v>, String> {
        let arg = self.args.get(self.next).ok_or("too few arguments")?;
        self.next += 1;
        Ok(arg)
    }

    /// `%<name>` or `%{name}`: the entry of the one hash given.
    fn named(&self, name: &str) -> Result<&'v Value, String> {
        match self.args {
            [Arg::Ruby(hash @ Value::Hash(_))] | [Arg::Value(hash @ Value::Hash(_))] => hash
                .hash_get(&Value::string(name))
                .ok_or_else(|| format!("key<{name}> not found")),
            _ => Err("one hash required".to_string()),
        }
    }

    /// A width or precision given as `*`: the next argument, an integer.
    fn star(&mut self) -> Result<i64, String> {
        let n = self.next()?.integer()?;
        n.decimal()
            .parse::<i64>()
            .map_err(|_| "width too big".to_string())
    }
}

/// Ruby's `format(text, *args)`.
pub fn kernel_format(text: &str, args: &[Arg<'_>]) -> Result<String, String> {
    let mut arguments = Arguments { args, next: 0 };
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec::default();
        let mut named: Option<&Value> = None;
        let conversion = loop {
            let Some(c) = chars.next() else {
                return Err("incomplete format specifier; use %% (double %) instead".to_string());
            };
            match c {
                ' ' => spec.space = true,
                '#' => spec.sharp = true,
                '+' => spec.plus = true,
                '-' => spec.minus = true,
                '0' if spec.width.is_none() && spec.precision.is_none() => spec.zero = true,
                '1'..='9' => {
                    let mut number = c.to_digit(10).unwrap_or(0) as usize;
                    while let Some(digit) = chars.peek().and_then(|d| d.to_digit(10)) {
                        number = number.saturating_mul(10).saturating_add(digit as usize);
                        chars.next();
                    }
                    spec.width = Some(number);
                }
                '*' => {
                    let width = arguments.star()?;
                    spec.minus |= width < 0;
                    spec.width = Some(width.unsigned_abs() as usize);
                }
                '.' => {
                    let mut number = 0usize;
                    if chars.peek() == Some(&'*') {
                        chars.next();
                        number = arguments.star()?.max(0) as usize;
                    }
                    while let Some(digit) = chars.peek().and_then(|d| d.to_digit(10)) {
                        number = number.saturating_mul(10).saturating_add(digit as usize);
                        chars.next();
                    }
                    spec.precision = Some(number);
                }
                '<' | '{' => {
                    let close = if c == '<' { '>' } else { '}' };
                    if !chars.clone().any(|n| n == close) {
                        return Err("malformed name - unmatched parenthesis".to_string());
                    }
                    let name: String = chars.by_ref().take_while(|&n| n != close).collect();
                    let value = arguments.named(&name)?;
                    // `%{name}`: the value's text, padded; no conversion.
                    if c == '{' {
                        out.push_str(&pad(&Arg::ruby(value).to_s(), &spec));
                        break None;
                    }
                    named = Some(value);
                }
                // A line end or NUL after `%` is a literal `%`.
                '\n' | '\0' | '%' => break Some(c),
                c @ ('b' | 'B' | 'd' | 'i' | 'u' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g'
                | 'G' | 'a' | 'A' | 's' | 'p' | 'c') => break Some(c),
                c if !c.is_control() => return Err(format!("malformed format string - %{c}")),
                _ => return Err("malformed format string".to_string()),
            }
        };
        let Some(conversion) = conversion else {
            continue;
        };
        if matches!(conversion, '\n' | '\0' | '%') {
            let flagged = spec.minus || spec.plus || spec.space || spec.zero || spec.sharp;
            if flagged || spec.width.is_some() || spec.precision.is_some() {
                return Err("invalid format character - %".to_string());
            }
            out.push('%');
            if conversion != '%' {
                out.push(conversion);
            }
            continue;
        }
        let text = match named {
            Some(value) => directive(conversion, &spec, &Arg::ruby(value))?,
            None => directive(conversion, &spec, arguments.next()?)?,
        };
        out.push_str(&text);
    }
    Ok(out)
}

fn directive(conversion: char, spec: &Spec, arg: &Arg<'_>) -> Result<String, String> {
    Ok(match conversion {
        's' | 'p' => {
            let text = if conversion == 's' {
                arg.to_s()
            } else {
                arg.inspect()
            };
            let text = match spec.precision {
                Some(precision) => text.chars().take(precision).collect(),
                None => text,
            };
            pad(&text, spec)
        }
        'c' => {
            let text = match arg {
                Arg::Str(text) if text.chars().count() == 1 => text.to_string(),
                Arg::Str(_) => return Err("%c requires a character".to_string()),
                other => {
                    let code = other
                        .integer()?
                        .decimal()
                        .parse::<u32>()
                        .unwrap_or(u32::MAX);
                    char::from_u32(code).ok_or("invalid character")?.to_string()
                }
            };
            pad(&text, spec)
        }
        'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => floating(conversion, spec, arg.float()?),
        _ => integral(conversion, spec, &arg.integer()?),
    })
}

/// `text` padded with blanks to the width, on the right for `-`.
fn pad(text: &str, spec: &Spec) -> String {
    let missing = spec.width.unwrap_or(0).saturating_sub(text.chars().count());
    let blanks = " ".repeat(missing);
    if spec.minus {
        format!("{text}{blanks}")
    } else {
        format!("{blanks}{text}")
    }
}

/// `%d %i %u %x %X %o %b %B`, as Ruby's `sprintf.c` lays them out: the
/// sign or `..` of a two's complement, the `#` prefix, precision zeros
/// (or top digits), and blanks or zeros to the width.
fn integral(conversion: char, spec: &Spec, n: &Int) -> String {
    let base = match conversion {
        'o' => 8,
        'x' | 'X' => 16,
        'b' | 'B' => 2,
        _ => 10,
    };
    let signed = base == 10 || spec.plus || spec.space;
    let mut prefix = match (spec.sharp, conversion) {
        (true, 'o') => Some("0"),
        (true, 'x') => Some("0x"),
        (true, 'X') => Some("0X"),
        (true, 'b') => Some("0b"),
        (true, 'B') => Some("0B"),
        _ => None,
    };
    let mut width = spec.width.unwrap_or(0) as i64;
    let has_precision = spec.precision.is_some();
    let mut precision = spec.precision.map_or(-1, |p| p as i64);
    let mut sign = None;
    let mut dots = false;
    let mut digits = if signed {
        if n.negative && !n.is_zero() {
            sign = Some('-');
        } else if spec.plus {
            sign = Some('+');
        } else if spec.space {
            sign = Some(' ');
        }
        if sign.is_some() {
            width -= 1;
        }
        n.digits(base)
    } else if n.negative && !n.is_zero() {
        dots = true;
        n.complement(base)
    } else {
        n.digits(base)
    };
    if dots {
        precision -= 2;
        width -= 2;
    }
    if conversion == 'X' {
        digits = digits.to_uppercase();
    }
    let mut len = digits.len() as i64;
    let is_zero = digits == "0";
    if conversion == 'o' && prefix.is_some() {
        if dots {
            prefix = None;
        } else if is_zero {
            len = 0;
            if has_precision {
                precision -= 1;
            }
        } else if has_precision && precision > len {
            prefix = None;
        }
    } else if is_zero {
        prefix = None;
    }
    if let Some(prefix) = prefix {
        width -= prefix.len() as i64;
    }
    if spec.zero && !spec.minus && !has_precision {
        precision = width;
        width = 0;
    } else {
        if precision < len {
            if prefix.is_none() && precision == 0 && is_zero {
                len = 0;
            }
            precision = len;
        }
        width -= precision;
    }
    let mut out = String::new();
    if !spec.minus && width > 0 {
        out.push_str(&" ".repeat(width as usize));
    }
    if let Some(sign) = sign {
        out.push(sign);
    }
    if let Some(prefix) = prefix {
        out.push_str(prefix);
    }
    if dots {
        out.push_str("..");
    }
    if precision > len {
        // A two's complement is widened with its top digit.
        let fill = if dots {
            digits.chars().next()
        } else if !spec.minus || has_precision {
            Some('0')
        } else {
            None
        };
        if let Some(fill) = fill {
            out.push_str(&fill.to_string().repeat((precision - len) as usize));
        }
    }
    out.push_str(&digits[..len as usize]);
    if spec.minus && width > 0 {
        out.push_str(&" ".repeat(width as usize));
    }
    out
}

/// `%f %e %E %g %G %a %A`, as C's printf writes them (Ruby's own printf
/// does the same), and Ruby's `Inf` and `NaN`.
fn floating(conversion: char, spec: &Spec, value: f64) -> String {
    let negative = value.is_sign_negative() && !value.is_nan();
    let sign = if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    if !value.is_finite() {
        let body = if value.is_nan() { "NaN" } else { "Inf" };
        return pad(&format!("{sign}{body}"), spec);
    }
    let magnitude = value.abs();
    let upper = conversion.is_ascii_uppercase();
    let (prefix, body) = match conversion.to_ascii_lowercase() {
        'f' => {
            let precision = spec.precision.unwrap_or(6);
            let mut body = format!("{magnitude:.precision$}");
            if spec.sharp && precision == 0 {
                body.push('.');
            }
            ("", body)
        }
        'e' => (
            "",
            exponential(magnitude, spec.precision.unwrap_or(6), spec.sharp, upper),
        ),
        'g' => ("", general(magnitude, spec, upper)),
        _ => {
            let (body, exponent) = hexadecimal(magnitude, spec.precision, spec.sharp);
            let body = if upper { body.to_uppercase() } else { body };
            let p = if upper { 'P' } else { 'p' };
            let sign = if exponent < 0 { '-' } else { '+' };
            (
                if upper { "0X" } else { "0x" },
                format!("{body}{p}{sign}{}", exponent.abs()),
            )
        }
    };
    let length = sign.len() + prefix.len() + body.chars().count();
    let missing = spec.width.unwrap_or(0).saturating_sub(length);
    if spec.minus {
        format!("{sign}{prefix}{body}{}", " ".repeat(missing))
    } else if spec.zero {
        format!("{sign}{prefix}{}{body}", "0".repeat(missing))
    } else {
        format!("{}{sign}{prefix}{body}", " ".repeat(missing))
    }
}

/// `%e` of a magnitude: one digit, the fraction, an exponent of two digits
/// at least.
fn exponential(magnitude: f64, precision: usize, sharp: bool, upper: bool) -> String {
    let text = format!("{magnitude:.precision$e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let point = if sharp && !mantissa.contains('.') {
        "."
    } else {
        ""
    };
    let e = if upper { 'E' } else { 'e' };
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}{point}{e}{sign}{:02}", exponent.abs())
}

/// `%g`: `%e` when the exponent is below -4 or not below the precision,
/// else `%f`; trailing zeros dropped unless `#`.
fn general(magnitude: f64, spec: &Spec, upper: bool) -> String {
    let precision = spec.precision.unwrap_or(6).max(1);
    let exponent = if magnitude == 0.0 {
        0
    } else {
        let rounded = format!("{:.*e}", precision - 1, magnitude);
        rounded
            .split_once('e')
            .and_then(|(_, exponent)| exponent.parse::<i64>().ok())
            .unwrap_or(0)
    };
    let (mut mantissa, suffix) = if exponent < -4 || exponent >= precision as i64 {
        let text = exponential(magnitude, precision - 1, spec.sharp, upper);
        let at = text.find(['e', 'E']).unwrap_or(text.len());
        (text[..at].to_string(), text[at..].to_string())
    } else {
        let decimals = (precision as i64 - 1 - exponent).max(0) as usize;
        let mut text = format!("{magnitude:.decimals$}");
        if spec.sharp && !text.contains('.') {
            text.push('.');
        }
        (text, String::new())
    };
    if !spec.sharp && mantissa.contains('.') {
        mantissa = mantissa
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string();
    }
    format!("{mantissa}{suffix}")
}

/// `%a` of a magnitude: its hexadecimal digits (`1.8`, normalized, the
/// fraction rounded half to even at the precision) and binary exponent.
fn hexadecimal(magnitude: f64, precision: Option<usize>, sharp: bool) -> (String, i64) {
    let (mut mantissa, mut exponent) = if magnitude == 0.0 {
        (0u64, 0i64)
    } else {
        let raw = magnitude.to_bits();
        let biased = ((raw >> 52) & 0x7FF) as i64;
        let fraction = raw & ((1 << 52) - 1);
        if biased == 0 {
            // Subnormal: shifted up until its leading bit is the 53rd.
            let shift = fraction.leading_zeros() as i64 - 11;
            (fraction << shift, -1022 - shift)
        } else {
            (fraction | (1 << 52), biased - 1023)
        }
    };
    // 52 fraction bits are 13 hexadecimal digits.
    let mut digits = 13usize;
    if let Some(precision) = precision.filter(|&p| p < 13) {
        let shift = 4 * (13 - precision) as u32;
        let kept = mantissa >> shift;
        let rest = mantissa & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        let mut rounded = kept;
        if rest > half || (rest == half && kept & 1 == 1) {
            rounded += 1;
        }
        if rounded >> (4 * precision as u32) >= 2 {
            // Rounded up to 2: one more power of two.
            rounded >>= 1;
            exponent += 1;
        }
        mantissa = rounded;
        digits = precision;
    }
    let lead = mantissa >> (4 * digits as u32);
    let fraction = mantissa & ((1u64 << (4 * digits as u32)) - 1);
    let mut text = if digits == 0 {
        String::new()
    } else {
        format!("{fraction:0digits$x}")
    };
    match precision {
        None => text = text.trim_end_matches('0').to_string(),
        Some(precision) if precision > digits => text.push_str(&"0".repeat(precision - digits)),
        _ => {}
    }
    let point = if !text.is_empty() || sharp { "." } else { "" };
    (format!("{lead}{point}{text}"), exponent)
}

#[cfg(test)]
mod tests {
    use super::{kernel_format, Arg};

    #[test]
    fn formats_as_ruby_does() {
        for (format, value, expected) in [
            ("%x", -255, "..f01"),
            ("%08x", -255, "..ffff01"),
            ("%10.6x", -255, "    ..ff01"),
            ("%#o", 0, "0"),
            ("%.0d", 0, ""),
            ("%5.3d", -7, " -007"),
            ("%-05d", 42, "42   "),
            ("%#b", -5, "0b..1011"),
        ] {
            assert_eq!(kernel_format(format, &[Arg::Int(value)]).unwrap(), expected);
        }
        for (format, value, expected) in [
            ("%.0a", 1.5, "0x1p+1"),
            ("%010a", -1.5, "-0x01.8p+0"),
            ("%#g", 100000.0, "100000."),
            ("%.3g", 1234.5, "1.23e+03"),
            ("%#.0e", 3.0, "3.e+00"),
        ] {
            assert_eq!(
                kernel_format(format, &[Arg::Float(value)]).unwrap(),
                expected
            );
        }
    }
}
