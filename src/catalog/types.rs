//! Puppet's data types, as far as the evaluator checks parameter values
//! against them, with Puppet 7's words for a mismatch ("expects a String
//! value, got Integer"; `TypeMismatchDescriber`). A type pfacts does not
//! know, or a pattern Rust's regex engine cannot read, accepts every value:
//! a check never fails where Puppet's passes.

use std::collections::HashMap;
use std::fmt;

use super::value::Value;

/// A type expression: a name and its parameters (`Integer[1, 10]`).
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    pub name: String,
    pub args: Vec<Arg>,
}

/// A type's parameter.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Type(TypeExpr),
    Integer(i64),
    Float(f64),
    Str(String),
    Regex(String),
    Default,
    /// `true`, `false` or `undef` (`Enum['a', true]`).
    Word(String),
    Hash(Vec<(Arg, Arg)>),
}

impl fmt::Display for TypeExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.args.is_empty() {
            let args: Vec<String> = self.args.iter().map(Arg::to_string).collect();
            write!(f, "[{}]", args.join(", "))?;
        }
        Ok(())
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Type(ty) => write!(f, "{ty}"),
            Arg::Integer(value) => write!(f, "{value}"),
            Arg::Float(value) => write!(f, "{value:?}"),
            Arg::Str(text) => write!(f, "'{text}'"),
            Arg::Regex(source) => write!(f, "/{source}/"),
            Arg::Default => f.write_str("default"),
            Arg::Word(word) => f.write_str(word),
            Arg::Hash(entries) => {
                let entries: Vec<String> = entries
                    .iter()
                    .map(|(key, value)| format!("{key} => {value}"))
                    .collect();
                write!(f, "{{{}}}", entries.join(", "))
            }
        }
    }
}

/// Reads a type expression; `None` for text pfacts cannot read.
pub fn parse(text: &str) -> Option<TypeExpr> {
    let mut reader = Reader {
        text: text.as_bytes(),
        at: 0,
    };
    let ty = reader.type_expr()?;
    reader.blanks();
    (reader.at == reader.text.len()).then_some(ty)
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn blanks(&mut self) {
        while self.at < self.text.len() {
            match self.text[self.at] {
                b' ' | b'\t' | b'\r' | b'\n' => self.at += 1,
                b'#' => {
                    while self.at < self.text.len() && self.text[self.at] != b'\n' {
                        self.at += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blanks();
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn word(&mut self) -> Option<String> {
        self.blanks();
        let start = self.at;
        while self.at < self.text.len()
            && (self.text[self.at].is_ascii_alphanumeric()
                || matches!(self.text[self.at], b'_' | b':'))
        {
            self.at += 1;
        }
        (self.at > start).then(|| String::from_utf8_lossy(&self.text[start..self.at]).into_owned())
    }

    fn type_expr(&mut self) -> Option<TypeExpr> {
        let name = self.word()?;
        let name = name.trim_start_matches("::").to_string();
        if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
            return None;
        }
        let mut args = Vec::new();
        if self.eat(b'[') && !self.eat(b']') {
            loop {
                args.push(self.arg()?);
                if self.eat(b',') {
                    if self.eat(b']') {
                        break;
                    }
                    continue;
                }
                if self.eat(b']') {
                    break;
                }
                return None;
            }
        }
        Some(TypeExpr { name, args })
    }

    fn arg(&mut self) -> Option<Arg> {
        match self.peek()? {
            quote @ (b'\'' | b'"') => self.string(quote).map(Arg::Str),
            b'/' => self.regex().map(Arg::Regex),
            b'{' => self.hash(),
            b'-' | b'0'..=b'9' => self.number(),
            _ => {
                let start = self.at;
                match self.word()?.as_str() {
                    "default" => Some(Arg::Default),
                    word @ ("true" | "false" | "undef") => Some(Arg::Word(word.to_string())),
                    // A bare word is a string (`Struct[{a => Integer}]`).
                    word if word.starts_with(|c: char| c.is_ascii_lowercase()) => {
                        Some(Arg::Str(word.to_string()))
                    }
                    _ => {
                        self.at = start;
                        self.type_expr().map(Arg::Type)
                    }
                }
            }
        }
    }

    fn string(&mut self, quote: u8) -> Option<String> {
        self.at += 1;
        let mut text = Vec::new();
        while self.at < self.text.len() {
            match self.text[self.at] {
                b'\\'
                    if self.at + 1 < self.text.len()
                        && (self.text[self.at + 1] == quote || self.text[self.at + 1] == b'\\') =>
                {
                    text.push(self.text[self.at + 1]);
                    self.at += 2;
                }
                byte if byte == quote => {
                    self.at += 1;
                    return Some(String::from_utf8_lossy(&text).into_owned());
                }
                byte => {
                    text.push(byte);
                    self.at += 1;
                }
            }
        }
        None
    }

    fn regex(&mut self) -> Option<String> {
        self.at += 1;
        let start = self.at;
        while self.at < self.text.len() {
            match self.text[self.at] {
                b'\\' => self.at += 2,
                b'/' => {
                    let source = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
                    self.at += 1;
                    return Some(source);
                }
                _ => self.at += 1,
            }
        }
        None
    }

    fn number(&mut self) -> Option<Arg> {
        let start = self.at;
        self.at += 1;
        while self.at < self.text.len()
            && (self.text[self.at].is_ascii_alphanumeric() || self.text[self.at] == b'.')
        {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.text[start..self.at]).ok()?;
        text.parse()
            .map(Arg::Integer)
            .ok()
            .or_else(|| text.parse().map(Arg::Float).ok())
    }

    fn hash(&mut self) -> Option<Arg> {
        self.at += 1;
        let mut entries = Vec::new();
        loop {
            if self.eat(b'}') {
                return Some(Arg::Hash(entries));
            }
            let key = self.arg()?;
            if !(self.eat(b'=') && self.eat(b'>')) {
                return None;
            }
            let value = self.arg()?;
            entries.push((key, value));
            if !self.eat(b',') {
                return self.eat(b'}').then_some(Arg::Hash(entries));
            }
        }
    }
}

/// How deep aliases may refer to aliases before the check gives up (and
/// accepts).
const MAX_ALIAS_DEPTH: usize = 32;

/// The types of an environment: its aliases, and what was read of them.
#[derive(Default)]
pub struct Types {
    /// Alias texts by lower-case name.
    aliases: HashMap<String, String>,
    parsed: HashMap<String, Option<TypeExpr>>,
    regexes: HashMap<String, Option<regex::Regex>>,
}

impl Types {
    /// `aliases`: (name, type text) of each `type Name = ...`.
    pub fn new<'a>(aliases: impl IntoIterator<Item = &'a (String, String)>) -> Types {
        let mut types = Types::default();
        for (name, text) in aliases {
            types
                .aliases
                .entry(name.to_lowercase())
                .or_insert_with(|| text.clone());
        }
        types
    }

    /// Why `value` is not of the type written `text`, in Puppet's words;
    /// `None` when it is, or when pfacts cannot tell.
    pub fn mismatch(&mut self, text: &str, value: &Value) -> Option<String> {
        let ty = self.parsed(text)?;
        self.describe(&ty, value, 0)
    }

    fn parsed(&mut self, text: &str) -> Option<TypeExpr> {
        self.parsed
            .entry(text.to_string())
            .or_insert_with(|| parse(text))
            .clone()
    }

    fn alias(&mut self, name: &str) -> Option<TypeExpr> {
        let text = self.aliases.get(&name.to_lowercase())?.clone();
        self.parsed(&text)
    }

    fn regex(&mut self, source: &str) -> Option<regex::Regex> {
        self.regexes
            .entry(source.to_string())
            .or_insert_with(|| regex::RegexBuilder::new(source).octal(true).build().ok())
            .clone()
    }

    fn describe(&mut self, ty: &TypeExpr, value: &Value, depth: usize) -> Option<String> {
        if depth > MAX_ALIAS_DEPTH || self.matches(ty, value, depth) {
            return None;
        }
        let resolved = self.resolve(ty);
        let members = |args: &[Arg]| -> Vec<TypeExpr> {
            args.iter()
                .filter_map(|arg| match arg {
                    Arg::Type(member) => Some(member.clone()),
                    _ => None,
                })
                .collect()
        };
        let described = match (resolved.name.as_str(), value) {
            ("Optional", _) => {
                let inner = members(&resolved.args).into_iter().next()?;
                let expected = match self.resolve(&inner) {
                    variant if variant.name == "Variant" && is_builtin(&inner.name) => {
                        members(&variant.args)
                    }
                    _ => vec![inner],
                };
                self.type_mismatch(&expected, true, value)
            }
            ("Variant", _) if is_builtin(&ty.name) => {
                self.type_mismatch(&members(&resolved.args), false, value)
            }
            ("Enum" | "Pattern", _) => {
                let got = match value {
                    Value::Str(text) => format!("'{text}'"),
                    other => simple_name(other).to_string(),
                };
                format!("expects a match for {}, got {got}", self.expanded(ty, 0))
            }
            ("Array", Value::Array(items)) if sizes_fit(&resolved.args, 1, items.len()) => {
                let element = members(&resolved.args).into_iter().next()?;
                return items.iter().enumerate().find_map(|(index, item)| {
                    self.describe(&element, item, depth + 1)
                        .map(|inner| format!("index {index} {inner}"))
                });
            }
            ("Hash", Value::Hash(entries)) if sizes_fit(&resolved.args, 2, entries.len()) => {
                let value_type = match resolved.args.get(1) {
                    Some(Arg::Type(inner)) => inner.clone(),
                    _ => return None,
                };
                return entries.iter().find_map(|(key, entry)| {
                    self.describe(&value_type, entry, depth + 1)
                        .map(|inner| format!("entry '{}' {inner}", key.to_text()))
                });
            }
            ("Struct", Value::Hash(entries)) => {
                return self.describe_struct(&resolved, entries, depth)
            }
            _ => self.type_mismatch(std::slice::from_ref(ty), false, value),
        };
        Some(described)
    }

    /// Puppet's `TypeMismatch` message: the expected types in full (aliases
    /// expanded) when the value is close to them, else by their names.
    fn type_mismatch(&mut self, expected: &[TypeExpr], optional: bool, value: &Value) -> String {
        let detailed = expected.iter().any(|ty| self.report_detailed(ty, value));
        let (mut names, actual) = if detailed {
            let names: Vec<String> = expected.iter().map(|ty| self.expanded(ty, 0)).collect();
            let close = expected
                .iter()
                .any(|ty| always_fully_detailed(&self.resolve(ty), false, value));
            (
                names,
                if close {
                    expanded_actual(value)
                } else {
                    simple_name(value).to_string()
                },
            )
        } else {
            let mut names: Vec<String> = Vec::new();
            for ty in expected {
                let name = short_name(ty);
                if !names.contains(&name) {
                    names.push(name);
                }
            }
            (names, simple_name(value).to_string())
        };
        if optional {
            names.insert(0, "Undef".to_string());
        }
        match names.as_slice() {
            [only] => format!("expects {} {only} value, got {actual}", article(only)),
            [first, second] => format!("expects a value of type {first} or {second}, got {actual}"),
            [rest @ .., last] => format!(
                "expects a value of type {}, or {last}, got {actual}",
                rest.join(", ")
            ),
            [] => format!("expects a value, got {actual}"),
        }
    }

    /// Puppet's `report_detailed?`: the value is of the expected type's
    /// kind, or the expected type is an alias.
    fn report_detailed(&mut self, ty: &TypeExpr, value: &Value) -> bool {
        let is_alias = !is_builtin(&ty.name) && self.aliases.contains_key(&ty.name.to_lowercase());
        let resolved = self.resolve(ty);
        let general = TypeExpr {
            name: resolved.name.clone(),
            args: Vec::new(),
        };
        always_fully_detailed(&resolved, is_alias, value) || self.matches(&general, value, 0)
    }

    /// `ty` with its aliases resolved, at the top.
    fn resolve(&mut self, ty: &TypeExpr) -> TypeExpr {
        let mut resolved = ty.clone();
        for _ in 0..MAX_ALIAS_DEPTH {
            if is_builtin(&resolved.name) {
                break;
            }
            match self.alias(&resolved.name) {
                Some(next) => resolved = next,
                None => break,
            }
        }
        resolved
    }

    /// Puppet's `to_alias_expanded_s`: `Stdlib::Port = Integer[0, 65535]`.
    fn expanded(&mut self, ty: &TypeExpr, depth: usize) -> String {
        if depth < MAX_ALIAS_DEPTH && !is_builtin(&ty.name) {
            if let Some(resolved) = self.alias(&ty.name) {
                return format!("{} = {}", ty.name, self.expanded(&resolved, depth + 1));
            }
        }
        if ty.args.is_empty() {
            return ty.name.clone();
        }
        let args: Vec<String> = ty
            .args
            .iter()
            .map(|arg| match arg {
                Arg::Type(inner) => self.expanded(inner, depth + 1),
                other => other.to_string(),
            })
            .collect();
        format!("{}[{}]", ty.name, args.join(", "))
    }

    fn describe_struct(
        &mut self,
        ty: &TypeExpr,
        entries: &[(Value, Value)],
        depth: usize,
    ) -> Option<String> {
        let Some(Arg::Hash(members)) = ty.args.first() else {
            return None;
        };
        let members = struct_members(members);
        for (key, _) in entries {
            let key = key.to_text();
            if !members.iter().any(|(name, ..)| *name == key) {
                return Some(format!("unrecognized key '{key}'"));
            }
        }
        for (name, optional, member_type) in &members {
            let given = entries
                .iter()
                .find(|(key, _)| key.to_text() == *name)
                .map(|(_, value)| value);
            match (given, member_type) {
                (None, _) if *optional => {}
                (None, Some(member_type)) if self.matches(member_type, &Value::Undef, depth) => {}
                (None, _) => return Some(format!("expects a value for key '{name}'")),
                (Some(value), Some(member_type)) => {
                    if let Some(inner) = self.describe(member_type, value, depth + 1) {
                        return Some(format!("entry '{name}' {inner}"));
                    }
                }
                (Some(_), None) => {}
            }
        }
        None
    }

    /// Whether `value` is an instance of `ty`.
    fn matches(&mut self, ty: &TypeExpr, value: &Value, depth: usize) -> bool {
        let args = &ty.args;
        let inner = |index: usize| match args.get(index) {
            Some(Arg::Type(inner)) => Some(inner.clone()),
            _ => None,
        };
        match ty.name.as_str() {
            "Any" | "RichData" => true,
            "Undef" => *value == Value::Undef,
            "Default" => *value == Value::Default,
            "Boolean" => matches!(value, Value::Bool(_)),
            "String" => match value {
                Value::Str(text) => in_range(args, 0, text.chars().count() as i64),
                _ => false,
            },
            "Integer" => match value {
                Value::Integer(number) => in_range(args, 0, *number),
                _ => false,
            },
            "Float" => match value {
                Value::Float(number) => in_float_range(args, *number),
                _ => false,
            },
            "Numeric" => matches!(value, Value::Integer(_) | Value::Float(_)),
            "Scalar" => matches!(
                value,
                Value::Str(_)
                    | Value::Integer(_)
                    | Value::Float(_)
                    | Value::Bool(_)
                    | Value::Regex(_)
            ),
            "ScalarData" => matches!(
                value,
                Value::Str(_) | Value::Integer(_) | Value::Float(_) | Value::Bool(_)
            ),
            "Data" => is_data(value),
            "Regexp" => matches!(value, Value::Regex(_)),
            "Type" => matches!(value, Value::Type(_) | Value::Ref(..)),
            "Collection" => match value {
                Value::Array(items) => in_range(args, 0, items.len() as i64),
                Value::Hash(entries) => in_range(args, 0, entries.len() as i64),
                _ => false,
            },
            "Enum" => match value {
                Value::Str(text) => args
                    .iter()
                    .any(|arg| matches!(arg, Arg::Str(option) if option == text)),
                _ => false,
            },
            "Pattern" => match value {
                Value::Str(text) => {
                    let sources: Vec<String> = args
                        .iter()
                        .filter_map(|arg| match arg {
                            Arg::Regex(source) | Arg::Str(source) => Some(source.clone()),
                            _ => None,
                        })
                        .collect();
                    sources.iter().any(|source| match self.regex(source) {
                        Some(regex) => regex.is_match(text),
                        None => true,
                    })
                }
                _ => false,
            },
            "Optional" => {
                *value == Value::Undef
                    || match args.first() {
                        Some(Arg::Type(inner)) => self.matches(inner, value, depth),
                        Some(Arg::Str(option)) => {
                            matches!(value, Value::Str(text) if text == option)
                        }
                        _ => true,
                    }
            }
            "NotUndef" => {
                *value != Value::Undef
                    && inner(0).is_none_or(|inner| self.matches(&inner, value, depth))
            }
            "Variant" => args.iter().any(|arg| match arg {
                Arg::Type(member) => self.matches(member, value, depth),
                _ => false,
            }),
            "Sensitive" => match value {
                Value::Sensitive(wrapped) => {
                    inner(0).is_none_or(|inner| self.matches(&inner, wrapped, depth))
                }
                _ => false,
            },
            "Array" => match value {
                Value::Array(items) => {
                    sizes_fit(args, 1, items.len())
                        && inner(0).is_none_or(|element| {
                            items.iter().all(|item| self.matches(&element, item, depth))
                        })
                }
                _ => false,
            },
            "Hash" => match value {
                Value::Hash(entries) => {
                    sizes_fit(args, 2, entries.len())
                        && inner(0).is_none_or(|key_type| {
                            entries
                                .iter()
                                .all(|(key, _)| self.matches(&key_type, key, depth))
                        })
                        && inner(1).is_none_or(|value_type| {
                            entries
                                .iter()
                                .all(|(_, entry)| self.matches(&value_type, entry, depth))
                        })
                }
                _ => false,
            },
            "Tuple" => match value {
                Value::Array(items) => self.tuple_matches(args, items, depth),
                _ => false,
            },
            "Struct" => match value {
                Value::Hash(entries) => self.describe_struct(ty, entries, depth).is_none(),
                _ => false,
            },
            name if is_builtin(name) => true,
            name => match self.alias(name) {
                Some(resolved) if depth < MAX_ALIAS_DEPTH => {
                    self.matches(&resolved, value, depth + 1)
                }
                _ => true,
            },
        }
    }

    fn tuple_matches(&mut self, args: &[Arg], items: &[Value], depth: usize) -> bool {
        let types: Vec<TypeExpr> = args
            .iter()
            .filter_map(|arg| match arg {
                Arg::Type(member) => Some(member.clone()),
                _ => None,
            })
            .collect();
        let bounds: Vec<&Arg> = args
            .iter()
            .filter(|arg| !matches!(arg, Arg::Type(_)))
            .collect();
        let bound = |index: usize, otherwise: i64| match bounds.get(index) {
            Some(Arg::Integer(value)) => *value,
            _ => otherwise,
        };
        let min = bound(0, types.len() as i64);
        let max = bound(
            1,
            if bounds.is_empty() {
                types.len() as i64
            } else {
                i64::MAX
            },
        );
        let length = items.len() as i64;
        if length < min || length > max {
            return false;
        }
        items
            .iter()
            .enumerate()
            .all(|(index, item)| match types.get(index).or(types.last()) {
                Some(member) => self.matches(member, item, depth),
                None => true,
            })
    }
}

/// The members of a `Struct`: key, whether it may be left out
/// (`Optional['k']`), and its value type.
fn struct_members(members: &[(Arg, Arg)]) -> Vec<(String, bool, Option<TypeExpr>)> {
    members
        .iter()
        .filter_map(|(key, value)| {
            let (name, optional) = match key {
                Arg::Str(name) => (name.clone(), false),
                Arg::Type(TypeExpr {
                    name: wrapper,
                    args,
                }) => match args.first() {
                    Some(Arg::Str(name)) => (name.clone(), wrapper == "Optional"),
                    _ => return None,
                },
                _ => return None,
            };
            let value_type = match value {
                Arg::Type(ty) => Some(ty.clone()),
                _ => None,
            };
            Some((name, optional, value_type))
        })
        .collect()
}

/// Puppet's `always_fully_detailed?` for a resolved expected type: the
/// value is of its kind (or it is an alias, or a `Struct` or `Tuple` for a
/// hash or an array).
fn always_fully_detailed(resolved: &TypeExpr, is_alias: bool, value: &Value) -> bool {
    is_alias
        || resolved.name == simple_name(value)
        || matches!(
            (resolved.name.as_str(), value),
            ("Struct", Value::Hash(_)) | ("Tuple", Value::Array(_))
        )
}

/// Puppet's `short_name`: the type's name, with the contained type's name
/// for `Optional`, `NotUndef`, `Sensitive` and `Type`.
fn short_name(ty: &TypeExpr) -> String {
    match (ty.name.as_str(), ty.args.first()) {
        ("Optional" | "NotUndef" | "Sensitive" | "Type", Some(Arg::Type(inner)))
            if inner.name != "Any" =>
        {
            format!("{}[{}]", ty.name, inner.name)
        }
        _ => ty.name.clone(),
    }
}

fn article(shown: &str) -> &'static str {
    match shown.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U') => "an",
        _ => "a",
    }
}

/// The name of a value's type, as Puppet's `simple_name` (and its
/// messages' `label`) gives it.
pub(super) fn simple_name(value: &Value) -> &'static str {
    match value {
        Value::Undef => "Undef",
        Value::Default => "Default",
        Value::Bool(_) => "Boolean",
        Value::Integer(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Str(_) => "String",
        Value::Regex(_) => "Regexp",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Type(_) | Value::Ref(..) => "Type",
        Value::Sensitive(_) => "Sensitive",
    }
}

/// A value's exact type where Puppet shows it: an integer's range.
fn expanded_actual(value: &Value) -> String {
    match value {
        Value::Integer(number) => format!("Integer[{number}, {number}]"),
        Value::Float(number) => format!("Float[{number:?}, {number:?}]"),
        other => simple_name(other).to_string(),
    }
}

fn is_data(value: &Value) -> bool {
    match value {
        Value::Undef | Value::Str(_) | Value::Integer(_) | Value::Float(_) | Value::Bool(_) => true,
        Value::Array(items) => items.iter().all(is_data),
        Value::Hash(entries) => entries
            .iter()
            .all(|(key, value)| matches!(key, Value::Str(_)) && is_data(value)),
        _ => false,
    }
}

/// Whether `length` is within the `[min, max]` that starts at argument
/// `from` (integers or `default`).
fn in_range(args: &[Arg], from: usize, length: i64) -> bool {
    let bound = |index: usize, otherwise: i64| match args.get(from + index) {
        Some(Arg::Integer(value)) => *value,
        _ => otherwise,
    };
    let (min, max) = (bound(0, i64::MIN), bound(1, i64::MAX));
    min <= length && length <= max
}

fn in_float_range(args: &[Arg], number: f64) -> bool {
    let bound = |index: usize, otherwise: f64| match args.get(index) {
        Some(Arg::Integer(value)) => *value as f64,
        Some(Arg::Float(value)) => *value,
        _ => otherwise,
    };
    bound(0, f64::NEG_INFINITY) <= number && number <= bound(1, f64::INFINITY)
}

/// The sizes of an `Array[T, min, max]` or `Hash[K, V, min, max]`: the
/// integers after its `types` leading type parameters.
fn sizes_fit(args: &[Arg], types: usize, length: usize) -> bool {
    let from = args
        .iter()
        .take(types)
        .filter(|arg| matches!(arg, Arg::Type(_)))
        .count();
    let length = length as i64;
    match (args.get(from), args.get(from + 1)) {
        (None, _) => true,
        _ => in_range(args, from, length),
    }
}

/// Puppet's own types; any other capitalized name is an alias or a resource
/// type.
fn is_builtin(name: &str) -> bool {
    matches!(
        name,
        "Any"
            | "Undef"
            | "Default"
            | "Boolean"
            | "String"
            | "Integer"
            | "Float"
            | "Numeric"
            | "Scalar"
            | "ScalarData"
            | "Data"
            | "RichData"
            | "Regexp"
            | "Type"
            | "Collection"
            | "Enum"
            | "Pattern"
            | "Optional"
            | "NotUndef"
            | "Variant"
            | "Sensitive"
            | "Array"
            | "Hash"
            | "Tuple"
            | "Struct"
            | "Callable"
            | "Iterable"
            | "Iterator"
            | "Object"
            | "Runtime"
            | "Init"
            | "SemVer"
            | "SemVerRange"
            | "Timestamp"
            | "Timespan"
            | "Binary"
            | "URI"
            | "Error"
            | "Deferred"
            | "TypeReference"
            | "TypeAlias"
            | "TypeSet"
            | "CatalogEntry"
            | "Resource"
            | "Class"
            | "NotUndefined"
            | "Unit"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mismatch(text: &str, value: Value) -> Option<String> {
        Types::default().mismatch(text, &value)
    }

    fn s(text: &str) -> Value {
        Value::Str(text.to_string())
    }

    /// Each message as `puppet apply` gave it for the same parameter.
    #[test]
    fn mismatches_in_puppets_words() {
        let cases = [
            (
                "String",
                Value::Integer(1),
                "expects a String value, got Integer",
            ),
            ("String[1]", s(""), "expects a String[1] value, got String"),
            (
                "Optional[String]",
                Value::Integer(1),
                "expects a value of type Undef or String, got Integer",
            ),
            (
                "Enum['a','b']",
                s("z"),
                "expects a match for Enum['a', 'b'], got 'z'",
            ),
            (
                "Array[String]",
                Value::Array(vec![s("a"), Value::Integer(2)]),
                "index 1 expects a String value, got Integer",
            ),
            (
                "Hash[String, Integer]",
                Value::Hash(vec![(s("k"), s("v"))]),
                "entry 'k' expects an Integer value, got String",
            ),
            (
                "Integer[1, 10]",
                Value::Integer(20),
                "expects an Integer[1, 10] value, got Integer[20, 20]",
            ),
            (
                "Variant[String, Integer]",
                Value::Bool(true),
                "expects a value of type String or Integer, got Boolean",
            ),
            (
                "Pattern[/^a/]",
                s("b"),
                "expects a match for Pattern[/^a/], got 'b'",
            ),
            (
                "Struct[{a => Integer, Optional[b] => String}]",
                Value::Hash(vec![
                    (s("a"), Value::Integer(1)),
                    (s("c"), Value::Integer(2)),
                ]),
                "unrecognized key 'c'",
            ),
            ("Boolean", s("true"), "expects a Boolean value, got String"),
        ];
        for (text, value, expected) in cases {
            assert_eq!(mismatch(text, value).as_deref(), Some(expected), "{text}");
        }
    }

    #[test]
    fn instances() {
        assert_eq!(mismatch("Optional[String]", Value::Undef), None);
        assert_eq!(
            mismatch("Array[String, 1]", Value::Array(vec![s("a")])),
            None
        );
        assert!(mismatch("Array[String, 1]", Value::Array(vec![])).is_some());
        assert_eq!(mismatch("Integer[0, default]", Value::Integer(5)), None);
        assert_eq!(
            mismatch("Data", Value::Hash(vec![(s("a"), Value::Undef)])),
            None
        );
        assert_eq!(
            mismatch(
                "Tuple[String, Integer]",
                Value::Array(vec![s("a"), Value::Integer(1)])
            ),
            None
        );
        // What pfacts does not know accepts.
        assert_eq!(mismatch("Stdlib::Port", s("x")), None);
        assert_eq!(mismatch("Pattern[/\\h+/]", s("x")), None);
    }

    #[test]
    fn aliases_resolve() {
        let aliases = [
            (
                "Stdlib::Unixpath".to_string(),
                "Pattern[/\\A\\/([^\\n\\/\\0]+\\/*)*\\z/]".to_string(),
            ),
            (
                "Stdlib::Absolutepath".to_string(),
                "Variant[Stdlib::Unixpath]".to_string(),
            ),
        ];
        let mut types = Types::new(&aliases);
        assert_eq!(
            types.mismatch("Stdlib::Absolutepath", &s("/etc/motd")),
            None
        );
        assert!(types.mismatch("Stdlib::Absolutepath", &s("etc")).is_some());
    }
}
