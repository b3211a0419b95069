//! Puppet's arithmetic on numbers (`EvaluatorImpl#calculate`): strings
//! read as numbers as `Utils.to_n` reads them, Ruby's integer semantics
//! (floored division, shifts by negative counts), results held to Puppet's
//! 64-bit range, and Puppet's words when an operation is refused.

use super::display::a_an;
use super::Value;
use crate::facts::ast::BinaryOp;
use crate::facts::numeric::{self, Number};

/// The number a string stands for, as Puppet's `Utils.to_n` reads it;
/// `None` when it stands for none (`'0888'`, `'0x12.3'`, `'a'`).
pub fn to_number(text: &str) -> Option<Value> {
    Some(match numeric::to_number(text)? {
        Number::Integer(value) => Value::Integer(value),
        Number::Float(value) => Value::Float(value),
    })
}

/// How Puppet names an operator in its messages.
pub fn operator_text(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Mod => "%",
        BinaryOp::ShiftLeft => "<<",
        BinaryOp::ShiftRight => ">>",
        _ => "?",
    }
}

/// Why Puppet refuses an operation on two numbers.
#[derive(Debug, PartialEq)]
pub enum Refusal {
    /// Puppet's OPERATOR_NOT_APPLICABLE(_WHEN), at the left operand.
    NotApplicable(String),
    /// DIV_BY_ZERO, at the right operand.
    DivisionByZero,
    /// RESULT_IS_INFINITY, at the left operand.
    Infinity(String),
    /// NUMERIC_OVERFLOW, at the expression.
    Overflow(String),
}

/// `x op y` on two numbers (Integer or Float values), as Ruby computes it
/// for Puppet.
pub fn calculate(op: BinaryOp, x: &Value, y: &Value) -> Result<Value, Refusal> {
    let operator = operator_text(op);
    let label = |value: &Value| {
        a_an(if matches!(value, Value::Float(_)) {
            "Float"
        } else {
            "Integer"
        })
    };
    match (x, y) {
        (Value::Integer(x), Value::Integer(y)) => integer(op, *x, *y),
        (Value::Float(_), _)
            if matches!(
                op,
                BinaryOp::Mod | BinaryOp::ShiftLeft | BinaryOp::ShiftRight
            ) =>
        {
            Err(Refusal::NotApplicable(format!(
                "Operator '{operator}' is not applicable to {}.",
                label(x)
            )))
        }
        (_, Value::Float(_)) if op == BinaryOp::Mod => Err(Refusal::NotApplicable(format!(
            "Operator '{operator}' is not applicable to {} when right side is {}.",
            label(x),
            label(y)
        ))),
        _ => {
            let (a, b) = (float(x), float(y));
            let result = match op {
                BinaryOp::Add => a + b,
                BinaryOp::Sub => a - b,
                BinaryOp::Mul => a * b,
                BinaryOp::Div => a / b,
                // An Integer shifted by a Float: Ruby truncates the count.
                _ => return integer(op, a as i64, b as i64),
            };
            if result.is_infinite() {
                return Err(Refusal::Infinity(format!(
                    "The result of the {operator} expression is Infinity"
                )));
            }
            Ok(Value::Float(result))
        }
    }
}

fn float(value: &Value) -> f64 {
    match value {
        Value::Integer(number) => *number as f64,
        Value::Float(number) => *number,
        _ => 0.0,
    }
}

/// Integer arithmetic in Ruby's arbitrary precision, held to 64 bits.
fn integer(op: BinaryOp, x: i64, y: i64) -> Result<Value, Refusal> {
    let (x, y) = (i128::from(x), i128::from(y));
    let result: i128 = match op {
        BinaryOp::Add => x + y,
        BinaryOp::Sub => x - y,
        BinaryOp::Mul => x * y,
        BinaryOp::Div | BinaryOp::Mod if y == 0 => return Err(Refusal::DivisionByZero),
        // Ruby floors the quotient, and gives the remainder the divisor's
        // sign.
        BinaryOp::Div => x.div_euclid(y) - i128::from(y < 0 && x.rem_euclid(y) != 0),
        BinaryOp::Mod => {
            let remainder = x.rem_euclid(y);
            if y < 0 && remainder != 0 {
                remainder + y
            } else {
                remainder
            }
        }
        BinaryOp::ShiftLeft => return shift(op, x, y),
        BinaryOp::ShiftRight => return shift(op, x, -y),
        _ => return Err(Refusal::NotApplicable(String::new())),
    };
    checked(op, result)
}

/// `x << count` (a negative count shifts right), in Ruby's precision.
fn shift(op: BinaryOp, x: i128, count: i128) -> Result<Value, Refusal> {
    if count <= 0 {
        let count = (-count).min(127) as u32;
        return checked(op, x >> count);
    }
    if x == 0 {
        return Ok(Value::Integer(0));
    }
    if count < 64 {
        return checked(op, x << count);
    }
    // Beyond any 64-bit value: Puppet's message in hexadecimal, the low
    // bits as zero digits.
    let count = count.min(4096) as u32;
    let digits = format!("{:x}", x.unsigned_abs() << (count % 4));
    let sign = if x < 0 { '-' } else { '+' };
    Err(overflow(
        op,
        x < 0,
        &format!("{sign}0x{digits}{}", "0".repeat((count / 4) as usize)),
    ))
}

fn checked(op: BinaryOp, result: i128) -> Result<Value, Refusal> {
    match i64::try_from(result) {
        Ok(value) => Ok(Value::Integer(value)),
        Err(_) => {
            let sign = if result < 0 { '-' } else { '+' };
            Err(overflow(
                op,
                result < 0,
                &format!("{sign}0x{:x}", result.unsigned_abs()),
            ))
        }
    }
}

fn overflow(op: BinaryOp, negative: bool, value: &str) -> Refusal {
    let range = if negative { "min" } else { "max" };
    Refusal::Overflow(format!(
        "A '{}' expression resulted in a value outside of Puppet Integer {range} range, got '{value}'",
        operator_text(op)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_follow_ruby_and_stay_in_64_bits() {
        let calc = |op, x, y| calculate(op, &Value::Integer(x), &Value::Integer(y));
        assert_eq!(calc(BinaryOp::ShiftRight, 8, -1), Ok(Value::Integer(16)));
        assert_eq!(calc(BinaryOp::ShiftLeft, 8, -1), Ok(Value::Integer(4)));
        assert_eq!(calc(BinaryOp::Div, -7, 2), Ok(Value::Integer(-4)));
        assert_eq!(calc(BinaryOp::Mod, -7, 2), Ok(Value::Integer(1)));
        assert_eq!(calc(BinaryOp::Mod, 7, -2), Ok(Value::Integer(-1)));
        assert_eq!(
            calc(BinaryOp::Add, i64::MAX, 1),
            Err(Refusal::Overflow(
                "A '+' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'".to_string()
            ))
        );
        assert_eq!(
            calc(BinaryOp::ShiftLeft, i64::MAX, 1),
            Err(Refusal::Overflow(
                "A '<<' expression resulted in a value outside of Puppet Integer max range, got '+0xfffffffffffffffe'".to_string()
            ))
        );
        assert_eq!(calc(BinaryOp::Div, 1, 0), Err(Refusal::DivisionByZero));
    }

    #[test]
    fn floats_take_no_modulo_or_shift() {
        assert_eq!(
            calculate(BinaryOp::Mod, &Value::Float(6.6), &Value::Float(3.3)),
            Err(Refusal::NotApplicable(
                "Operator '%' is not applicable to a Float.".to_string()
            ))
        );
        assert_eq!(
            calculate(BinaryOp::Div, &Value::Float(6.6), &Value::Float(3.3)),
            Ok(Value::Float(2.0))
        );
    }
}
