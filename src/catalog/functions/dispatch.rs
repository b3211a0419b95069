//! Choosing the dispatch of a function that fits a call, as Puppet's
//! dispatcher does (the first whose parameters and block accept the
//! arguments), and Puppet's words when none does
//! (`TypeMismatchDescriber#describe_signatures`).

use super::signature::{BlockArity, Signature};
use crate::catalog::values::types::data_type::describe_mismatch;
use crate::catalog::values::{Type, Value};

/// Why a dispatch does not take a call.
#[derive(Clone, Debug, PartialEq)]
enum Mismatch {
    /// Arguments, or block arguments, out of the counts it takes.
    Count {
        block: bool,
        min: usize,
        max: Option<usize>,
        got: usize,
    },
    /// An argument that does not fit its parameter's type.
    Param {
        name: String,
        types: Vec<Type>,
        value: Value,
    },
    UnexpectedBlock,
    MissingBlock,
}

impl Mismatch {
    /// Puppet's text, after the function's name.
    fn text(&self) -> String {
        match self {
            Mismatch::Count {
                block,
                min,
                max,
                got,
            } => {
                let plural = !((*min == 1 && matches!(max, Some(1) | None))
                    || (*min == 0 && *max == Some(1)));
                format!(
                    "{}expects {} argument{}, got {}",
                    if *block { "block " } else { "" },
                    range_text(*min, *max, "no"),
                    if plural { "s" } else { "" },
                    if *got == 0 {
                        "none".to_string()
                    } else {
                        got.to_string()
                    }
                )
            }
            Mismatch::Param { name, types, value } => {
                let expected = match types.as_slice() {
                    [one] => one.clone(),
                    // The signatures' types as one variant, as Puppet
                    // describes them: nested variants spread, enums merged.
                    many => {
                        let spread: Vec<Type> = many
                            .iter()
                            .flat_map(|ty| match ty {
                                Type::Variant(members) => members.clone(),
                                other => vec![other.clone()],
                            })
                            .collect();
                        merged_enums(&spread).unwrap_or_else(|| Type::Variant(spread))
                    }
                };
                let detail = describe_mismatch(&expected, value)
                    .unwrap_or_else(|| "expects another value".to_string());
                format!("parameter '{name}' {detail}")
            }
            Mismatch::UnexpectedBlock => "does not expect a block".to_string(),
            Mismatch::MissingBlock => "expects a block".to_string(),
        }
    }

    /// Two mismatches of the same kind at the same place, as one.
    fn merge(&self, other: &Mismatch) -> Option<Mismatch> {
        match (self, other) {
            (
                Mismatch::Count {
                    block,
                    min,
                    max,
                    got,
                },
                Mismatch::Count {
                    block: other_block,
                    min: other_min,
                    max: other_max,
                    ..
                },
            ) if block == other_block => Some(Mismatch::Count {
                block: *block,
                min: (*min).min(*other_min),
                max: max.zip(*other_max).map(|(a, b)| a.max(b)),
                got: *got,
            }),
            (
                Mismatch::Param { name, types, value },
                Mismatch::Param {
                    name: other_name,
                    types: other_types,
                    ..
                },
            ) if name == other_name => {
                let mut types = types.clone();
                for ty in other_types {
                    if !types.contains(ty) {
                        types.push(ty.clone());
                    }
                }
                Some(Mismatch::Param {
                    name: name.clone(),
                    types,
                    value: value.clone(),
                })
            }
            (Mismatch::UnexpectedBlock, Mismatch::UnexpectedBlock) => {
                Some(Mismatch::UnexpectedBlock)
            }
            (Mismatch::MissingBlock, Mismatch::MissingBlock) => Some(Mismatch::MissingBlock),
            _ => None,
        }
    }
}

/// Enums as the one enum of all their values, as Puppet's variant of
/// them normalizes to; `None` unless every type is a case-sensitive enum.
fn merged_enums(types: &[Type]) -> Option<Type> {
    let mut values: Vec<String> = Vec::new();
    for ty in types {
        match ty {
            Type::Enum(more, false) => values.extend(more.iter().cloned()),
            _ => return None,
        }
    }
    values.sort();
    values.dedup();
    Some(Type::Enum(values, false))
}

/// Puppet's words for a call of `got` arguments to what takes `min` to
/// `max` (`expects between 1 and 2 arguments, got none`).
pub fn count_mismatch(min: usize, max: Option<usize>, got: usize) -> String {
    Mismatch::Count {
        block: false,
        min,
        max,
        got,
    }
    .text()
}

/// Puppet's `range_to_s`.
fn range_text(min: usize, max: Option<usize>, zero: &str) -> String {
    match max {
        Some(max) if max == min => {
            if min == 0 {
                zero.to_string()
            } else {
                min.to_string()
            }
        }
        None if min == 0 => "unlimited".to_string(),
        Some(max) if min == 0 => format!("at most {max}"),
        None => format!("at least {min}"),
        Some(max) => format!("between {min} and {max}"),
    }
}

/// Why `signature` does not take the arguments (their count or types).
fn argument_mismatch(signature: &Signature, values: &[Value]) -> Option<Mismatch> {
    let (min, max) = signature.counts();
    if values.len() < min || max.is_some_and(|max| values.len() > max) {
        return Some(Mismatch::Count {
            block: false,
            min,
            max,
            got: values.len(),
        });
    }
    values.iter().enumerate().find_map(|(index, value)| {
        let param = signature.param_for(index)?;
        (!param.ty.is_instance(value)).then(|| Mismatch::Param {
            name: param.name.clone(),
            types: vec![param.ty.clone()],
            value: value.clone(),
        })
    })
}

/// Why `signature` does not take the call's block (or its absence).
fn block_mismatch(signature: &Signature, block: Option<BlockArity>) -> Option<Mismatch> {
    match (&signature.block, block) {
        (None, Some(_)) => Some(Mismatch::UnexpectedBlock),
        (Some(param), None) if !param.optional => Some(Mismatch::MissingBlock),
        (Some(param), Some(arity)) if !super::signature::block_fits(param.counts, arity) => {
            let counts = param.counts.unwrap_or_default();
            Some(Mismatch::Count {
                block: true,
                min: counts.from.unwrap_or(0).max(0) as usize,
                max: counts.to.map(|to| to.max(0) as usize),
                got: arity.max.unwrap_or(arity.min),
            })
        }
        _ => None,
    }
}

/// The index of the first of `signatures` that takes the call.
pub fn select(
    signatures: &[&Signature],
    values: &[Value],
    block: Option<BlockArity>,
) -> Option<usize> {
    signatures.iter().position(|signature| {
        argument_mismatch(signature, values).is_none() && signature.accepts_block(block)
    })
}

/// Puppet's message for a call that none of `signatures` takes.
pub fn mismatch_message(
    name: &str,
    signatures: &[&Signature],
    values: &[Value],
    block: Option<BlockArity>,
) -> String {
    let label = format!("'{name}'");
    let mut errors: Vec<Option<Mismatch>> = signatures
        .iter()
        .map(|signature| argument_mismatch(signature, values))
        .collect();
    // Block errors count only when some signature takes the arguments;
    // when every signature refuses the block, only those are told.
    if errors.iter().any(Option::is_none) {
        let blocks: Vec<Option<Mismatch>> = signatures
            .iter()
            .map(|signature| block_mismatch(signature, block))
            .collect();
        if blocks.iter().all(Option::is_some) {
            errors = blocks;
        } else {
            for (error, block) in errors.iter_mut().zip(blocks) {
                if error.is_none() {
                    *error = block;
                }
            }
        }
    }
    let found: Vec<&Mismatch> = errors.iter().flatten().collect();
    let merged = match found.split_first() {
        Some((first, rest)) if found.len() == signatures.len() => rest
            .iter()
            .try_fold((*first).clone(), |merged, next| merged.merge(next)),
        _ => None,
    };
    if let Some(merged) = merged {
        return format!("{label} {}", merged.text());
    }
    if let [only] = signatures {
        let mut lines = vec![format!("{label} expects ({only})")];
        lines.extend(found.iter().map(|e| format!("  rejected: {}", e.text())));
        return lines.join("\n");
    }
    let mut lines = vec![format!(
        "The function {label} was called with arguments it does not accept. It expects one of:"
    )];
    for (signature, error) in signatures.iter().zip(&errors) {
        lines.push(format!("  ({signature})"));
        if let Some(error) = error {
            lines.push(format!("    rejected: {}", error.text()));
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(signatures: &[&str], values: &[Value], block: Option<BlockArity>) -> String {
        let parsed: Vec<Signature> = signatures.iter().map(|s| Signature::parse(s)).collect();
        let refs: Vec<&Signature> = parsed.iter().collect();
        mismatch_message("f", &refs, values, block)
    }

    /// Puppet 7.23's words for these calls (`abs(1, 2)`, `split(1, ',')`,
    /// `[1].each`, `abs(1) |$x| {}`, `each([1]) |$a, $b, $c| {}`).
    #[test]
    fn puppets_words_for_calls_that_no_dispatch_takes() {
        let one = Value::Integer(1);
        assert_eq!(
            message(&["Numeric $val"], &[one.clone(), one.clone()], None),
            "'f' expects 1 argument, got 2"
        );
        assert_eq!(
            message(
                &[
                    "String $str, String $pattern",
                    "String $str, Regexp $pattern"
                ],
                &[one.clone(), Value::string(",")],
                None
            ),
            "'f' parameter 'str' expects a String value, got Integer"
        );
        let each = [
            "Array[Any] $array, Callable[1, 1] &$block",
            "Array[Any] $array, Callable[2, 2] &$block",
        ];
        let array = Value::Array(vec![one.clone()]);
        assert_eq!(
            message(&each, std::slice::from_ref(&array), None),
            "'f' expects a block"
        );
        let three = BlockArity {
            min: 3,
            max: Some(3),
        };
        assert_eq!(
            message(&each, &[array], Some(three)),
            "'f' block expects between 1 and 2 arguments, got 3"
        );
        let any = BlockArity {
            min: 1,
            max: Some(1),
        };
        assert_eq!(
            message(&["Numeric $val"], &[one], Some(any)),
            "'f' does not expect a block"
        );
    }
}
