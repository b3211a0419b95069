//! The number a string stands for, as Puppet's `Utils.to_n` reads it:
//! arithmetic coerces such a string (the evaluator), and a literal one
//! is a finding (the extractor's validation).

use std::sync::LazyLock;

/// A number a string stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    Integer(i64),
    Float(f64),
}

/// Puppet's `Patterns::NUMERIC`: a sign, a hexadecimal, octal or decimal
/// integer, or a decimal with a fraction or an exponent, blanks around.
static NUMERIC: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(
        r"\A[ \t]*([-+]?)[ \t]*((0[xX][0-9A-Fa-f]+)|(0?[0-9]+)((?:\.[0-9]+)?(?:[eE]-?[0-9]+)?))[ \t]*\z",
    )
    .expect("the numeric pattern compiles")
});

/// The number `text` stands for; `None` when it stands for none
/// (`'0888'`, `'0x12.3'`, `'a'`).
pub fn to_number(text: &str) -> Option<Number> {
    let found = NUMERIC.captures(text)?;
    let negative = &found[1] == "-";
    let number = &found[2];
    let fraction = found.get(5).map_or("", |part| part.as_str());
    if !fraction.is_empty() {
        // Ruby's `Integer()` of the integer part must succeed, and a zero
        // raised to a power stays no number.
        let whole = ruby_integer(&found[4])?;
        let zero_exponent = fraction.trim_start_matches('.').trim_start_matches('0');
        if whole == 0 && (zero_exponent.starts_with(['e', 'E'])) {
            return None;
        }
        let value: f64 = number.parse().ok()?;
        if value.is_infinite() {
            return None;
        }
        return Some(Number::Float(if negative { -value } else { value }));
    }
    let value = ruby_integer(number)?;
    Some(Number::Integer(if negative {
        value.checked_neg()?
    } else {
        value
    }))
}

/// Ruby's `Integer(text)` of a sign-less integer: `0x` hexadecimal, a
/// leading `0` octal, decimal otherwise.
fn ruby_integer(text: &str) -> Option<i64> {
    if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        i64::from_str_radix(hex, 16).ok()
    } else if text.len() > 1 && text.starts_with('0') {
        i64::from_str_radix(&text[1..], 8).ok()
    } else {
        text.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_read_as_puppet_reads_them() {
        // Puppet 7.23, conformance/evaluator's operators area.
        assert_eq!(to_number("0367"), Some(Number::Integer(247)));
        assert_eq!(to_number("0x1F"), Some(Number::Integer(31)));
        assert_eq!(to_number("- 2"), Some(Number::Integer(-2)));
        assert_eq!(to_number("012.3"), Some(Number::Float(12.3)));
        assert_eq!(to_number("0888"), None);
        assert_eq!(to_number("0x12.3"), None);
        assert_eq!(to_number("-\n 2"), None);
        assert_eq!(to_number("-2\n"), None);
        assert_eq!(to_number("0e1"), None);
        assert_eq!(to_number("a"), None);
    }
}
