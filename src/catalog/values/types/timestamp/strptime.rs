//! Reading a date and time from text as Ruby's `Date._strptime(text,
//! format)` does for Puppet's `Timestamp.parse`: the fields the format
//! found, or nothing when the text does not fit; text left over is
//! reported, not an error.

use super::names::{MONTHS, WEEKDAYS};
use super::zones;

/// The fields found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed {
    pub year: Option<i64>,
    pub month: Option<u32>,
    pub day: Option<u32>,
    pub hour: Option<u32>,
    pub minute: Option<u32>,
    pub second: Option<u32>,
    /// The fraction of a second, in nanoseconds.
    pub nanosecond: Option<u32>,
    /// The zone as written (`CET`, `+01:00`).
    pub zone: Option<String>,
    /// Text after what the format read.
    pub leftover: bool,
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
    parsed: Parsed,
    /// `%p`: whether the hour is after noon.
    afternoon: Option<bool>,
    century: Option<i64>,
    short_year: Option<i64>,
}

/// The fields `format` reads from `text`; `None` when the text does not
/// fit the format.
pub fn strptime(text: &str, format: &str) -> Option<Parsed> {
    let mut reader = Reader {
        text,
        at: 0,
        parsed: Parsed::default(),
        afternoon: None,
        century: None,
        short_year: None,
    };
    reader.read(format)?;
    if reader.at < text.len() {
        reader.parsed.leftover = true;
    }
    if let Some(afternoon) = reader.afternoon {
        let hour = reader.parsed.hour.unwrap_or(0) % 12;
        reader.parsed.hour = Some(hour + if afternoon { 12 } else { 0 });
    }
    if let Some(year) = reader.short_year {
        reader.parsed.year = Some(match reader.century {
            Some(century) => century * 100 + year,
            None if year >= 69 => 1900 + year,
            None => 2000 + year,
        });
    } else if let (Some(century), None) = (reader.century, reader.parsed.year) {
        reader.parsed.year = Some(century * 100);
    }
    Some(reader.parsed)
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn read(&mut self, format: &str) -> Option<()> {
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_whitespace() {
                self.skip_space();
                continue;
            }
            if c != '%' {
                if !self.rest().starts_with(c) {
                    return None;
                }
                self.at += c.len_utf8();
                continue;
            }
            // Flags and a width, which reading ignores but for `%N`.
            let mut width: Option<usize> = None;
            while let Some(&flag) = chars.peek() {
                match flag {
                    '-' | '_' | '0' | '^' | '#' | ':' if width.is_none() => {
                        chars.next();
                    }
                    '0'..='9' => {
                        let n = flag as usize - '0' as usize;
                        width = Some(width.map_or(n, |w| w * 10 + n));
                        chars.next();
                    }
                    _ => break,
                }
            }
            let directive = chars.next()?;
            let next_is_number = chars.peek().is_some_and(|n| n.is_ascii_digit())
                || (chars.peek() == Some(&'%') && {
                    let mut ahead = chars.clone();
                    ahead.next();
                    ahead
                        .next()
                        .is_some_and(|d| "CDdeFGgHIjkLlMmNQRrSsTUuVvWwXxYy".contains(d))
                });
            self.directive(directive, width, next_is_number)?;
        }
        Some(())
    }

    fn directive(
        &mut self,
        directive: char,
        width: Option<usize>,
        next_is_number: bool,
    ) -> Option<()> {
        match directive {
            'Y' => {
                let year = self.signed(if next_is_number { Some(4) } else { width })?;
                self.parsed.year = Some(year);
            }
            'C' => self.century = Some(self.signed(Some(width.unwrap_or(2)))?),
            'y' => self.short_year = Some(self.digits_in(2, 0, 99)?),
            'm' => self.parsed.month = Some(self.digits_in(2, 1, 12)? as u32),
            'd' | 'e' => {
                if self.rest().starts_with(' ') {
                    self.at += 1;
                }
                self.parsed.day = Some(self.digits_in(2, 1, 31)? as u32);
            }
            'j' => {
                self.digits_in(3, 1, 366)?;
            }
            'H' | 'k' => {
                if self.rest().starts_with(' ') {
                    self.at += 1;
                }
                self.parsed.hour = Some(self.digits_in(2, 0, 24)? as u32);
            }
            'I' | 'l' => {
                if self.rest().starts_with(' ') {
                    self.at += 1;
                }
                self.parsed.hour = Some(self.digits_in(2, 1, 12)? as u32);
            }
            'M' => self.parsed.minute = Some(self.digits_in(2, 0, 59)? as u32),
            'S' => self.parsed.second = Some(self.digits_in(2, 0, 60)? as u32),
            'L' | 'N' => {
                let limit = if next_is_number {
                    Some(width.unwrap_or(if directive == 'L' { 3 } else { 9 }))
                } else {
                    width
                };
                let digits = self.digit_run(limit)?;
                let mut fraction = digits.to_string();
                fraction.truncate(9);
                while fraction.len() < 9 {
                    fraction.push('0');
                }
                self.parsed.nanosecond = fraction.parse().ok();
            }
            'p' | 'P' => {
                let rest = self.rest().to_ascii_lowercase();
                let (afternoon, length) =
                    [("a.m.", false), ("p.m.", true), ("am", false), ("pm", true)]
                        .iter()
                        .find(|(word, _)| rest.starts_with(word))
                        .map(|(word, afternoon)| (*afternoon, word.len()))?;
                self.afternoon = Some(afternoon);
                self.at += length;
            }
            'A' | 'a' => {
                self.name(&WEEKDAYS)?;
            }
            'B' | 'b' | 'h' => self.parsed.month = Some(self.name(&MONTHS)? as u32 + 1),
            'Z' | 'z' => {
                let length = zones::zone_length(self.rest())?;
                self.parsed.zone = Some(self.rest()[..length].to_string());
                self.at += length;
            }
            's' => {
                let seconds = self.signed(None)?;
                let (days, of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
                let (year, month, day) = super::calendar::civil_from_days(days);
                self.parsed.year = Some(year);
                self.parsed.month = Some(month);
                self.parsed.day = Some(day);
                self.parsed.hour = Some((of_day / 3600) as u32);
                self.parsed.minute = Some((of_day / 60 % 60) as u32);
                self.parsed.second = Some((of_day % 60) as u32);
            }
            'n' | 't' => self.skip_space(),
            '%' => {
                if !self.rest().starts_with('%') {
                    return None;
                }
                self.at += 1;
            }
            'F' => self.read("%Y-%m-%d")?,
            'T' | 'X' => self.read("%H:%M:%S")?,
            'R' => self.read("%H:%M")?,
            'r' => self.read("%I:%M:%S %p")?,
            'D' | 'x' => self.read("%m/%d/%y")?,
            'c' => self.read("%a %b %e %H:%M:%S %Y")?,
            'v' => self.read("%e-%b-%Y")?,
            '+' => self.read("%a %b %e %H:%M:%S %Z %Y")?,
            'u' | 'w' => {
                self.digits_in(1, 0, 7)?;
            }
            'U' | 'W' | 'V' => {
                self.digits_in(2, 0, 53)?;
            }
            'G' => {
                self.signed(None)?;
            }
            'g' => {
                self.digits_in(2, 0, 99)?;
            }
            _ => return None,
        }
        Some(())
    }

    fn skip_space(&mut self) {
        let skipped = self.rest().len() - self.rest().trim_start().len();
        self.at += skipped;
    }

    /// Up to `limit` digits (all of them without a limit), at least one.
    fn digit_run(&mut self, limit: Option<usize>) -> Option<&str> {
        let available = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        let length = limit.map_or(available, |limit| available.min(limit));
        if length == 0 {
            return None;
        }
        let start = self.at;
        self.at += length;
        Some(&self.text[start..self.at])
    }

    fn digits_in(&mut self, limit: usize, low: i64, high: i64) -> Option<i64> {
        let value: i64 = self.digit_run(Some(limit))?.parse().ok()?;
        (low..=high).contains(&value).then_some(value)
    }

    fn signed(&mut self, limit: Option<usize>) -> Option<i64> {
        let negative = match self.rest().as_bytes().first() {
            Some(b'-') => {
                self.at += 1;
                true
            }
            Some(b'+') => {
                self.at += 1;
                false
            }
            _ => false,
        };
        let value: i64 = self.digit_run(limit)?.parse().ok()?;
        Some(if negative { -value } else { value })
    }

    /// The index of the name in `names` (full or its first three
    /// letters, without regard to case) the text starts with.
    fn name(&mut self, names: &[&str]) -> Option<usize> {
        let rest = self.rest().to_ascii_lowercase();
        for (index, name) in names.iter().enumerate() {
            let full = name.to_ascii_lowercase();
            for candidate in [full.as_str(), &full[..3]] {
                if rest.starts_with(candidate) {
                    self.at += candidate.len();
                    return Some(index);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Ruby 3.1's `DateTime._strptime(text, format)` finds.
    #[test]
    fn fields_are_rubys() {
        let found = strptime(
            "Sunday, 28 August, 2016 at 12:15:00 PM",
            "%A, %d %B, %Y at %r",
        )
        .expect("it fits");
        assert_eq!(
            (
                found.year,
                found.month,
                found.day,
                found.hour,
                found.minute,
                found.second
            ),
            (Some(2016), Some(8), Some(28), Some(12), Some(15), Some(0))
        );
        let found = strptime("Jul 24, 2016, 1:20 am", "%b %d, %Y, %l:%M %P").expect("it fits");
        assert_eq!(
            (found.month, found.hour, found.minute),
            (Some(7), Some(1), Some(20))
        );
        let found = strptime("16-06-21 18:23:15 UTC", "%y-%m-%d %H:%M:%S %z").expect("it fits");
        assert_eq!(
            (found.year, found.zone.as_deref()),
            (Some(2016), Some("UTC"))
        );
        let found = strptime("Europe/Stockholm", "%z").expect("a zone");
        assert!(found.leftover);
        assert!(strptime("2016-13-01", "%F").is_none());
    }
}
