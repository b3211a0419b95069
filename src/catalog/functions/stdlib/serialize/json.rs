//! JSON as Ruby's `json` gem writes and reads it: `generate` and
//! `pretty_generate` with their layout options, and `parse` with the
//! gem's messages (`859: unexpected token at '...'`).

use crate::catalog::values::ruby;
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::Value;

/// `JSON.generate`'s layout: what goes around and between values.
#[derive(Clone, Default)]
pub struct Layout {
    pub indent: String,
    pub space: String,
    pub space_before: String,
    pub object_nl: String,
    pub array_nl: String,
}

impl Layout {
    /// `JSON.pretty_generate`'s layout.
    pub fn pretty() -> Layout {
        Layout {
            indent: "  ".into(),
            space: " ".into(),
            space_before: String::new(),
            object_nl: "\n".into(),
            array_nl: "\n".into(),
        }
    }
}

/// The JSON text of `value`, or the gem's error (NaN, infinities).
pub fn generate(value: &Value, layout: &Layout) -> Result<String, String> {
    let mut out = String::new();
    write(value, layout, 0, &mut out)?;
    Ok(out)
}

fn write(value: &Value, layout: &Layout, depth: usize, out: &mut String) -> Result<(), String> {
    match value {
        Value::Undef => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Integer(i) => out.push_str(&i.to_string()),
        Value::Float(f) if !f.is_finite() => {
            return Err(format!("{} not allowed in JSON", ruby_float(*f)))
        }
        Value::Float(f) => out.push_str(&ruby_float(*f)),
        Value::Str(text) => string(text, out),
        Value::Array(items) => {
            out.push('[');
            out.push_str(&layout.array_nl);
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                    out.push_str(&layout.array_nl);
                }
                out.push_str(&layout.indent.repeat(depth + 1));
                write(item, layout, depth + 1, out)?;
            }
            out.push_str(&layout.array_nl);
            out.push_str(&layout.indent.repeat(depth));
            out.push(']');
        }
        Value::Hash(entries) => {
            out.push('{');
            for (index, (key, value)) in entries.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                out.push_str(&layout.object_nl);
                out.push_str(&layout.indent.repeat(depth + 1));
                string(&key_text(key), out);
                out.push_str(&layout.space_before);
                out.push(':');
                out.push_str(&layout.space);
                write(value, layout, depth + 1, out)?;
            }
            out.push_str(&layout.object_nl);
            out.push_str(&layout.indent.repeat(depth));
            out.push('}');
        }
        other => string(&super::super::strings::any_to_s(other), out),
    }
    Ok(())
}

/// A key as the gem writes it: its `to_s`.
fn key_text(key: &Value) -> String {
    match key {
        Value::Str(text) => text.clone(),
        other => super::super::strings::any_to_s(other),
    }
}

/// A JSON string: quotes, backslashes and control characters escaped,
/// everything else as it is.
fn string(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x08' => out.push_str("\\b"),
            '\x0C' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `JSON.parse(text)`: the value, or the gem's message.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut parser = Parser {
        bytes: text.as_bytes(),
        text,
        at: 0,
    };
    parser.skip_ignored();
    let start = parser.at;
    let value = match parser.value() {
        Ok(value) => value,
        Err(Failure::Raised(message)) => return Err(message),
        Err(Failure::At) => return Err(parser.unexpected(859, start)),
    };
    parser.skip_ignored();
    if parser.at < parser.bytes.len() {
        return Err(parser.unexpected(859, parser.at));
    }
    Ok(value)
}

enum Failure {
    /// A value that did not parse: its container says where.
    At,
    /// An error an array raised.
    Raised(String),
}

struct Parser<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn unexpected(&self, line: u32, at: usize) -> String {
        format!(
            "{line}: unexpected token at '{}'",
            self.text.get(at..).unwrap_or_default()
        )
    }

    /// White space and comments, which the gem ignores.
    fn skip_ignored(&mut self) {
        loop {
            while self.at < self.bytes.len()
                && matches!(self.bytes[self.at], b' ' | b'\t' | b'\n' | b'\r')
            {
                self.at += 1;
            }
            if self.bytes[self.at..].starts_with(b"/*") {
                match self.text[self.at + 2..].find("*/") {
                    Some(end) => self.at += end + 4,
                    None => return,
                }
            } else if self.bytes[self.at..].starts_with(b"//") {
                match self.text[self.at..].find('\n') {
                    Some(end) => self.at += end,
                    None => self.at = self.bytes.len(),
                }
            } else {
                return;
            }
        }
    }

    fn value(&mut self) -> Result<Value, Failure> {
        match self.bytes.get(self.at) {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().ok_or(Failure::At).map(Value::Str),
            Some(b't') if self.bytes[self.at..].starts_with(b"true") => {
                self.at += 4;
                Ok(Value::Bool(true))
            }
            Some(b'f') if self.bytes[self.at..].starts_with(b"false") => {
                self.at += 5;
                Ok(Value::Bool(false))
            }
            Some(b'n') if self.bytes[self.at..].starts_with(b"null") => {
                self.at += 4;
                Ok(Value::Undef)
            }
            Some(b'-' | b'0'..=b'9') => self.number().ok_or(Failure::At),
            _ => Err(Failure::At),
        }
    }

    fn number(&mut self) -> Option<Value> {
        let start = self.at;
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let digits = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let integer_digits = &self.text[digits..self.at];
        if integer_digits.is_empty()
            || (integer_digits.len() > 1 && integer_digits.starts_with('0'))
        {
            self.at = start;
            return None;
        }
        let mut float = false;
        if self.bytes.get(self.at) == Some(&b'.')
            && self.bytes.get(self.at + 1).is_some_and(u8::is_ascii_digit)
        {
            float = true;
            self.at += 1;
            while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                self.at += 1;
            }
        }
        if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
            let mark = self.at;
            self.at += 1;
            if matches!(self.bytes.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                float = true;
                while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                    self.at += 1;
                }
            } else {
                self.at = mark;
            }
        }
        let text = &self.text[start..self.at];
        if float {
            text.parse().ok().map(Value::Float)
        } else {
            text.parse()
                .ok()
                .map(Value::Integer)
                .or_else(|| text.parse().ok().map(Value::Float))
        }
    }

    fn string(&mut self) -> Option<String> {
        let mut out = String::new();
        let mut i = self.at + 1;
        let chars = self.text.get(i..)?;
        let mut iter = chars.char_indices();
        while let Some((offset, c)) = iter.next() {
            match c {
                '"' => {
                    self.at = i + offset + 1;
                    return Some(out);
                }
                '\\' => {
                    let (_, escaped) = iter.next()?;
                    match escaped {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' => out.push('\x08'),
                        'f' => out.push('\x0C'),
                        'u' => {
                            let hex: String =
                                (0..4).filter_map(|_| iter.next().map(|(_, c)| c)).collect();
                            let code = u32::from_str_radix(&hex, 16).ok()?;
                            if hex.len() != 4 {
                                return None;
                            }
                            if (0xD800..0xDC00).contains(&code) {
                                let rest = iter.as_str();
                                if let Some(low) = rest.strip_prefix("\\u").and_then(|r| r.get(..4))
                                {
                                    let low = u32::from_str_radix(low, 16).ok()?;
                                    iter.nth(5);
                                    out.push(char::from_u32(
                                        0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00),
                                    )?);
                                    continue;
                                }
                            }
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        other => out.push(other),
                    }
                }
                c if (c as u32) < 0x20 => return None,
                c => out.push(c),
            }
        }
        i += chars.len();
        let _ = i;
        None
    }

    fn array(&mut self) -> Result<Value, Failure> {
        self.at += 1;
        let mut items = Vec::new();
        self.skip_ignored();
        if self.bytes.get(self.at) == Some(&b']') {
            self.at += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_ignored();
            let start = self.at;
            match self.value() {
                Ok(value) => items.push(value),
                Err(Failure::At) => return Err(Failure::Raised(self.unexpected(451, start))),
                Err(raised) => return Err(raised),
            }
            self.skip_ignored();
            match self.bytes.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(Failure::Raised(self.unexpected(451, self.at))),
            }
        }
    }

    fn object(&mut self) -> Result<Value, Failure> {
        self.at += 1;
        let mut entries: Vec<(Value, Value)> = Vec::new();
        self.skip_ignored();
        if self.bytes.get(self.at) == Some(&b'}') {
            self.at += 1;
            return Ok(Value::Hash(entries));
        }
        loop {
            self.skip_ignored();
            if self.bytes.get(self.at) != Some(&b'"') {
                return Err(Failure::At);
            }
            let key = self.string().ok_or(Failure::At)?;
            self.skip_ignored();
            if self.bytes.get(self.at) != Some(&b':') {
                return Err(Failure::At);
            }
            self.at += 1;
            self.skip_ignored();
            let value = match self.value() {
                Ok(value) => value,
                Err(Failure::At) => return Err(Failure::At),
                Err(raised) => return Err(raised),
            };
            let key = Value::Str(key);
            match entries.iter_mut().find(|(k, _)| *k == key) {
                Some(entry) => entry.1 = value,
                None => entries.push((key, value)),
            }
            self.skip_ignored();
            match self.bytes.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Hash(entries));
                }
                _ => return Err(Failure::At),
            }
        }
    }
}

/// Ruby's `inspect` of a string, as stdlib's `to_ruby` and `to_python`
/// write strings.
pub fn inspect(text: &str) -> String {
    ruby::inspect_str(text)
}
