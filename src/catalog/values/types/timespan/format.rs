//! Puppet's format language for timespans (`Timespan::Format`): `%D`
//! days, `%H` hours, `%M` minutes, `%S` seconds, `%L` milliseconds and
//! `%N` nanoseconds as fractions, each with an optional flag (`-` no
//! padding, `_` spaces, `0` zeros) and width. The unit of highest
//! magnitude counts the whole span (`%H` of 3 days is 72); the others
//! count what is left. One format both prints and parses.

use super::NANOS_PER_SECOND;
use super::{Timespan, NANOS_PER_DAY, NANOS_PER_HOUR, NANOS_PER_MILLI, NANOS_PER_MINUTE};

/// Puppet's default formats, tried in order when parsing; the first one
/// prints a timespan.
pub const DEFAULTS: [&str; 8] = [
    "%D-%H:%M:%S.%-N",
    "%H:%M:%S.%-N",
    "%M:%S.%-N",
    "%S.%-N",
    "%D-%H:%M:%S",
    "%H:%M:%S",
    "%D-%H:%M",
    "%S",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Unit {
    Nanosecond,
    Millisecond,
    Second,
    Minute,
    Hour,
    Day,
}

impl Unit {
    fn default_width(self) -> usize {
        match self {
            Unit::Day => 1,
            Unit::Hour | Unit::Minute | Unit::Second => 2,
            Unit::Millisecond => 3,
            Unit::Nanosecond => 9,
        }
    }

    /// `%L` and `%N` are fractions of a second.
    fn is_fraction(self) -> bool {
        matches!(self, Unit::Millisecond | Unit::Nanosecond)
    }

    fn nanoseconds(self) -> i128 {
        match self {
            Unit::Day => NANOS_PER_DAY,
            Unit::Hour => NANOS_PER_HOUR,
            Unit::Minute => NANOS_PER_MINUTE,
            Unit::Second => NANOS_PER_SECOND,
            Unit::Millisecond => NANOS_PER_MILLI,
            Unit::Nanosecond => 1,
        }
    }
}

/// How a value is padded to its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pad {
    /// `-`: not at all.
    None,
    /// `_`: with spaces.
    Spaces,
    /// The default: with zeros.
    Zeros,
}

#[derive(Clone, Debug)]
enum Segment {
    Literal(String),
    Value {
        unit: Unit,
        pad: Pad,
        width: Option<usize>,
        /// The unit of highest magnitude in the format counts the whole.
        total: bool,
    },
}

/// A parsed format.
#[derive(Clone, Debug)]
pub struct Format {
    text: String,
    segments: Vec<Segment>,
}

impl Format {
    /// The format `text` means, or Puppet's words for its first bad
    /// specifier.
    pub fn parse(text: &str) -> Result<Format, String> {
        let mut segments: Vec<Segment> = Vec::new();
        let mut highest: Option<Unit> = None;
        let chars: Vec<char> = text.chars().collect();
        let bad = |start: usize, position: usize| {
            let expression: String = chars[start..position.min(chars.len())].iter().collect();
            format!("Bad format specifier '{expression}' in '{text}', at position {position}")
        };
        let mut in_specifier = false;
        let mut width_started = false;
        let mut pad = Pad::Zeros;
        let mut width: Option<usize> = None;
        let mut start = 0;
        for (position, &c) in chars.iter().enumerate() {
            if !in_specifier {
                if c == '%' {
                    in_specifier = true;
                    width_started = false;
                    start = position;
                    pad = Pad::Zeros;
                    width = None;
                } else {
                    push_literal(&mut segments, c);
                }
                continue;
            }
            let unit = match c {
                '%' => {
                    push_literal(&mut segments, c);
                    in_specifier = false;
                    continue;
                }
                '-' | '_' if !width_started => {
                    pad = if c == '-' { Pad::None } else { Pad::Spaces };
                    width_started = true;
                    continue;
                }
                'D' => Unit::Day,
                'H' => Unit::Hour,
                'M' => Unit::Minute,
                'S' => Unit::Second,
                'L' => Unit::Millisecond,
                'N' => Unit::Nanosecond,
                '0' if !width_started => {
                    pad = Pad::Zeros;
                    width_started = true;
                    continue;
                }
                digit @ '0'..='9' => {
                    let n = digit as usize - '0' as usize;
                    width = Some(width.map_or(n, |w| w * 10 + n));
                    width_started = true;
                    continue;
                }
                _ => return Err(bad(start, position)),
            };
            highest = highest.max(Some(unit));
            segments.push(Segment::Value {
                unit,
                pad,
                width,
                total: false,
            });
            in_specifier = false;
        }
        if in_specifier {
            return Err(bad(start, chars.len().saturating_sub(1)));
        }
        if let Some(highest) = highest {
            if let Some(Segment::Value { total, .. }) = segments
                .iter_mut()
                .find(|s| matches!(s, Segment::Value { unit, .. } if *unit == highest))
            {
                *total = true;
            }
        }
        Ok(Format {
            text: text.to_string(),
            segments,
        })
    }

    /// `span` printed in this format.
    pub fn format(&self, span: Timespan) -> String {
        let mut out = String::new();
        if span.is_negative() {
            out.push('-');
        }
        for segment in &self.segments {
            match segment {
                Segment::Literal(text) => out.push_str(text),
                &Segment::Value {
                    unit,
                    pad,
                    width,
                    total,
                } => {
                    let magnitude = span.total_nanoseconds();
                    let shown_width = width.unwrap_or(unit.default_width());
                    let value = match unit {
                        // Days always count the whole.
                        Unit::Day => magnitude / NANOS_PER_DAY,
                        Unit::Nanosecond if shown_width < 9 => {
                            let digits = magnitude / 10i128.pow(9 - shown_width as u32);
                            if total {
                                digits
                            } else {
                                digits % 10i128.pow(shown_width as u32)
                            }
                        }
                        Unit::Nanosecond if total => magnitude,
                        Unit::Nanosecond => magnitude % NANOS_PER_SECOND,
                        _ => {
                            let count = magnitude / unit.nanoseconds();
                            if total {
                                count
                            } else {
                                count % modulus(unit)
                            }
                        }
                    };
                    if unit.is_fraction() {
                        // Trailing zeroes are not significant after a
                        // decimal point, unless zeros pad it.
                        let value = if total || pad == Pad::Zeros {
                            value
                        } else {
                            let text = value.to_string();
                            let kept = text.trim_end_matches('0');
                            if kept.is_empty() {
                                0
                            } else {
                                kept.parse().unwrap_or(value)
                            }
                        };
                        match pad {
                            Pad::None => out.push_str(&value.to_string()),
                            _ => out.push_str(&format!("{value:<shown_width$}")),
                        }
                    } else {
                        match pad {
                            Pad::None => out.push_str(&value.to_string()),
                            Pad::Spaces => out.push_str(&format!("{value:>shown_width$}")),
                            Pad::Zeros => out.push_str(&format!("{value:0>shown_width$}")),
                        }
                    }
                }
            }
        }
        out
    }

    /// The timespan `text` states in this format.
    pub fn parse_span(&self, text: &str) -> Result<Timespan, String> {
        let unable = || format!("Unable to parse '{text}' using format '{}'", self.text);
        let mut pattern = String::from(r"\A-?");
        for segment in &self.segments {
            match segment {
                Segment::Literal(literal) => {
                    pattern.push('(');
                    pattern.push_str(&regex::escape(literal));
                    pattern.push(')');
                }
                &Segment::Value {
                    unit,
                    pad,
                    width,
                    total,
                } => {
                    let default = unit.default_width();
                    pattern.push_str(&match (width, pad) {
                        (None, Pad::None | Pad::Zeros) if total => "([0-9]+)".to_string(),
                        (None, Pad::None | Pad::Zeros) => format!("([0-9]{{1,{default}}})"),
                        (None, Pad::Spaces) if total => r"\s*([0-9]+)".to_string(),
                        (None, Pad::Spaces) => format!(r"([0-9\s]{{1,{default}}})"),
                        (Some(width), Pad::None) => format!("([0-9]{{1,{width}}})"),
                        (Some(width), Pad::Zeros) => format!("([0-9]{{{width}}})"),
                        (Some(width), Pad::Spaces) => format!(r"([0-9\s]{{{width}}})"),
                    });
                }
            }
        }
        pattern.push_str(r"\z");
        let regex = regex::Regex::new(&pattern).map_err(|_| unable())?;
        let found = regex.captures(text).ok_or_else(unable)?;
        let mut nanoseconds: i128 = 0;
        for (segment, group) in self.segments.iter().zip(found.iter().skip(1)) {
            let Segment::Value { unit, total, .. } = segment else {
                continue;
            };
            let digits = group.map_or("", |g| g.as_str()).trim_start();
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(unable());
            }
            let number: i128 = digits.parse().map_err(|_| unable())?;
            nanoseconds += if unit.is_fraction() {
                if *total {
                    return Err(
                        "Format specifiers %L and %N denotes fractions and must be used \
                                together with a specifier of higher magnitude"
                            .to_string(),
                    );
                }
                match 9i32 - digits.len() as i32 {
                    shift if shift <= 0 => number,
                    shift => number * 10i128.pow(shift as u32),
                }
            } else {
                number * unit.nanoseconds()
            };
        }
        Ok(Timespan(if text.starts_with('-') {
            -nanoseconds
        } else {
            nanoseconds
        }))
    }
}

/// How many of a unit make the next larger one.
fn modulus(unit: Unit) -> i128 {
    match unit {
        Unit::Hour => 24,
        Unit::Minute | Unit::Second => 60,
        _ => 1000,
    }
}

fn push_literal(segments: &mut Vec<Segment>, c: char) {
    match segments.last_mut() {
        Some(Segment::Literal(text)) => text.push(c),
        _ => segments.push(Segment::Literal(c.to_string())),
    }
}

/// `text` as a timespan in the first of `formats` that reads it.
pub fn parse_with(text: &str, formats: &[String]) -> Result<Timespan, String> {
    if let [format] = formats {
        return Format::parse(format)?.parse_span(text);
    }
    for format in formats {
        if let Ok(span) = Format::parse(format).and_then(|f| f.parse_span(text)) {
            return Ok(span);
        }
    }
    Err(format!(
        "Unable to parse '{text}' using any of the formats {}",
        formats.join(", ")
    ))
}

/// `text` in Puppet's default formats.
pub fn parse_default(text: &str) -> Result<Timespan, String> {
    let formats: Vec<String> = DEFAULTS.iter().map(|f| f.to_string()).collect();
    parse_with(text, &formats)
}
