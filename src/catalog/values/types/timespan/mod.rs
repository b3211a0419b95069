//! Timespans: a signed duration in nanoseconds (`Timespan('1-03:04:05')`,
//! `Timespan({hours => 3})`), Puppet's `Time::Timespan`. It counts as
//! seconds where it meets numbers (arithmetic, comparison); its text is
//! Puppet's own format language (`format`).

pub mod format;

use std::cmp::Ordering;

use super::timestamp::Timestamp;
use crate::catalog::values::Value;

pub const NANOS_PER_MICRO: i128 = 1_000;
pub const NANOS_PER_MILLI: i128 = 1_000_000;
pub const NANOS_PER_SECOND: i128 = 1_000_000_000;
pub const NANOS_PER_MINUTE: i128 = NANOS_PER_SECOND * 60;
pub const NANOS_PER_HOUR: i128 = NANOS_PER_MINUTE * 60;
pub const NANOS_PER_DAY: i128 = NANOS_PER_HOUR * 24;

/// A duration, in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timespan(pub i128);

/// The keys of a timespan's hash form, with the nanoseconds of one unit.
pub const FIELDS: [(&str, i128); 7] = [
    ("days", NANOS_PER_DAY),
    ("hours", NANOS_PER_HOUR),
    ("minutes", NANOS_PER_MINUTE),
    ("seconds", NANOS_PER_SECOND),
    ("milliseconds", NANOS_PER_MILLI),
    ("microseconds", NANOS_PER_MICRO),
    ("nanoseconds", 1),
];

impl Timespan {
    /// `seconds` (an Integer or a Float) as a timespan; Ruby's `to_i`
    /// truncates the nanoseconds of a Float.
    pub fn from_seconds(seconds: &Value) -> Option<Timespan> {
        nanoseconds_of(seconds).map(Timespan)
    }

    /// The sum of fields (`days`, `hours`, ...), negated when `negative`.
    pub fn from_fields(negative: bool, fields: &[(i128, i128)]) -> Timespan {
        let total: i128 = fields.iter().map(|(count, unit)| count * unit).sum();
        Timespan(if negative { -total } else { total })
    }

    /// Puppet's `Timespan.from_hash`: `{string => ..., format => ...}`,
    /// or fields (`{days => 1, hours => 2, negative => true}`).
    pub fn from_hash(entries: &[(Value, Value)]) -> Result<Timespan, String> {
        let get = |key: &str| Value::entry(entries, key);
        if let Some(text) = get("string") {
            let text = text.to_text();
            return match get("format") {
                None | Some(Value::Undef) => format::parse_default(&text),
                Some(formats) => format::parse_with(&text, &format_list(formats)),
            };
        }
        let mut fields = Vec::with_capacity(FIELDS.len());
        for (name, unit) in FIELDS {
            match get(name) {
                None | Some(Value::Undef) => {}
                Some(Value::Integer(count)) => fields.push((i128::from(*count), unit)),
                Some(other) => {
                    return Err(format!(
                        "Timespan field '{name}' expects an Integer value, got {}",
                        crate::catalog::values::display::label(other)
                    ))
                }
            }
        }
        Ok(Timespan::from_fields(
            get("negative").is_some_and(Value::is_truthy),
            &fields,
        ))
    }

    pub fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// The magnitude in nanoseconds.
    pub fn total_nanoseconds(self) -> i128 {
        self.0.abs()
    }

    /// Whole units of `unit` nanoseconds in the magnitude.
    pub fn total(self, unit: i128) -> i128 {
        self.total_nanoseconds() / unit
    }

    /// Seconds, the fraction truncated (Ruby's `to_i`).
    pub fn seconds(self) -> i128 {
        self.0 / NANOS_PER_SECOND
    }

    /// Seconds as a Float (Ruby's `fdiv`).
    pub fn as_float(self) -> f64 {
        self.0 as f64 / NANOS_PER_SECOND as f64
    }

    /// Its text: the first of Puppet's default formats,
    /// `%D-%H:%M:%S.%-N` (`3-11:00:00.0`).
    pub fn text(self) -> String {
        format::Format::parse(format::DEFAULTS[0])
            .map(|format| format.format(self))
            .unwrap_or_default()
    }

    /// Puppet's `<=>` with a number or a timespan: seconds against numbers.
    pub fn compare(self, other: &Value) -> Option<Ordering> {
        compare_time(self.0, other, |value| match value {
            Value::Timespan(other) => Some(other.0),
            _ => None,
        })
    }
}

/// A format argument: one string, or an array of them.
pub fn format_list(formats: &Value) -> Vec<String> {
    match formats {
        Value::Array(items) => items.iter().map(Value::to_text).collect(),
        other => vec![other.to_text()],
    }
}

/// `value` (Integer or Float seconds) in nanoseconds, as Ruby's
/// `(value * NSECS_PER_SEC).to_i`.
pub fn nanoseconds_of(value: &Value) -> Option<i128> {
    match value {
        Value::Integer(seconds) => Some(i128::from(*seconds) * NANOS_PER_SECOND),
        Value::Float(seconds) if seconds.is_finite() => {
            Some((seconds * NANOS_PER_SECOND as f64) as i128)
        }
        _ => None,
    }
}

/// Ruby's `TimeData#<=>`: against a value of its own kind by nanoseconds,
/// an Integer by whole seconds, a Float by fractional seconds; `None`
/// against anything else.
pub fn compare_time(
    nanos: i128,
    other: &Value,
    same: impl Fn(&Value) -> Option<i128>,
) -> Option<Ordering> {
    if let Some(other) = same(other) {
        return Some(nanos.cmp(&other));
    }
    match other {
        Value::Integer(seconds) => Some((nanos / NANOS_PER_SECOND).cmp(&i128::from(*seconds))),
        Value::Float(seconds) => (nanos as f64 / NANOS_PER_SECOND as f64).partial_cmp(seconds),
        _ => None,
    }
}

/// The arithmetic Puppet gives timespans (`Timespan#+`, `-`, `*`, `/`,
/// `%`): `Err` holds Puppet's words for what it refuses.
pub fn calculate(
    op: crate::facts::ast::BinaryOp,
    span: Timespan,
    other: &Value,
) -> Result<Value, String> {
    use crate::facts::ast::BinaryOp;
    let label = crate::catalog::values::display::label(other);
    match op {
        BinaryOp::Add => match other {
            Value::Timestamp(stamp) => Ok(Value::Timestamp(Timestamp(span.0 + stamp.0))),
            Value::Timespan(other) => Ok(Value::Timespan(Timespan(span.0 + other.0))),
            _ => nanoseconds_of(other)
                .map(|nanos| Value::Timespan(Timespan(span.0 + nanos)))
                .ok_or_else(|| format!("{} cannot be added to a Timespan", a_an_uc(&label))),
        },
        BinaryOp::Sub => match other {
            Value::Timespan(other) => Ok(Value::Timespan(Timespan(span.0 - other.0))),
            _ => nanoseconds_of(other)
                .map(|nanos| Value::Timespan(Timespan(span.0 - nanos)))
                .ok_or_else(|| format!("{} cannot be subtracted from a Timespan", a_an_uc(&label))),
        },
        BinaryOp::Mul => match other {
            Value::Integer(factor) => Ok(Value::Timespan(Timespan(span.0 * i128::from(*factor)))),
            Value::Float(factor) => Ok(Value::Timespan(Timespan((span.0 as f64 * factor) as i128))),
            _ => Err(format!(
                "A Timestamp cannot be multiplied by {}",
                a_an(&label)
            )),
        },
        BinaryOp::Div => match other {
            Value::Timespan(other) if other.0 == 0 => Err("Division by 0".to_string()),
            Value::Timespan(other) => Ok(Value::Float(span.0 as f64 / other.0 as f64)),
            Value::Integer(0) => Err("Division by 0".to_string()),
            Value::Integer(divisor) => Ok(Value::Timespan(Timespan(floor_div(
                span.0,
                i128::from(*divisor),
            )))),
            Value::Float(divisor) => Ok(Value::Timespan(Timespan(
                (span.0 as f64 / divisor).floor() as i128,
            ))),
            _ => Err(format!("A Timespan cannot be divided by {}", a_an(&label))),
        },
        BinaryOp::Mod => match other {
            Value::Integer(0) => Err("Division by 0".to_string()),
            Value::Integer(divisor) => {
                let divisor = i128::from(*divisor);
                let seconds = span.seconds();
                Ok(Value::Integer(
                    (seconds - divisor * floor_div(seconds, divisor)) as i64,
                ))
            }
            _ => Err(format!(
                "Can not do modulus on a Timespan using {}",
                a_an(&label)
            )),
        },
        _ => Err(String::new()),
    }
}

/// Ruby's integer division, rounding toward negative infinity.
fn floor_div(a: i128, b: i128) -> i128 {
    let quotient = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        quotient - 1
    } else {
        quotient
    }
}

fn a_an(label: &str) -> String {
    crate::catalog::values::display::a_an(label)
}

fn a_an_uc(label: &str) -> String {
    crate::catalog::values::display::a_an_uc(label)
}
