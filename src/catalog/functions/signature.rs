//! A dispatch's signature, written as Puppet writes a function's
//! parameters (`Numeric $val`, `String $sep?`, `Any *$rest`,
//! `Callable[1, 2] &$block`), and whether the arguments of a call fit it.
//!
//! Types are Puppet's built-in types, read from their text once, when the
//! registry is built.

use std::collections::HashMap;
use std::fmt;

use crate::catalog::values::types::data_type::{text, IntRange};
use crate::catalog::values::Type;

/// How many arguments a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    Required,
    /// `$x?`
    Optional,
    /// `*$x`: any number, last.
    Repeated,
    /// `+$x`: at least one, last.
    RequiredRepeated,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: Type,
    pub arity: Arity,
}

/// The block a dispatch takes: how many arguments the function gives it
/// (`Callable[1, 2]`), and whether it may be left out.
#[derive(Clone, Debug)]
pub struct BlockParam {
    pub name: String,
    /// The written type, for messages.
    pub ty: Type,
    /// `None`: any lambda (`Callable`).
    pub counts: Option<IntRange>,
    pub optional: bool,
}

#[derive(Clone, Debug)]
pub struct Signature {
    pub params: Vec<Param>,
    pub block: Option<BlockParam>,
}

/// How many arguments a lambda accepts: its required parameters, and its
/// parameters in all (`None`: a splat takes the rest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockArity {
    pub min: usize,
    pub max: Option<usize>,
}

impl Signature {
    /// The signature written as `text`; panics on text that is not one
    /// (the registry's own source, checked by its tests).
    pub fn parse(text: &str) -> Signature {
        Signature::parse_with(text, &HashMap::new())
    }

    /// The signature written as `text`, whose types may name `aliases`
    /// (a function's local types, such as `downcase`'s `StringData`).
    pub fn parse_with(text: &str, aliases: &HashMap<String, Type>) -> Signature {
        let mut params = Vec::new();
        let mut block = None;
        for part in split_top_level(text, ',') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let dollar = part
                .rfind('$')
                .unwrap_or_else(|| panic!("no parameter name in `{part}`"));
            let (type_and_marker, name) = part.split_at(dollar);
            let (name, optional) = match name[1..].strip_suffix('?') {
                Some(name) => (name.to_string(), true),
                None => (name[1..].to_string(), false),
            };
            let type_and_marker = type_and_marker.trim_end();
            let (type_text, marker) = match type_and_marker.chars().last() {
                Some(marker @ ('*' | '+' | '&')) => {
                    (type_and_marker[..type_and_marker.len() - 1].trim(), marker)
                }
                _ => (type_and_marker, ' '),
            };
            let ty = text::parse_with(type_text, aliases)
                .unwrap_or_else(|e| panic!("bad type `{type_text}` in `{text}`: {e}"));
            if marker == '&' {
                let counts = match &ty.resolved() {
                    Type::Callable(Some(callable)) => Some(
                        callable
                            .size
                            .unwrap_or(IntRange::exactly(callable.params.len() as i64)),
                    ),
                    _ => None,
                };
                block = Some(BlockParam {
                    name,
                    ty,
                    counts,
                    optional,
                });
                continue;
            }
            let arity = match (marker, optional) {
                ('*', _) => Arity::Repeated,
                ('+', _) => Arity::RequiredRepeated,
                (_, true) => Arity::Optional,
                _ => Arity::Required,
            };
            params.push(Param { name, ty, arity });
        }
        Signature { params, block }
    }

    /// How many arguments the signature takes: at least, and at most
    /// (`None`: any number).
    pub fn counts(&self) -> (usize, Option<usize>) {
        let mut min = 0;
        let mut max = Some(0);
        for param in &self.params {
            match param.arity {
                Arity::Required => min += 1,
                Arity::Optional => {}
                Arity::Repeated => max = None,
                Arity::RequiredRepeated => {
                    min += 1;
                    max = None;
                }
            }
            if let Some(count) = max.as_mut() {
                *count += 1;
            }
        }
        (min, max)
    }

    /// The parameter that takes argument `index`.
    pub fn param_for(&self, index: usize) -> Option<&Param> {
        self.params.get(index).or_else(|| {
            self.params
                .last()
                .filter(|last| matches!(last.arity, Arity::Repeated | Arity::RequiredRepeated))
        })
    }

    /// Whether a lambda of `arity` fits the block parameter: it accepts
    /// every count of arguments the function may give it.
    pub fn accepts_block(&self, arity: Option<BlockArity>) -> bool {
        match (&self.block, arity) {
            (None, None) => true,
            (None, Some(_)) => false,
            (Some(block), None) => block.optional,
            (Some(block), Some(arity)) => block_fits(block.counts, arity),
        }
    }
}

/// Whether a lambda of `arity` accepts each count in `counts` (any lambda
/// fits `None`).
pub fn block_fits(counts: Option<IntRange>, arity: BlockArity) -> bool {
    let Some(counts) = counts else {
        return true;
    };
    let from = counts.from.unwrap_or(0).max(0) as usize;
    let low = arity.min <= from;
    let high = match (counts.to, arity.max) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(to), Some(max)) => to.max(0) as usize <= max,
    };
    low && high
}

/// Puppet's text of a signature in its messages: `Numeric val`,
/// `String sep?`, `Any rest*`, `Callable[1, 1] block`.
/// A parameter's type as Puppet's signatures show it: an alias with its
/// definition (`NameType = Variant[String, Array[String]]`).
fn shown(ty: &Type) -> String {
    match ty {
        Type::Alias(_) => ty.expanded(),
        other => other.to_string(),
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .params
            .iter()
            .map(|param| {
                let indicator = match param.arity {
                    Arity::Required => "",
                    Arity::Optional => "?",
                    Arity::Repeated => "*",
                    Arity::RequiredRepeated => "+",
                };
                let ty = match (&param.ty, param.arity) {
                    (Type::Optional(Some(inner)), Arity::Optional) => shown(inner),
                    (ty, _) => shown(ty),
                };
                format!("{ty} {}{indicator}", param.name)
            })
            .collect();
        // Puppet shows an optional block, and a required one of a
        // `Callable` (not of an alias of one).
        match &self.block {
            // Puppet leaves out a block that may be one of several callables.
            Some(block) if block.optional && !matches!(block.ty, Type::Variant(_)) => {
                parts.push(format!("{} {}?", shown(&block.ty), block.name))
            }
            Some(block) if matches!(block.ty, Type::Callable(_)) => {
                parts.push(format!("{} {}", block.ty, block.name))
            }
            _ => {}
        }
        f.write_str(&parts.join(", "))
    }
}

/// `text` cut at each `separator` outside brackets, braces and quotes.
fn split_top_level(text: &str, separator: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut quote = None;
    let mut start = 0;
    for (at, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"' | '/') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => depth = depth.saturating_sub(1),
            (None, c) if c == separator && depth == 0 => {
                parts.push(&text[start..at]);
                start = at + c.len_utf8();
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_read_as_puppet_writes_them() {
        let signature =
            Signature::parse("Optional[Array[String, 1]] $values, String $sep?, Any *$rest");
        assert_eq!(signature.counts(), (1, None));
        assert_eq!(
            signature.to_string(),
            "Optional[Array[String, 1]] values, String sep?, Any rest*"
        );
        let block = Signature::parse("Hash[Any, Any] $hash, Callable[2, 2] &$block");
        assert_eq!(block.counts(), (1, Some(1)));
        let two = BlockArity {
            min: 2,
            max: Some(2),
        };
        let one = BlockArity {
            min: 1,
            max: Some(1),
        };
        assert!(block.accepts_block(Some(two)));
        assert!(!block.accepts_block(Some(one)));
        assert!(!block.accepts_block(None));
    }

    #[test]
    fn types_with_regexps_structs_and_enums() {
        let ty = text::parse("Struct[{'a' => Enum['x', 'y'], Optional['b'] => Pattern[/\\A\\//]}]")
            .unwrap();
        assert_eq!(
            ty.to_string(),
            "Struct[{'a' => Enum['x', 'y'], Optional['b'] => Pattern[/\\A\\//]}]"
        );
    }
}
