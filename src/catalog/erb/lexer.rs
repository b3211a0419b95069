//! ERB's scanner in trim mode `-`, and the tokens of the Ruby inside the
//! tags.

use super::{unsupported, Result, Unsupported, MAX_NESTING};

// ---------------------------------------------------------------------------

enum Segment {
    Text(String),
    Code(String),
    Output(String),
}

/// The template cut at its tags, as ERB's trim mode `-` cuts it: `<%-`
/// after nothing but blanks on its line drops those blanks, `-%>` drops
/// the newline after it, `<%%` is a literal `<%`, `<%#` a comment.
fn segments(template: &str) -> Result<Vec<Segment>> {
    let mut segments = Vec::new();
    let mut text = String::new();
    let mut at = 0;
    while let Some(found) = template[at..].find("<%") {
        let open = at + found;
        let tag = &template[open..];
        if tag.starts_with("<%%") {
            text.push_str(&template[at..open]);
            text.push_str("<%");
            at = open + 3;
            continue;
        }
        let mut text_end = open;
        if tag.starts_with("<%-") {
            let line_start = template[..open]
                .rfind('\n')
                .map_or(0, |newline| newline + 1);
            let indent = &template[line_start.max(at)..open];
            if line_start >= at && indent.chars().all(|c| c == ' ' || c == '\t') {
                text_end = line_start;
            }
        }
        text.push_str(&template[at..text_end]);
        let (kind, body_start) = match tag.as_bytes().get(2) {
            Some(b'=') => ('=', open + 3),
            Some(b'#') => ('#', open + 3),
            Some(b'-') => ('%', open + 3),
            _ => ('%', open + 2),
        };
        let Some(close) = template[body_start..]
            .find("%>")
            .map(|close| body_start + close)
        else {
            return unsupported("a tag without its %>");
        };
        let mut code = &template[body_start..close];
        at = close + 2;
        if let Some(trimmed) = code.strip_suffix('-') {
            code = trimmed;
            if template[at..].starts_with('\n') {
                at += 1;
            }
        }
        if !text.is_empty() {
            segments.push(Segment::Text(std::mem::take(&mut text)));
        }
        match kind {
            '=' => segments.push(Segment::Output(code.to_string())),
            '#' => {}
            _ => segments.push(Segment::Code(code.to_string())),
        }
    }
    text.push_str(&template[at..]);
    if !text.is_empty() {
        segments.push(Segment::Text(text));
    }
    Ok(segments)
}

// ---------------------------------------------------------------------------
// Ruby tokens
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    IVar(String),
    /// `$1` ... `$9`: a group of the last regexp match.
    MatchGroup(usize),
    Const(String),
    /// `name:` in a hash literal.
    Label(String),
    Int(i64),
    Float(f64),
    Str(Vec<StrPart>),
    Regex(String),
    Sym(String),
    Op(&'static str),
    /// A statement ends: newline, `;`, or the end of a tag.
    End,
    Text(String),
    OutputStart,
    OutputEnd,
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum StrPart {
    Text(String),
    Code(Vec<Tok>),
}

const OPERATORS: &[&str] = &[
    "<=>", "===", "||=", "**", "==", "!=", "=~", "!~", ">=", "<=", "&&", "||", "<<", "+=", "-=",
    "=>", "...", "..", "::", "+", "-", "*", "/", "%", "=", "<", ">", "!", "?", ":", ".", ",", "(",
    ")", "[", "]", "{", "}", "|", "&",
];

pub(super) fn tokenize(template: &str) -> Result<Vec<Tok>> {
    let mut tokens = Vec::new();
    for segment in segments(template)? {
        match segment {
            Segment::Text(text) => tokens.push(Tok::Text(text)),
            Segment::Code(code) => {
                lex(&code, &mut tokens, 0)?;
                tokens.push(Tok::End);
            }
            Segment::Output(code) => {
                tokens.push(Tok::OutputStart);
                lex(&code, &mut tokens, 0)?;
                tokens.push(Tok::OutputEnd);
            }
        }
    }
    tokens.push(Tok::Eof);
    Ok(tokens)
}

/// Whether a token ends an operand, so that `/` after it divides and `:`
/// is not a symbol.
fn ends_operand(token: Option<&Tok>) -> bool {
    match token {
        Some(Tok::Ident(name)) => !matches!(
            name.as_str(),
            "if" | "elsif" | "unless" | "and" | "or" | "not" | "when" | "then" | "return"
        ),
        Some(
            Tok::IVar(_)
            | Tok::Const(_)
            | Tok::Int(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::Regex(_)
            | Tok::Sym(_),
        ) => true,
        Some(Tok::Op(op)) => matches!(*op, ")" | "]" | "}"),
        _ => false,
    }
}

/// Ruby's tokens of `code`, `depth` strings deep in interpolations.
fn lex(code: &str, tokens: &mut Vec<Tok>, depth: usize) -> Result<()> {
    if depth > MAX_NESTING {
        return unsupported("strings nested this deep");
    }
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' || c == ';' {
            tokens.push(Tok::End);
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '_') {
                i += 1;
            }
            let mut float = false;
            if i + 1 < chars.len() && chars[i] == '.' && chars[i + 1].is_ascii_digit() {
                float = true;
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
            }
            let text: String = chars[start..i].iter().filter(|c| **c != '_').collect();
            tokens.push(if float {
                Tok::Float(text.parse().map_err(|_| Unsupported(text.clone()))?)
            } else {
                Tok::Int(text.parse().map_err(|_| Unsupported(text.clone()))?)
            });
        } else if c == '$' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
            let start = i + 1;
            i = start;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            tokens.push(Tok::MatchGroup(
                digits.parse().map_err(|_| Unsupported(digits))?,
            ));
        } else if c == '@' {
            if chars.get(i + 1) == Some(&'@') {
                return unsupported("class variables");
            }
            let start = i + 1;
            i = start;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Tok::IVar(chars[start..i].iter().collect()));
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            // `empty?`, `defined?`, `sort!`: but not `a ?b : c` or `a != b`.
            if i < chars.len()
                && (chars[i] == '?' || chars[i] == '!')
                && chars.get(i + 1) != Some(&'=')
                && !chars.get(i + 1).is_some_and(|next| next.is_alphanumeric())
            {
                i += 1;
            }
            let name: String = chars[start..i].iter().collect();
            let label = chars.get(i) == Some(&':')
                && chars.get(i + 1) != Some(&':')
                && !name.ends_with('?');
            if label && chars.get(i + 1).is_some_and(|next| next.is_whitespace()) {
                tokens.push(Tok::Label(name));
                i += 1;
            } else if name.starts_with(|c: char| c.is_uppercase()) {
                tokens.push(Tok::Const(name));
            } else {
                tokens.push(Tok::Ident(name));
            }
        } else if c == '\'' {
            let mut text = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return unsupported("an unterminated string"),
                    Some('\'') => break,
                    Some('\\') if matches!(chars.get(i + 1), Some('\\' | '\'')) => {
                        text.push(chars[i + 1]);
                        i += 2;
                    }
                    Some(other) => {
                        text.push(*other);
                        i += 1;
                    }
                }
            }
            i += 1;
            tokens.push(Tok::Str(vec![StrPart::Text(text)]));
        } else if c == '"' {
            let (parts, next) = double_quoted(&chars, i + 1, depth)?;
            tokens.push(Tok::Str(parts));
            i = next;
        } else if c == ':'
            && chars
                .get(i + 1)
                .is_some_and(|n| n.is_alphabetic() || *n == '_')
            && !ends_operand(tokens.last())
        {
            let start = i + 1;
            i = start;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(Tok::Sym(chars[start..i].iter().collect()));
        } else if c == '/' && !ends_operand(tokens.last()) {
            let mut pattern = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => return unsupported("an unterminated regex"),
                    Some('/') => break,
                    Some('\\') if chars.get(i + 1) == Some(&'/') => {
                        pattern.push('/');
                        i += 2;
                    }
                    Some('\\') => {
                        pattern.push('\\');
                        pattern.extend(chars.get(i + 1));
                        i += 2;
                    }
                    Some(other) => {
                        pattern.push(*other);
                        i += 1;
                    }
                }
            }
            i += 1;
            // Ruby's flags as the engine's: `i` as is, `m` (a dot matches
            // a newline) as `s`, `x` as is.
            let mut flags = String::new();
            while let Some(flag) = chars.get(i).filter(|flag| flag.is_alphabetic()) {
                match flag {
                    'i' | 'x' => flags.push(*flag),
                    'm' => flags.push('s'),
                    _ => return unsupported(format!("the regex flag {flag}")),
                }
                i += 1;
            }
            if !flags.is_empty() {
                pattern = format!("(?{flags}){pattern}");
            }
            tokens.push(Tok::Regex(pattern));
        } else if c == '%' && !ends_operand(tokens.last()) {
            return unsupported("% literals");
        } else {
            let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
            let Some(op) = OPERATORS.iter().find(|op| rest.starts_with(**op)) else {
                return unsupported(format!("the character {c:?}"));
            };
            tokens.push(Tok::Op(op));
            i += op.chars().count();
        }
    }
    Ok(())
}

/// A double-quoted string from `start` (after its quote): its text and
/// `#{...}` parts, and where it ends.
fn double_quoted(chars: &[char], start: usize, depth: usize) -> Result<(Vec<StrPart>, usize)> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut i = start;
    loop {
        match chars.get(i) {
            None => return unsupported("an unterminated string"),
            Some('"') => break,
            Some('\\') => {
                let escaped = chars.get(i + 1).copied().unwrap_or('\\');
                text.push(match escaped {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    's' => ' ',
                    '0' => '\0',
                    'e' => '\u{1b}',
                    other => other,
                });
                i += 2;
            }
            Some('#') if chars.get(i + 1) == Some(&'{') => {
                let mut braces = 0;
                let mut end = i + 2;
                loop {
                    match chars.get(end) {
                        None => return unsupported("an unterminated interpolation"),
                        Some('{') => braces += 1,
                        Some('}') if braces == 0 => break,
                        Some('}') => braces -= 1,
                        _ => {}
                    }
                    end += 1;
                }
                if !text.is_empty() {
                    parts.push(StrPart::Text(std::mem::take(&mut text)));
                }
                let code: String = chars[i + 2..end].iter().collect();
                let mut tokens = Vec::new();
                lex(&code, &mut tokens, depth + 1)?;
                tokens.push(Tok::Eof);
                parts.push(StrPart::Code(tokens));
                i = end + 1;
            }
            Some(other) => {
                text.push(*other);
                i += 1;
            }
        }
    }
    if !text.is_empty() || parts.is_empty() {
        parts.push(StrPart::Text(text));
    }
    Ok((parts, i + 1))
}
