//! `scanf`: Ruby's `String#scanf` (its `scanf` library), which reads the
//! format's directives one after the other, each a pattern anchored where
//! the previous one stopped, and gives the values converted so far.

use fancy_regex::Regex;

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry.add(
        "scanf",
        "String $data, String $format, Callable &$block?",
        scanf,
    );
}

fn scanf(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let directives = parse_format(&args.get(1).to_text())?;
    let mut rest = args.get(0).to_text();
    let mut values = Vec::new();
    for directive in &directives {
        let subject = if directive.counts_space {
            rest.as_str()
        } else {
            rest.trim_start_matches(is_space)
        };
        let Some((value, end)) = directive.read(subject)? else {
            break;
        };
        values.extend(value);
        rest = subject[end..].to_string();
        if rest.is_empty() {
            break;
        }
    }
    let result = Value::Array(values);
    match args.block {
        Some(block) => context.call_block(&block, vec![result]),
        None => Ok(result),
    }
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r')
}

/// What a directive's match becomes.
#[derive(Clone, Copy, PartialEq)]
enum Conversion {
    Text,
    Decimal,
    /// `%i`: Ruby's `Integer()` of the text (`0x1F`, `017`).
    Integer,
    Hex,
    Octal,
    Float,
    /// A literal or `%%`: matched, no value.
    Nothing,
}

/// One directive of a format: its pattern, what its match becomes, whether
/// it is suppressed (`%*d`), whether it reads leading white space.
struct Directive {
    pattern: Regex,
    conversion: Conversion,
    suppressed: bool,
    counts_space: bool,
}

impl Directive {
    /// The value of the directive's match at the start of `text`, and
    /// where the match ends; `None` when it does not match.
    fn read(&self, text: &str) -> Result<Option<(Option<Value>, usize)>> {
        let captures = self
            .pattern
            .captures(text)
            .map_err(|e| fault(e.to_string()))?;
        let Some(captures) = captures else {
            return Ok(None);
        };
        let end = captures.get(0).map_or(0, |m| m.end());
        let matched = captures.get(1).map_or("", |m| m.as_str());
        if self.suppressed || self.conversion == Conversion::Nothing {
            return Ok(Some((None, end)));
        }
        let value = match self.conversion {
            Conversion::Text => Value::string(matched),
            Conversion::Decimal => Value::Integer(leading_integer(matched, 10)),
            Conversion::Hex => {
                let body = matched.trim_start_matches(['+', '-']);
                let body = body
                    .strip_prefix("0x")
                    .or_else(|| body.strip_prefix("0X"))
                    .unwrap_or(body);
                let magnitude = leading_integer(body, 16);
                Value::Integer(if matched.starts_with('-') {
                    -magnitude
                } else {
                    magnitude
                })
            }
            Conversion::Octal => Value::Integer(leading_integer(matched, 8)),
            Conversion::Integer => Value::Integer(ruby_integer(matched)),
            Conversion::Float => Value::Float(ruby_to_f(matched)),
            Conversion::Nothing => return Ok(Some((None, end))),
        };
        Ok(Some((Some(value), end)))
    }
}

/// The leading integer of `text` in `radix`, with its sign (Ruby's `to_i`,
/// `hex`, `oct` of what the directive matched).
fn leading_integer(text: &str, radix: u32) -> i64 {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let digits: String = body.chars().take_while(|c| c.is_digit(radix)).collect();
    let magnitude = i64::from_str_radix(&digits, radix).unwrap_or(0);
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// Ruby's `Integer()` of a matched `%i`: `0x` hexadecimal, a leading `0`
/// octal, else decimal.
fn ruby_integer(text: &str) -> i64 {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude = if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        leading_integer(hex, 16)
    } else if body.len() > 1 && body.starts_with('0') {
        leading_integer(&body[1..], 8)
    } else {
        leading_integer(body, 10)
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// Ruby's `to_f` of a matched float (`1.e5` read as `1e5`).
fn ruby_to_f(text: &str) -> f64 {
    let text = text.replacen(".e", "e", 1).replacen(".E", "E", 1);
    let found = regex::Regex::new(r"\A[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?")
        .expect("a valid pattern")
        .find(&text);
    found.and_then(|m| m.as_str().parse().ok()).unwrap_or(0.0)
}

const HEX: &str = "[A-Fa-f0-9]";

/// The directives of a format, as Ruby's scanf splits it: white space
/// and a `%` directive, or a run of other characters.
fn parse_format(format: &str) -> Result<Vec<Directive>> {
    if !format.chars().any(|c| !is_space(c)) {
        return Ok(Vec::new());
    }
    let splitter = regex::Regex::new(
        r"(?i)(?:\s*%(?:%|\*?\d*(?:\[\[:\w+:\]\]|\[[^\]]*\]|[diuXxofFeEgGscaA])))|[^%\s]+",
    )
    .expect("a valid pattern");
    splitter
        .find_iter(format)
        .map(|found| directive(found.as_str()))
        .collect()
}

/// A directive from its text, by the first of Ruby scanf's forms that
/// fits.
fn directive(spec: &str) -> Result<Directive> {
    let has = |pattern: &str| regex::Regex::new(pattern).expect("a valid pattern");
    let suppressed = has(r"^\s*%\*").is_match(spec);
    let counts_space = has(r"(?:\A|\S)%\*?\d*c|%\d*\[").is_match(spec);
    let width = |captures: &regex::Captures<'_>, at: usize| -> usize {
        captures
            .get(at)
            .and_then(|m| m.as_str().parse().ok())
            .unwrap_or(1)
    };
    let float = r"[-+]?(?:0[xX](?:\.[A-Fa-f0-9]+|[A-Fa-f0-9]+(?:\.[A-Fa-f0-9]*)?)[pP][-+]?\d+|\d+(?![\d.])|\d*\.\d*(?:[eE][-+]?\d+)?)";
    let (pattern, conversion) = if let Some(c) = has(r"%\*?(\[\[:[a-z]+:\]\])").captures(spec) {
        (format!("({}+)", &c[1]), Conversion::Text)
    } else if let Some(c) = has(r"%\*?(\d+)(\[\[:[a-z]+:\]\])").captures(spec) {
        (format!("({}{{1,{}}})", &c[2], &c[1]), Conversion::Text)
    } else if let Some(c) = has(r"%\*?\[([^\]]*)\]").captures(spec) {
        let yes = c[1].to_string();
        let no = match yes.strip_prefix('^') {
            Some(rest) => rest.to_string(),
            None => format!("^{yes}"),
        };
        (format!("([{yes}]+)(?=[{no}]|\\z)"), Conversion::Text)
    } else if let Some(c) = has(r"%\*?(\d+)\[([^\]]*)\]").captures(spec) {
        (format!("([{}]{{1,{}}})", &c[2], &c[1]), Conversion::Text)
    } else if has(r"%\*?i").is_match(spec) {
        (
            format!(r"([-+]?(?:(?:0[0-7]+)|(?:0[Xx]{HEX}+)|(?:[1-9]\d*)))"),
            Conversion::Integer,
        )
    } else if let Some(c) = has(r"%\*?(\d+)i").captures(spec) {
        let n = width(&c, 1);
        let mut alternatives = Vec::new();
        if n > 1 {
            alternatives.push(format!(r"[1-9]\d{{1,{}}}", n - 1));
            alternatives.push(format!("0[0-7]{{1,{}}}", n - 1));
        }
        if n > 2 {
            alternatives.push(format!("[-+]0[0-7]{{1,{}}}", n - 2));
            alternatives.push(format!(r"[-+][1-9]\d{{1,{}}}", n - 2));
            alternatives.push(format!("0[Xx]{HEX}{{1,{}}}", n - 2));
        }
        if n > 3 {
            alternatives.push(format!("[-+]0[Xx]{HEX}{{1,{}}}", n - 3));
        }
        alternatives.push(r"\d".to_string());
        (format!("({})", alternatives.join("|")), Conversion::Integer)
    } else if has(r"%\*?[du]").is_match(spec) {
        (r"([-+]?\d+)".to_string(), Conversion::Decimal)
    } else if let Some(c) = has(r"%\*?(\d+)[du]").captures(spec) {
        let n = width(&c, 1);
        let signed = if n > 1 {
            format!(r"[-+]\d{{1,{}}}|", n - 1)
        } else {
            String::new()
        };
        (format!(r"({signed}\d{{1,{n}}})"), Conversion::Decimal)
    } else if has(r"%\*?[Xx]").is_match(spec) {
        (format!("([-+]?(?:0[Xx])?{HEX}+)"), Conversion::Hex)
    } else if let Some(c) = has(r"%\*?(\d+)[Xx]").captures(spec) {
        let n = width(&c, 1);
        let mut alternatives = Vec::new();
        if n > 3 {
            alternatives.push(format!("[-+]0[Xx]{HEX}{{1,{}}}", n - 3));
        }
        if n > 2 {
            alternatives.push(format!("0[Xx]{HEX}{{1,{}}}", n - 2));
        }
        if n > 1 {
            alternatives.push(format!("[-+]{HEX}{{1,{}}}", n - 1));
        }
        alternatives.push(format!("{HEX}{{1,{n}}}"));
        (format!("({})", alternatives.join("|")), Conversion::Hex)
    } else if has(r"%\*?o").is_match(spec) {
        ("([-+]?[0-7]+)".to_string(), Conversion::Octal)
    } else if let Some(c) = has(r"%\*?(\d+)o").captures(spec) {
        let n = width(&c, 1);
        (
            format!("([-+][0-7]{{1,{}}}|[0-7]{{1,{n}}})", n.saturating_sub(1)),
            Conversion::Octal,
        )
    } else if has(r"%\*?[aefgAEFG]").is_match(spec) {
        (format!("({float})"), Conversion::Float)
    } else if let Some(c) = has(r"%\*?(\d+)[aefgAEFG]").captures(spec) {
        (
            format!(r"(?={float})(\S{{1,{}}})", width(&c, 1)),
            Conversion::Float,
        )
    } else if let Some(c) = has(r"%\*?(\d+)s").captures(spec) {
        (format!(r"(\S{{1,{}}})", width(&c, 1)), Conversion::Text)
    } else if has(r"%\*?s").is_match(spec) {
        (r"(\S+)".to_string(), Conversion::Text)
    } else if has(r"\s%\*?c").is_match(spec) {
        (r"\s*(.)".to_string(), Conversion::Text)
    } else if has(r"%\*?c").is_match(spec) {
        ("(.)".to_string(), Conversion::Text)
    } else if let Some(c) = has(r"%\*?(\d+)c").captures(spec) {
        (format!("(.{{1,{}}})", width(&c, 1)), Conversion::Text)
    } else if spec.contains("%%") {
        (r"(\s*%)".to_string(), Conversion::Nothing)
    } else {
        (
            format!("({})", fancy_regex::escape(spec)),
            Conversion::Nothing,
        )
    };
    let pattern =
        Regex::new(&format!(r"(?s)\A{pattern}")).map_err(|e| fault(format!("scanf(): {e}")))?;
    Ok(Directive {
        pattern,
        conversion,
        suppressed,
        counts_space,
    })
}
