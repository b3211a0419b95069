//! Writing a moment as Ruby's `Time#strftime` does: conversions (`%Y`,
//! `%b`, `%N`, `%z`, ...), flags (`-` no padding, `_` spaces, `0` zeros,
//! `^` upper case, `#` swapped case), widths, and `%:z`.

use super::calendar::{self, Civil};
use super::names::{MONTHS, WEEKDAYS};

/// `civil` (with `zone`, the name `%Z` writes) in `format`.
pub fn strftime(civil: &Civil, zone: &str, format: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = format.chars().collect();
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        index += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        let start = index - 1;
        let mut spec = Spec::default();
        while index < chars.len() {
            match chars[index] {
                '-' => spec.pad = Some(Pad::None),
                '_' => spec.pad = Some(Pad::Spaces),
                '0' if spec.width.is_none() => spec.pad = Some(Pad::Zeros),
                '^' => spec.upper = true,
                '#' => spec.swap = true,
                ':' => spec.colons += 1,
                digit @ '0'..='9' => {
                    let n = digit as usize - '0' as usize;
                    spec.width = Some(spec.width.map_or(n, |w| w * 10 + n));
                }
                _ => break,
            }
            index += 1;
        }
        let Some(&directive) = chars.get(index) else {
            out.extend(&chars[start..]);
            break;
        };
        index += 1;
        match conversion(civil, zone, directive, &spec) {
            Some(text) => out.push_str(&text),
            None => out.extend(&chars[start..index]),
        }
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pad {
    None,
    Spaces,
    Zeros,
}

#[derive(Debug, Default)]
struct Spec {
    pad: Option<Pad>,
    width: Option<usize>,
    upper: bool,
    swap: bool,
    colons: usize,
}

impl Spec {
    fn number(&self, value: i64, width: usize, pad: Pad) -> String {
        let pad = self.pad.unwrap_or(pad);
        let width = self.width.unwrap_or(width);
        match pad {
            Pad::None => value.to_string(),
            Pad::Spaces => format!("{value:>width$}"),
            Pad::Zeros if value < 0 => {
                format!("-{:0>width$}", -value, width = width.saturating_sub(1))
            }
            Pad::Zeros => format!("{value:0>width$}"),
        }
    }

    fn text(&self, text: &str, swap_lowers: bool) -> String {
        let text = if self.upper || (self.swap && !swap_lowers) {
            text.to_uppercase()
        } else if self.swap {
            text.to_lowercase()
        } else {
            text.to_string()
        };
        self.padded(text)
    }

    fn padded(&self, text: String) -> String {
        let width = self.width.unwrap_or(0);
        match self.pad {
            Some(Pad::Zeros) => format!("{text:0>width$}"),
            Some(Pad::None) => text,
            _ => format!("{text:>width$}"),
        }
    }
}

fn conversion(civil: &Civil, zone: &str, directive: char, spec: &Spec) -> Option<String> {
    let days = civil.days();
    let weekday = calendar::weekday(days);
    let year_day = calendar::day_of_year(civil.year, civil.month, civil.day);
    let hour12 = match civil.hour % 12 {
        0 => 12,
        hour => hour,
    };
    let composite = |format: &str| spec.padded(strftime(civil, zone, format));
    Some(match directive {
        'Y' => spec.number(civil.year, 4, Pad::Zeros),
        'C' => spec.number(civil.year.div_euclid(100), 2, Pad::Zeros),
        'y' => spec.number(civil.year.rem_euclid(100), 2, Pad::Zeros),
        'm' => spec.number(i64::from(civil.month), 2, Pad::Zeros),
        'B' => spec.text(MONTHS[civil.month as usize - 1], false),
        'b' | 'h' => spec.text(&MONTHS[civil.month as usize - 1][..3], false),
        'd' => spec.number(i64::from(civil.day), 2, Pad::Zeros),
        'e' => spec.number(i64::from(civil.day), 2, Pad::Spaces),
        'j' => spec.number(i64::from(year_day), 3, Pad::Zeros),
        'H' => spec.number(i64::from(civil.hour), 2, Pad::Zeros),
        'k' => spec.number(i64::from(civil.hour), 2, Pad::Spaces),
        'I' => spec.number(i64::from(hour12), 2, Pad::Zeros),
        'l' => spec.number(i64::from(hour12), 2, Pad::Spaces),
        'P' => spec.text(if civil.hour < 12 { "am" } else { "pm" }, false),
        'p' => spec.text(if civil.hour < 12 { "AM" } else { "PM" }, true),
        'M' => spec.number(i64::from(civil.minute), 2, Pad::Zeros),
        'S' => spec.number(i64::from(civil.second), 2, Pad::Zeros),
        'L' | 'N' => {
            let digits = spec.width.unwrap_or(if directive == 'L' { 3 } else { 9 });
            let mut text = format!("{:09}", civil.nanosecond);
            if digits <= 9 {
                text.truncate(digits);
            } else {
                text.extend(std::iter::repeat_n('0', digits - 9));
            }
            text
        }
        'z' => offset_text(civil.offset, spec),
        'Z' => spec.text(zone, true),
        'A' => spec.text(WEEKDAYS[weekday as usize], false),
        'a' => spec.text(&WEEKDAYS[weekday as usize][..3], false),
        'u' => spec.number(
            i64::from(if weekday == 0 { 7 } else { weekday }),
            1,
            Pad::Zeros,
        ),
        'w' => spec.number(i64::from(weekday), 1, Pad::Zeros),
        'U' => spec.number(i64::from((year_day + 6 - weekday) / 7), 2, Pad::Zeros),
        'W' => spec.number(
            i64::from((year_day + 6 - (weekday + 6) % 7) / 7),
            2,
            Pad::Zeros,
        ),
        'G' => spec.number(iso_week(civil.year, year_day, weekday).0, 4, Pad::Zeros),
        'g' => spec.number(
            iso_week(civil.year, year_day, weekday).0.rem_euclid(100),
            2,
            Pad::Zeros,
        ),
        'V' => spec.number(
            i64::from(iso_week(civil.year, year_day, weekday).1),
            2,
            Pad::Zeros,
        ),
        's' => {
            let seconds = (civil.nanos().div_euclid(1_000_000_000)) as i64;
            spec.number(seconds, 1, Pad::Zeros)
        }
        'n' => "\n".to_string(),
        't' => "\t".to_string(),
        '%' => "%".to_string(),
        'c' => composite("%a %b %e %H:%M:%S %Y"),
        'D' | 'x' => composite("%m/%d/%y"),
        'F' => composite("%Y-%m-%d"),
        'T' | 'X' => composite("%H:%M:%S"),
        'R' => composite("%H:%M"),
        'r' => composite("%I:%M:%S %p"),
        'v' => composite("%e-%^b-%4Y"),
        _ => return None,
    })
}

/// `%z`, `%:z`, `%::z`: the offset as `+hhmm`, `+hh:mm`, `+hh:mm:ss`.
fn offset_text(offset: i64, spec: &Spec) -> String {
    let sign = if offset < 0 { '-' } else { '+' };
    let magnitude = offset.abs();
    let (hours, minutes, seconds) = (magnitude / 3600, magnitude / 60 % 60, magnitude % 60);
    let text = match spec.colons {
        0 => format!("{sign}{hours:02}{minutes:02}"),
        1 => format!("{sign}{hours:02}:{minutes:02}"),
        _ => format!("{sign}{hours:02}:{minutes:02}:{seconds:02}"),
    };
    match spec.width {
        Some(width) if width > text.len() => {
            format!("{sign}{:0>width$}", &text[1..], width = width - 1)
        }
        _ => text,
    }
}

/// The ISO 8601 week-based year and week of a day (`year_day` from 1,
/// `weekday` 0 for Sunday).
fn iso_week(year: i64, year_day: u32, weekday: u32) -> (i64, u32) {
    let iso_weekday = if weekday == 0 { 7 } else { weekday } as i64;
    let week = (i64::from(year_day) - iso_weekday + 10) / 7;
    let weeks_in = |year: i64| {
        let jan1 = calendar::weekday(calendar::days_from_civil(year, 1, 1));
        if jan1 == 4 || (jan1 == 3 && calendar::is_leap(year)) {
            53
        } else {
            52
        }
    };
    if week < 1 {
        (year - 1, weeks_in(year - 1))
    } else if week > i64::from(weeks_in(year)) {
        (year + 1, 1)
    } else {
        (year, week as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruby 3.1's `Time.at(1472398496, 123456789, :nsec).utc.strftime(f)`.
    const RUBY: &[(&str, &str)] = &[
        ("%c", "Sun Aug 28 15:34:56 2016"),
        ("%D", "08/28/16"),
        ("%F", "2016-08-28"),
        ("%T", "15:34:56"),
        ("%r", "03:34:56 PM"),
        ("%v", "28-AUG-2016"),
        ("%+", "%+"),
        ("%j", "241"),
        ("%U", "35"),
        ("%W", "34"),
        ("%V", "34"),
        ("%G", "2016"),
        ("%g", "16"),
        ("%u", "7"),
        ("%w", "0"),
        ("%s", "1472398496"),
        ("%C", "20"),
        ("%y", "16"),
        ("%e", "28"),
        ("%k", "15"),
        ("%l", " 3"),
        ("%-d", "28"),
        ("%_m", " 8"),
        ("%^a", "SUN"),
        ("%#b", "AUG"),
        ("%#p", "pm"),
        ("%10A", "    Sunday"),
        ("%-10N", "1234567890"),
        ("%3N", "123"),
        ("%12N", "123456789000"),
        ("%:z", "+00:00"),
        ("%::z", "+00:00:00"),
    ];

    #[test]
    fn conversions_are_rubys() {
        let civil = Civil::at(1_472_398_496_123_456_789, 0);
        for (format, expected) in RUBY {
            assert_eq!(strftime(&civil, "UTC", format), *expected, "{format}");
        }
    }

    /// Ruby: `t.localtime("-05:00").strftime("%FT%T %z|%Z|")`.
    #[test]
    fn a_fixed_offset_has_no_zone_name() {
        let civil = Civil::at(1_472_398_496_123_456_789, -18_000);
        assert_eq!(
            strftime(&civil, "", "%FT%T %z|%Z|"),
            "2016-08-28T10:34:56 -0500||"
        );
    }
}
