//! Heredocs (`@(END:json)` ... `| END`): the text of a body, shared by the
//! lowering for the evaluator and the validator, and Puppet's syntax checks
//! of static text (`json`, `base64`, `pp`).

use tree_sitter::Node;

/// What a body's end line says: the margin to strip from each line (the
/// blanks before `|`) and whether the last newline goes (`|-`).
pub struct End {
    pub margin: usize,
    pub trim_newline: bool,
}

impl End {
    pub fn of(body: Node, source: &str) -> End {
        let end = body
            .child_by_field_name("end")
            .map_or("", |end| &source[end.byte_range()]);
        End {
            margin: end.find('|').map_or(0, |bar| end[..bar].chars().count()),
            trim_newline: end
                .trim_start()
                .trim_start_matches('|')
                .trim_start()
                .starts_with('-'),
        }
    }
}

/// `line` without up to `margin` leading blanks.
pub fn strip_margin(line: &str, margin: usize) -> &str {
    let blanks = line
        .bytes()
        .take(margin)
        .take_while(|byte| *byte == b' ' || *byte == b'\t')
        .count();
    &line[blanks..]
}

pub fn trim_last_newline(text: &mut String) {
    if text.ends_with('\n') {
        text.pop();
        if text.ends_with('\r') {
            text.pop();
        }
    }
}

/// The text of a body taken literally: from its first part to its end
/// line, each line without the margin, the last newline trimmed by `-`.
/// `$x` and `${...}` are text here, as in a heredoc whose tag is not
/// quoted.
pub fn literal_text(body: Node, source: &str) -> String {
    let end = End::of(body, source);
    let mut cursor = body.walk();
    let start = body
        .named_children(&mut cursor)
        .find(|part| part.kind() != "heredoc_end")
        .map_or(body.start_byte(), |part| part.start_byte());
    let stop = body
        .child_by_field_name("end")
        .map_or(body.end_byte(), |end| end.start_byte());
    let mut text = String::new();
    for line in source[start.min(stop)..stop].split_inclusive('\n') {
        text.push_str(strip_margin(line, end.margin));
    }
    if end.trim_newline {
        trim_last_newline(&mut text);
    }
    text
}

/// A syntax Puppet 7 checks the static text of (its bundled syntax
/// checkers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    Json,
    Base64,
    Puppet,
    Epp,
}

impl Syntax {
    pub fn name(self) -> &'static str {
        match self {
            Syntax::Json => "JSON",
            Syntax::Base64 => "Base64",
            Syntax::Puppet => "Puppet",
            Syntax::Epp => "EPP",
        }
    }

    /// The checker for a heredoc's syntax tag: `data+json` is checked as
    /// `data+json`, then as `json` (the most specific checker wins).
    pub fn of_tag(tag: &str) -> Option<Syntax> {
        let mut rest = tag;
        loop {
            match rest {
                "json" => return Some(Syntax::Json),
                "base64" => return Some(Syntax::Base64),
                "pp" => return Some(Syntax::Puppet),
                "epp" => return Some(Syntax::Epp),
                _ => {}
            }
            rest = rest.split_once('+')?.1;
        }
    }

    /// Puppet's issue code when `text` is not valid in this syntax.
    pub fn check(self, text: &str) -> Option<&'static str> {
        match self {
            // Ruby's JSON parser skips comments, serde_json does not: text
            // with what may be a comment is left unchecked.
            Syntax::Json => (!text.contains("/*")
                && !text.contains("//")
                && serde_json::from_str::<serde_json::Value>(text).is_err())
            .then_some("ILLEGAL_JSON"),
            Syntax::Base64 => (!is_strict_base64(text)).then_some("ILLEGAL_BASE64"),
            Syntax::Puppet => {
                let mut parser = crate::syntax::new_parser();
                let invalid = crate::syntax::parse(&mut parser, text)
                    .is_ok_and(|tree| !crate::syntax::syntax_errors(&tree, text).is_empty());
                invalid.then_some("ILLEGAL_PP")
            }
            Syntax::Epp => (!super::epp::syntax_errors(text).is_empty()).then_some("ILLEGAL_EPP"),
        }
    }
}

/// Ruby's `Base64.strict_decode64` on the text without line breaks, blanks
/// and `?` (Puppet's checker removes `[\r?\n[:blank:]]`): whole groups of
/// four from the alphabet, `=` padding only at the end, no stray bits.
fn is_strict_base64(text: &str) -> bool {
    let cleaned: Vec<u8> = text
        .bytes()
        .filter(|byte| !matches!(byte, b'\r' | b'?' | b'\n' | b' ' | b'\t'))
        .collect();
    if !cleaned.len().is_multiple_of(4) {
        return false;
    }
    let value = |byte: u8| match byte {
        b'A'..=b'Z' => Some(byte - b'A'),
        b'a'..=b'z' => Some(byte - b'a' + 26),
        b'0'..=b'9' => Some(byte - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let padding = cleaned
        .iter()
        .rev()
        .take_while(|&&byte| byte == b'=')
        .count();
    if padding > 2 {
        return false;
    }
    let data = &cleaned[..cleaned.len() - padding];
    let Some(values) = data
        .iter()
        .map(|&byte| value(byte))
        .collect::<Option<Vec<u8>>>()
    else {
        return false;
    };
    // The bits of the last character that fill no byte must be zero.
    match (padding, values.last()) {
        (1, Some(last)) => last & 0b11 == 0,
        (2, Some(last)) => last & 0b1111 == 0,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_strict_as_rubys() {
        // What Ruby 3's Base64.strict_decode64 accepts and refuses.
        for (text, valid) in [
            ("YQ==", true),
            ("", true),
            ("dGhlIHF1aWNrIHJlZCBmb3g=", true),
            ("dGhl\n  IHF1\n", true),
            ("YR==", false),
            ("YQ", false),
            ("Y===", false),
            ("YQ==YQ==", false),
            ("dGhlIHF1aWNrIHJlZCBmb3g", false),
        ] {
            assert_eq!(is_strict_base64(text), valid, "{text:?}");
        }
    }

    #[test]
    fn the_most_specific_checker_wins() {
        assert_eq!(Syntax::of_tag("json"), Some(Syntax::Json));
        assert_eq!(Syntax::of_tag("data+json"), Some(Syntax::Json));
        assert_eq!(Syntax::of_tag("base64"), Some(Syntax::Base64));
        assert_eq!(Syntax::of_tag("yaml"), None);
        assert_eq!(Syntax::of_tag("epp"), Some(Syntax::Epp));
    }
}
