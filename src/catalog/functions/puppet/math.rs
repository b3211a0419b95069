//! Numbers: `abs`, `ceiling`, `floor`, `round`, `max`, `min`, `compare`.
//! Strings given to the first three, and mixed values to `max` and `min`,
//! are converted with Puppet's deprecation warnings.

use std::cmp::Ordering;

use crate::catalog::functions::{fault, Args, Block, Context, Registry};
use crate::catalog::values::display::label;
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .add("abs", "Numeric $val", |_, args| match args.get(0) {
            Value::Integer(number) => integer(number.checked_abs()),
            Value::Float(number) => Ok(Value::Float(number.abs())),
            other => Ok(other.clone()),
        })
        .add("abs", "String $val", abs_string)
        .add("ceiling", "Numeric $val", |_, args| {
            rounded(args.get(0), f64::ceil)
        })
        .add("ceiling", "String $val", |c, a| {
            rounded_string(c, a, "ceiling", f64::ceil)
        })
        .add("floor", "Numeric $val", |_, args| {
            rounded(args.get(0), f64::floor)
        })
        .add("floor", "String $val", |c, a| {
            rounded_string(c, a, "floor", f64::floor)
        })
        .add("round", "Numeric $val", |_, args| {
            // Puppet's rounding: half away from zero.
            rounded(args.get(0), |x| {
                if x > 0.0 {
                    (x + 0.5).trunc()
                } else {
                    (x - 0.5).trunc()
                }
            })
        });
    for (name, wanted) in [("max", Ordering::Greater), ("min", Ordering::Less)] {
        let extreme = if wanted == Ordering::Greater {
            |c: &mut dyn Context, a: Args<'_>| extreme(c, a, "max", Ordering::Greater)
        } else {
            |c: &mut dyn Context, a: Args<'_>| extreme(c, a, "min", Ordering::Less)
        };
        registry
            .add(name, "Numeric *$values", extreme)
            .add(name, "String *$values", extreme)
            .add(
                name,
                "Array[Numeric] $values, Callable[2, 2] &$block?",
                extreme,
            )
            .add(
                name,
                "Array[String] $values, Callable[2, 2] &$block?",
                extreme,
            )
            .add(name, "Array $values, Callable[2, 2] &$block?", extreme)
            .add(name, "Any *$values, Callable[2, 2] &$block", extreme)
            .add(name, "Any *$values", extreme);
    }
    registry
        .alias("TimeComparable", "Variant[Numeric, Timespan, Timestamp]")
        .alias("Comparable", "Variant[String, SemVer, TimeComparable]")
        .add("compare", "Numeric $a, Numeric $b", |_, args| {
            ordering(compare_numbers(args.get(0), args.get(1)))
        })
        .add(
            "compare",
            "String $a, String $b, Boolean $ignore_case?",
            compare_strings,
        )
        .add("compare", "SemVer $a, SemVer $b", compare_ordered)
        .add(
            "compare",
            "Numeric $a, Variant[Timespan, Timestamp] $b",
            compare_ordered,
        )
        .add(
            "compare",
            "Timestamp $a, Variant[Timestamp, Numeric] $b",
            compare_ordered,
        )
        .add(
            "compare",
            "Timespan $a, Variant[Timespan, Numeric] $b",
            compare_ordered,
        )
        .argument_mismatch(
            "compare",
            "Comparable $a, Comparable $b, Any *$ignore_case",
            compare_mismatch,
        )
        .argument_mismatch("compare", "Any $a, Any $b, Any *$ignore_case", |_, args| {
            Ok(Value::Str(format!(
                "compare(): Non comparable type. Only values of the types Numeric, String, \
                 Semver, Timestamp and Timestamp can be compared. Got {} and {}",
                label(args.get(0)),
                label(args.get(1))
            )))
        });
}

fn integer(value: Option<i64>) -> Result<Value> {
    value
        .map(Value::Integer)
        .ok_or_else(|| fault("the result is beyond Puppet's 64-bit integers"))
}

/// A number rounded to an integer by `round`.
fn rounded(value: &Value, round: fn(f64) -> f64) -> Result<Value> {
    match value {
        Value::Integer(number) => Ok(Value::Integer(*number)),
        Value::Float(number) => {
            let whole = round(*number);
            if whole.is_finite() && whole.abs() < 9.2e18 {
                Ok(Value::Integer(whole as i64))
            } else {
                // Ruby's `FloatDomainError` names the number.
                Err(fault(crate::catalog::values::types::float::ruby_float(
                    *number,
                )))
            }
        }
        other => Ok(other.clone()),
    }
}

fn abs_string(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    context.warn_once(
        "abs_function_numeric_coerce_string",
        "The abs() function's auto conversion of String to Numeric is deprecated - \
         change to convert input before calling",
    );
    let text = args.get(0).to_text();
    // Ruby's `^` and `$` anchor at lines.
    let line = |pattern: &str| regex::Regex::new(pattern).expect("a valid pattern");
    if let Some(found) = line(r"(?m)^-?\d+\.\d+$").find(&text) {
        let number: f64 = found.as_str().parse().unwrap_or(0.0);
        return Ok(Value::Float(
            ruby_leading_float(&text).unwrap_or(number).abs(),
        ));
    }
    if line(r"(?m)^-?\d+$").is_match(&text) {
        return integer(ruby_leading_integer(&text).checked_abs());
    }
    Err(fault(
        "abs(): Requires float or integer to work with - was given non decimal string",
    ))
}

/// Ruby's `String#to_i`: the leading integer, 0 without one.
fn ruby_leading_integer(text: &str) -> i64 {
    let found = regex::Regex::new(r"\A\s*[-+]?\d+(?:_\d+)*")
        .expect("a valid pattern")
        .find(text);
    found.map_or(0, |found| {
        found.as_str().trim().replace('_', "").parse().unwrap_or(0)
    })
}

/// Ruby's `String#to_f`: the leading decimal number, if any.
fn ruby_leading_float(text: &str) -> Option<f64> {
    regex::Regex::new(r"\A\s*[-+]?\d+(?:_\d+)*(?:\.\d+(?:_\d+)*)?(?:[eE][-+]?\d+)?")
        .expect("a valid pattern")
        .find(text)
        .and_then(|found| found.as_str().trim().replace('_', "").parse().ok())
}

/// Ruby's `Float(text)`: a decimal or hexadecimal number, white space
/// around it; `None` for anything else.
fn ruby_strict_float(text: &str) -> Option<f64> {
    let text = text.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\x0B' | '\x0C' | '\r'));
    let digits = r"\d+(?:_\d+)*";
    let decimal = regex::Regex::new(&format!(
        r"\A[-+]?(?:{digits}(?:\.{digits})?|\.{digits})(?:[eE][-+]?{digits})?\z"
    ))
    .expect("a valid pattern");
    if decimal.is_match(text) {
        return text.replace('_', "").parse().ok();
    }
    let hex = regex::Regex::new(r"\A([-+]?)0[xX]([0-9a-fA-F]+(?:_[0-9a-fA-F]+)*)\z")
        .expect("a valid pattern");
    let captures = hex.captures(text)?;
    let magnitude = i64::from_str_radix(&captures[2].replace('_', ""), 16).ok()? as f64;
    Some(if &captures[1] == "-" {
        -magnitude
    } else {
        magnitude
    })
}

fn rounded_string(
    context: &mut dyn Context,
    args: Args<'_>,
    name: &str,
    round: fn(f64) -> f64,
) -> Result<Value> {
    context.warn_once(
        &format!("{name}_function_numeric_coerce_string"),
        &format!(
            "The {name}() function's auto conversion of String to Float is deprecated - \
             change to convert input before calling"
        ),
    );
    match ruby_strict_float(&args.get(0).to_text()) {
        Some(number) => rounded(&Value::Float(number), round),
        None => Err(fault(format!(
            "{name}(): cannot convert given value to a floating point value."
        ))),
    }
}

fn compare_numbers(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => x.cmp(y),
        _ => {
            let number =
                |value: &Value| crate::catalog::values::compare::number(value).unwrap_or(0.0);
            number(a).partial_cmp(&number(b)).unwrap_or(Ordering::Equal)
        }
    }
}

fn ordering(ordering: Ordering) -> Result<Value> {
    Ok(Value::Integer(match ordering {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}

/// Strings compared byte by byte, by default without regard to ASCII
/// case (Ruby's `casecmp`).
fn compare_strings(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let (a, b) = (args.get(0).to_text(), args.get(1).to_text());
    if args.get(2) == &Value::Bool(false) {
        return ordering(a.as_bytes().cmp(b.as_bytes()));
    }
    let folded = |text: &str| -> Vec<u8> { text.bytes().map(|c| c.to_ascii_lowercase()).collect() };
    ordering(folded(&a).cmp(&folded(&b)))
}

/// `compare` of versions, or of a timespan or timestamp with its own kind
/// or a number, as their `<=>` orders them.
fn compare_ordered(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    crate::catalog::values::compare::compare(args.get(0), args.get(1))
        .map_err(fault)
        .and_then(ordering)
}

/// Puppet's messages for comparable values that `compare` does not take
/// together.
fn compare_mismatch(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let (a, b) = (args.get(0), args.get(1));
    let extra = &args.values[2.min(args.values.len())..];
    let both_strings = matches!(a, Value::Str(_)) && matches!(b, Value::Str(_));
    let message = if !extra.is_empty() && !both_strings {
        "compare(): The third argument (ignore case) can only be used when comparing strings"
            .to_string()
    } else if extra.len() > 1 {
        format!(
            "compare(): Accepts at most 3 arguments, got {}",
            args.values.len()
        )
    } else if !extra.is_empty() {
        // Puppet 7.23 names a class it lacks here.
        return Err(fault(
            "uninitialized constant Puppet::Pops::Loader::RubyFunctionInstantiator::Boolean",
        ));
    } else {
        format!(
            "compare(): Can only compare values of the same type (or for Timestamp/Timespan \
             also against Numeric). Got {} and {}",
            label(a),
            label(b)
        )
    };
    Ok(Value::Str(message))
}

/// `max` and `min`: the value that `wanted` orders first, comparing as
/// the dispatch that took the call does (numbers, strings, anything as a
/// string, or by the block).
fn extreme(
    context: &mut dyn Context,
    args: Args<'_>,
    name: &str,
    wanted: Ordering,
) -> Result<Value> {
    let values: Vec<Value> = match (&args.values[..], args.block.is_some()) {
        ([Value::Array(items)], _) => items.clone(),
        _ => args.values.clone(),
    };
    let Some((first, rest)) = values.split_first() else {
        return Err(fault(format!(
            "{name}(): Wrong number of arguments need at least one"
        )));
    };
    let all_numbers = values
        .iter()
        .all(|value| matches!(value, Value::Integer(_) | Value::Float(_)));
    let all_strings = values.iter().all(|value| matches!(value, Value::Str(_)));
    let mut best = first.clone();
    for value in rest {
        let order = match (&args.block, all_numbers, all_strings) {
            (Some(block), _, _) => block_order(context, block, value, &best)?,
            (None, true, _) => compare_numbers(value, &best),
            (None, _, true) => compare_as_text(context, name, value, &best, false),
            (None, _, _) => compare_as_text(context, name, value, &best, true),
        };
        if order == wanted {
            best = value.clone();
        }
    }
    Ok(best)
}

/// The order the block gives two values: an integer's sign.
fn block_order(
    context: &mut dyn Context,
    block: &Block<'_>,
    a: &Value,
    b: &Value,
) -> Result<Ordering> {
    match context.call_block(block, vec![a.clone(), b.clone()])? {
        Value::Integer(order) => Ok(order.cmp(&0)),
        Value::Float(order) => Ok(order.partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
        other => Err(fault(format!(
            "comparison of {} with {} failed (the block gave {})",
            crate::catalog::values::ruby::inspect(a),
            programmatic(b),
            programmatic(&other)
        ))),
    }
}

/// Two values compared as `max` and `min` compare strings: as numbers
/// when both read as one, else as Ruby's text of them (`any`: values
/// other than strings too, with the warning).
fn compare_as_text(
    context: &mut dyn Context,
    name: &str,
    a: &Value,
    b: &Value,
    any: bool,
) -> Ordering {
    let (a, b) = (
        crate::catalog::values::ruby::to_s(a),
        crate::catalog::values::ruby::to_s(b),
    );
    let numeric = regex::Regex::new(r"\A-?\d+([._eE]\d+)?\z").expect("a valid pattern");
    // Puppet's pattern for the first value also lets a line start after
    // the first line's end.
    let first_numeric = regex::Regex::new(r"\A(?m:^)-?\d+([._eE]\d+)?\z").expect("a valid pattern");
    if first_numeric.is_match(&a) && numeric.is_match(&b) {
        context.warn_once(
            &format!("{name}_function_numeric_coerce_string"),
            &format!(
                "The {name}() function's auto conversion of String to Numeric is deprecated - \
                 change to convert input before calling, or use lambda"
            ),
        );
        let (x, y) = (
            ruby_leading_float(&a).unwrap_or(0.0),
            ruby_leading_float(&b).unwrap_or(0.0),
        );
        return x.partial_cmp(&y).unwrap_or(Ordering::Equal);
    }
    if any {
        context.warn_once(
            &format!("{name}_function_string_coerce_any"),
            &format!(
                "The {name}() function's auto conversion of Any to String is deprecated - \
                 change to convert input before calling, or use lambda"
            ),
        );
    }
    a.as_bytes().cmp(b.as_bytes())
}
