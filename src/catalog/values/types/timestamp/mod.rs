//! Timestamps: a moment in nanoseconds since 1970-01-01T00:00:00 UTC
//! (`Timestamp('2016-10-10T12:00:00.000 UTC')`), Puppet's
//! `Time::Timestamp`. Read with Ruby's `strptime`, written with Ruby's
//! `strftime`, in UTC or at a fixed offset. `Timestamp()` (now) is not a
//! value pfacts can know: the function marks it.

mod calendar;
mod names;
mod strftime;
mod strptime;
mod zones;

use std::cmp::Ordering;

use super::timespan::{compare_time, nanoseconds_of, Timespan};
use crate::catalog::values::Value;
use calendar::Civil;

/// A moment, in nanoseconds since the epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timestamp(pub i128);

/// Puppet's default formats without a zone, tried when a timezone is
/// given.
const FORMATS_WITHOUT_ZONE: [&str; 5] = ["%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"];
/// Puppet's default formats; the first one writes a timestamp.
const FORMATS: [&str; 10] = [
    "%FT%T.%N %Z",
    "%FT%T %Z",
    "%F %T.%N %Z",
    "%F %T %Z",
    "%F %Z",
    "%FT%T.%N",
    "%FT%T",
    "%F %T.%N",
    "%F %T",
    "%F",
];

/// The formats to read a timestamp with: Puppet's defaults, one format
/// (its own message when it fails), or a list tried in order.
#[derive(Clone, Debug)]
pub enum Formats {
    Default,
    One(String),
    Any(Vec<String>),
}

impl Formats {
    /// The formats an argument gives: none, a string, or an array.
    pub fn of(argument: Option<&Value>) -> Formats {
        match argument {
            None | Some(Value::Undef | Value::Default) => Formats::Default,
            Some(Value::Array(items)) => Formats::Any(items.iter().map(Value::to_text).collect()),
            Some(other) => Formats::One(other.to_text()),
        }
    }
}

impl Timestamp {
    /// `seconds` (an Integer or a Float) after the epoch.
    pub fn from_seconds(seconds: &Value) -> Option<Timestamp> {
        nanoseconds_of(seconds).map(Timestamp)
    }

    /// Puppet's `Timestamp.parse(text, format, timezone)`.
    pub fn parse(
        text: &str,
        formats: &Formats,
        timezone: Option<&str>,
    ) -> Result<Timestamp, String> {
        let timezone = timezone.filter(|zone| !zone.is_empty());
        let has_zone = timezone.is_some();
        let list: Vec<String> = match formats {
            Formats::Default if has_zone => {
                FORMATS_WITHOUT_ZONE.iter().map(|f| f.to_string()).collect()
            }
            Formats::Default => FORMATS.iter().map(|f| f.to_string()).collect(),
            Formats::One(format) => vec![format.clone()],
            Formats::Any(list) => list.clone(),
        };
        let parsed = match formats {
            Formats::One(format) => {
                let parsed = strptime::strptime(text, format)
                    .filter(|parsed| !parsed.leftover)
                    .ok_or_else(|| format!("Unable to parse '{text}' using format '{format}'"))?;
                if has_zone && parsed.zone.is_some() {
                    return Err(
                        "Using a Timezone designator in format specification is mutually \
                                exclusive to providing an explicit timezone argument"
                            .to_string(),
                    );
                }
                parsed
            }
            _ => list
                .iter()
                .filter_map(|format| strptime::strptime(text, format))
                .find(|parsed| !(parsed.leftover || has_zone && parsed.zone.is_some()))
                .ok_or_else(|| {
                    format!(
                        "Unable to parse '{text}' using any of the formats {}",
                        list.join(", ")
                    )
                })?,
        };
        let zone = timezone.map(str::to_string).or(parsed.zone.clone());
        let offset = match &zone {
            Some(zone) => utc_offset(zone)?,
            None => 0,
        };
        let year = parsed
            .year
            .ok_or_else(|| format!("Unable to parse '{text}': it names no year"))?;
        let civil = Civil {
            year,
            month: parsed.month.unwrap_or(1),
            day: parsed.day.unwrap_or(1),
            hour: parsed.hour.unwrap_or(0),
            minute: parsed.minute.unwrap_or(0),
            second: parsed.second.unwrap_or(0),
            nanosecond: parsed.nanosecond.unwrap_or(0),
            offset,
        };
        Ok(Timestamp(civil.nanos()))
    }

    /// Puppet's `Timestamp.from_hash`: `{string => ..., format => ...,
    /// timezone => ...}`.
    pub fn from_hash(entries: &[(Value, Value)]) -> Result<Timestamp, String> {
        let get =
            |key: &str| Value::entry(entries, key).filter(|value| !matches!(value, Value::Undef));
        let text = get("string").map(Value::to_text).unwrap_or_default();
        let timezone = get("timezone").map(Value::to_text);
        Timestamp::parse(&text, &Formats::of(get("format")), timezone.as_deref())
    }

    /// Its text: `2016-10-10T12:00:00.000000000 UTC`.
    pub fn text(self) -> String {
        self.format(FORMATS[0], None).unwrap_or_default()
    }

    /// Ruby's `strftime` of the moment in UTC, or at the offset of
    /// `timezone` (where `%Z` writes nothing, as Ruby's fixed offsets).
    pub fn format(self, format: &str, timezone: Option<&str>) -> Result<String, String> {
        let (offset, zone) = match timezone.filter(|zone| !zone.is_empty()) {
            Some(zone) => (utc_offset(zone)?, ""),
            None => (0, "UTC"),
        };
        Ok(strftime::strftime(&Civil::at(self.0, offset), zone, format))
    }

    /// Seconds, the fraction truncated.
    pub fn seconds(self) -> i128 {
        self.0 / super::timespan::NANOS_PER_SECOND
    }

    pub fn as_float(self) -> f64 {
        self.0 as f64 / super::timespan::NANOS_PER_SECOND as f64
    }

    /// Puppet's `<=>` with a number or a timestamp.
    pub fn compare(self, other: &Value) -> Option<Ordering> {
        compare_time(self.0, other, |value| match value {
            Value::Timestamp(other) => Some(other.0),
            _ => None,
        })
    }
}

/// Puppet's `Timestamp.utc_offset`: seconds east of UTC, `current` being
/// this machine's zone (UTC, as pfacts compiles).
fn utc_offset(zone: &str) -> Result<i64, String> {
    if zone.eq_ignore_ascii_case("current") {
        return Ok(0);
    }
    zones::offset_of(zone).ok_or_else(|| format!("Illegal timezone '{zone}'"))
}

/// The arithmetic Puppet gives timestamps (`Timestamp#+`, `-`): `Err`
/// holds Puppet's words for what it refuses.
pub fn calculate(
    op: crate::facts::ast::BinaryOp,
    stamp: Timestamp,
    other: &Value,
) -> Result<Value, String> {
    use crate::catalog::values::display::{a_an_uc, label};
    use crate::facts::ast::BinaryOp;
    match op {
        BinaryOp::Add => match other {
            Value::Timespan(span) => Ok(Value::Timestamp(Timestamp(stamp.0 + span.0))),
            _ => nanoseconds_of(other)
                .map(|nanos| Value::Timestamp(Timestamp(stamp.0 + nanos)))
                .ok_or_else(|| {
                    format!("{} cannot be added to a Timestamp", a_an_uc(&label(other)))
                }),
        },
        BinaryOp::Sub => match other {
            Value::Timestamp(other) => Ok(Value::Timespan(Timespan(stamp.0 - other.0))),
            Value::Timespan(span) => Ok(Value::Timestamp(Timestamp(stamp.0 - span.0))),
            _ => nanoseconds_of(other)
                .map(|nanos| Value::Timestamp(Timestamp(stamp.0 - nanos)))
                .ok_or_else(|| {
                    format!(
                        "{} cannot be subtracted from a Timestamp",
                        a_an_uc(&label(other))
                    )
                }),
        },
        _ => Err(String::new()),
    }
}
