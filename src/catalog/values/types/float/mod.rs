//! `Float` values: 64-bit floating point numbers, written as Ruby writes
//! them (`2.0`, `1.0e+20`), which is how Puppet shows them.

/// `value` as Ruby's `Float#to_s` writes it: the shortest digits that read
/// back the same, with a `.0` when whole, and an exponent (`1.0e+20`,
/// `1.0e-05`) outside 1e-4 .. 1e15.
pub fn ruby_float(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    if value.is_infinite() {
        return if value > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if value == 0.0 {
        return if value.is_sign_negative() {
            "-0.0"
        } else {
            "0.0"
        }
        .to_string();
    }
    // Rust's `{:e}` gives the shortest round-trip digits: `1.5e-5`.
    let scientific = format!("{value:e}");
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if negative { "-" } else { "" };
    if (-4..15).contains(&exponent) {
        let point = exponent + 1;
        let text = if point <= 0 {
            format!("0.{}{digits}", "0".repeat((-point) as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}.0", "0".repeat(point as usize - digits.len()))
        } else {
            format!(
                "{}.{}",
                &digits[..point as usize],
                &digits[point as usize..]
            )
        };
        return format!("{sign}{text}");
    }
    let (first, rest) = digits.split_at(1);
    let rest = if rest.is_empty() { "0" } else { rest };
    let exponent_sign = if exponent < 0 { '-' } else { '+' };
    format!("{sign}{first}.{rest}e{exponent_sign}{:02}", exponent.abs())
}

#[cfg(test)]
mod tests {
    use super::ruby_float;

    #[test]
    fn floats_read_as_ruby_writes_them() {
        for (value, text) in [
            (2.0, "2.0"),
            (0.1, "0.1"),
            (-1.5, "-1.5"),
            (1e20, "1.0e+20"),
            (1e16, "1.0e+16"),
            (1e15, "1.0e+15"),
            (1e14, "100000000000000.0"),
            (1.5e15, "1.5e+15"),
            (0.0001, "0.0001"),
            (0.00001, "1.0e-05"),
            (1.23456e-7, "1.23456e-07"),
            (123.456, "123.456"),
            (2.5625, "2.5625"),
            (1e100, "1.0e+100"),
        ] {
            assert_eq!(ruby_float(value), text, "{value}");
        }
    }
}
