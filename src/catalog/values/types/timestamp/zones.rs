//! Time zones as Ruby's `Date._strptime(zone, '%z')` reads them for
//! Puppet (`Timestamp.utc_offset`): a numeric offset (`+01:00`, `-0500`,
//! `GMT+2`) or an abbreviation of Ruby's zone table (`CET`, `EST`), with
//! ` dst` adding an hour. Offsets are fixed: `CET` is always +01:00.

/// Ruby's zone abbreviations and their offsets in seconds east of UTC
/// (asked of Ruby 3.1's `DateTime._strptime(name, '%z')`).
const ABBREVIATIONS: &[(&str, i64)] = &[
    ("ut", 0),
    ("gmt", 0),
    ("utc", 0),
    ("z", 0),
    ("est", -18000),
    ("edt", -14400),
    ("cst", -21600),
    ("cdt", -18000),
    ("mst", -25200),
    ("mdt", -21600),
    ("pst", -28800),
    ("pdt", -25200),
    ("a", 3600),
    ("b", 7200),
    ("c", 10800),
    ("d", 14400),
    ("e", 18000),
    ("f", 21600),
    ("g", 25200),
    ("h", 28800),
    ("i", 32400),
    ("k", 36000),
    ("l", 39600),
    ("m", 43200),
    ("n", -3600),
    ("o", -7200),
    ("p", -10800),
    ("q", -14400),
    ("r", -18000),
    ("s", -21600),
    ("t", -25200),
    ("u", -28800),
    ("v", -32400),
    ("w", -36000),
    ("x", -39600),
    ("y", -43200),
    ("wet", 0),
    ("at", -7200),
    ("brst", -7200),
    ("ndt", -5400),
    ("art", -10800),
    ("adt", -10800),
    ("brt", -10800),
    ("clst", -10800),
    ("nst", -9000),
    ("ast", -14400),
    ("clt", -14400),
    ("akdt", -28800),
    ("ydt", -28800),
    ("akst", -32400),
    ("hadt", -32400),
    ("hdt", -32400),
    ("yst", -32400),
    ("ahst", -36000),
    ("cat", 7200),
    ("hast", -36000),
    ("hst", -36000),
    ("nt", -39600),
    ("idlw", -43200),
    ("bst", 3600),
    ("cet", 3600),
    ("fwt", 3600),
    ("met", 3600),
    ("mewt", 3600),
    ("mez", 3600),
    ("swt", 3600),
    ("wat", 3600),
    ("west", 3600),
    ("cest", 7200),
    ("eet", 7200),
    ("fst", 7200),
    ("mest", 7200),
    ("mesz", 7200),
    ("sast", 7200),
    ("sst", -39600),
    ("bt", 10800),
    ("eat", 10800),
    ("eest", 10800),
    ("msk", 10800),
    ("msd", 14400),
    ("ist", 19800),
    ("wast", 7200),
    ("cct", 23400),
    ("sgt", 28800),
    ("wadt", 28800),
    ("jst", 32400),
    ("kst", 32400),
    ("east", -21600),
    ("gst", 36000),
    ("eadt", 39600),
    ("idle", 43200),
    ("nzst", 43200),
    ("nzt", 43200),
    ("nzdt", 46800),
    ("aest", 36000),
    ("aedt", 39600),
    ("acst", 34200),
    ("awst", 28800),
    ("hkt", 28800),
];

/// The offset in seconds east of UTC that `zone` names; `None` for what
/// Ruby cannot read (Puppet: "Illegal timezone").
pub fn offset_of(zone: &str) -> Option<i64> {
    let lower = zone.trim().to_ascii_lowercase();
    let (name, dst) = match lower.strip_suffix(" dst") {
        Some(name) => (name.trim_end(), 3600),
        None => (lower.as_str(), 0),
    };
    if let Some(&(_, offset)) = ABBREVIATIONS
        .iter()
        .find(|(abbreviation, _)| *abbreviation == name)
    {
        return Some(offset + dst);
    }
    let numeric = ["gmt", "utc", "ut"]
        .iter()
        .find_map(|prefix| name.strip_prefix(prefix))
        .unwrap_or(name);
    numeric_offset(numeric)
}

/// `+hh`, `+hhmm`, `+hhmmss`, `+hh:mm[:ss]` or `+h.f` (fractional hours).
fn numeric_offset(text: &str) -> Option<i64> {
    let sign = match text.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let body = &text[1..];
    let seconds = if let Some((hours, rest)) = body.split_once(':') {
        let (minutes, seconds) = rest.split_once(':').unwrap_or((rest, "0"));
        number(hours)? * 3600 + number(minutes)? * 60 + number(seconds)?
    } else if let Some((hours, fraction)) = body.split_once(['.', ',']) {
        let fraction: f64 = format!("0.{fraction}").parse().ok()?;
        number(hours)? * 3600 + (fraction * 3600.0).round() as i64
    } else {
        if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let hour_digits = 2 - body.len() % 2;
        let (hours, rest) = body.split_at(hour_digits.min(body.len()));
        let (minutes, seconds) = rest.split_at(rest.len().min(2));
        number(hours)? * 3600 + number_or_zero(minutes)? * 60 + number_or_zero(seconds)?
    };
    Some(sign * seconds)
}

fn number(text: &str) -> Option<i64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn number_or_zero(text: &str) -> Option<i64> {
    if text.is_empty() {
        Some(0)
    } else {
        number(text)
    }
}

/// Whether `text` at its start looks like a zone to Ruby's `%Z`/`%z`:
/// the length of the longest zone it starts with.
pub fn zone_length(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    // A numeric offset, with an optional GMT/UTC prefix.
    let mut start = 0;
    for prefix in ["gmt", "utc", "ut"] {
        if text.len() >= prefix.len() && text[..prefix.len()].eq_ignore_ascii_case(prefix) {
            start = prefix.len();
            break;
        }
    }
    if matches!(bytes.get(start), Some(b'+' | b'-')) {
        let mut end = start + 1;
        while end < bytes.len()
            && (bytes[end].is_ascii_digit() || matches!(bytes[end], b':' | b'.' | b','))
        {
            end += 1;
        }
        if end > start + 1 {
            return Some(end);
        }
    }
    // A name: letters, then maybe " dst".
    let letters = bytes.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    if letters == 0 {
        return None;
    }
    let rest = &text[letters..];
    if rest.len() >= 4 && rest[..4].eq_ignore_ascii_case(" dst") {
        return Some(letters + 4);
    }
    Some(letters)
}

#[cfg(test)]
mod tests {
    use super::offset_of;

    /// Ruby 3.1's `DateTime._strptime(zone, '%z')[:offset]`.
    #[test]
    fn offsets_are_rubys() {
        for (zone, offset) in [
            ("CET", Some(3600)),
            ("EST", Some(-18000)),
            ("cest dst", Some(10800)),
            ("+01:30", Some(5400)),
            ("GMT+2", Some(7200)),
            ("Europe", None),
        ] {
            assert_eq!(offset_of(zone), offset, "{zone}");
        }
    }
}
