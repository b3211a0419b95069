//! Types written as text in Puppet's syntax (`Optional[Array[String,
//! 1]]`, `Pattern[/x/]`, `Struct[{'a' => Integer}]`): the built-in types
//! and given aliases, as function signatures and the dispatches of a
//! type's `new` declare them.

use std::collections::HashMap;

use super::{builtin, parameterize, Type};
use crate::catalog::values::{Regexp, Value};

/// A built-in type from its text: `Integer`, `Optional[Array[String, 1]]`,
/// `Enum['a', 'b']`, `Pattern[/x/]`, `Struct[{'a' => Integer}]`.
pub fn parse(text: &str) -> Result<Type, String> {
    parse_with(text, &HashMap::new())
}

/// A type from its text, which may name `aliases`.
pub fn parse_with(text: &str, aliases: &HashMap<String, Type>) -> Result<Type, String> {
    let mut reader = Reader {
        text,
        at: 0,
        aliases,
    };
    let value = reader.value()?;
    reader.blank();
    if reader.at != text.len() {
        return Err(format!("unexpected `{}`", &text[reader.at..]));
    }
    match value {
        Value::Type(ty) => Ok(*ty),
        other => Err(format!("not a type: {}", other.to_text())),
    }
}

struct Reader<'t> {
    text: &'t str,
    at: usize,
    aliases: &'t HashMap<String, Type>,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn blank(&mut self) {
        let trimmed = self.rest().trim_start();
        self.at = self.text.len() - trimmed.len();
    }

    fn eat(&mut self, token: &str) -> bool {
        self.blank();
        if self.rest().starts_with(token) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &str {
        let start = self.at;
        let len = self.rest().find(|c| !keep(c)).unwrap_or(self.rest().len());
        self.at += len;
        &self.text[start..self.at]
    }

    /// Values until `close`, comma separated.
    fn list(&mut self, close: &str) -> Result<Vec<Value>, String> {
        let mut items = Vec::new();
        while !self.eat(close) {
            items.push(self.value()?);
            if !self.eat(",") && !self.rest().trim_start().starts_with(close) {
                return Err(format!("expected `,` or `{close}` at `{}`", self.rest()));
            }
        }
        Ok(items)
    }

    fn value(&mut self) -> Result<Value, String> {
        self.blank();
        let Some(first) = self.rest().chars().next() else {
            return Err("unexpected end".to_string());
        };
        match first {
            '\'' | '"' => {
                self.at += 1;
                let text = self.take_while(|c| c != first).to_string();
                self.at += 1;
                Ok(Value::Str(text))
            }
            '/' => {
                self.at += 1;
                let mut source = String::new();
                let mut chars = self.rest().chars();
                let mut used = 0;
                while let Some(c) = chars.next() {
                    used += c.len_utf8();
                    match c {
                        '/' => break,
                        '\\' => {
                            let next = chars.next().ok_or("unterminated regexp")?;
                            used += next.len_utf8();
                            if next != '/' {
                                source.push('\\');
                            }
                            source.push(next);
                        }
                        c => source.push(c),
                    }
                }
                self.at += used;
                Ok(Value::Regex(Regexp::new(source)))
            }
            '[' => {
                self.at += 1;
                Ok(Value::Array(self.list("]")?))
            }
            '{' => {
                self.at += 1;
                let mut entries = Vec::new();
                while !self.eat("}") {
                    self.blank();
                    // A bare word key is a string, as in Puppet's hashes.
                    let key = if self.rest().starts_with(|c: char| c.is_ascii_lowercase()) {
                        Value::Str(
                            self.take_while(|c| c.is_ascii_alphanumeric() || c == '_')
                                .to_string(),
                        )
                    } else {
                        self.value()?
                    };
                    if !self.eat("=>") {
                        return Err(format!("expected `=>` at `{}`", self.rest()));
                    }
                    entries.push((key, self.value()?));
                    self.eat(",");
                }
                Ok(Value::Hash(entries))
            }
            '-' | '0'..='9' => {
                let number = self
                    .take_while(|c| c.is_ascii_digit() || matches!(c, '-' | '.' | 'e'))
                    .to_string();
                number
                    .parse::<i64>()
                    .map(Value::Integer)
                    .or_else(|_| number.parse::<f64>().map(Value::Float))
                    .map_err(|_| format!("bad number `{number}`"))
            }
            c if c.is_ascii_alphabetic() => {
                let name = self
                    .take_while(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                    .to_string();
                match name.as_str() {
                    "default" => return Ok(Value::Default),
                    "undef" => return Ok(Value::Undef),
                    "true" => return Ok(Value::Bool(true)),
                    "false" => return Ok(Value::Bool(false)),
                    _ => {}
                }
                let base = builtin(&name)
                    .or_else(|| self.aliases.get(&name).cloned())
                    .ok_or_else(|| format!("unknown type `{name}`"))?;
                if self.rest().starts_with('[') {
                    self.at += 1;
                    let keys = self.list("]")?;
                    parameterize(&base, keys).map_err(|e| e.0)
                } else {
                    Ok(Value::of_type(base))
                }
            }
            other => Err(format!("unexpected `{other}`")),
        }
    }
}
