//! Operators: access, binary operators, and case and selector matching;
//! Puppet's comparison, equality and arithmetic.

use super::*;
use crate::catalog::values::arithmetic;
use crate::catalog::values::compare::{self, compare, equal};
use crate::catalog::values::types::data_type::describe::simple_name;
use crate::catalog::values::types::data_type::parameterize;
use crate::catalog::values::types::timespan::{self, Timespan};
use crate::catalog::values::types::timestamp;
use crate::facts::ast::{BinaryOp, Expr};

impl<'e> Compiler<'e> {
    pub(super) fn access(
        &mut self,
        target: Value,
        keys: Vec<Value>,
        span: ast::Span,
    ) -> Result<Value> {
        if let Some(mark) = std::iter::once(&target)
            .chain(&keys)
            .find(|v| v.mark().is_some())
        {
            return Ok(mark.clone());
        }
        Ok(match target {
            Value::Array(items) => match keys.as_slice() {
                [Value::Integer(index)] => {
                    let index = if *index < 0 {
                        items.len() as i64 + index
                    } else {
                        *index
                    };
                    items.get(index as usize).cloned().unwrap_or(Value::Undef)
                }
                _ => return Err(error("Unsupported array access", span)),
            },
            Value::Hash(_) => match keys.first() {
                Some(key) => target.hash_get(key).cloned().unwrap_or(Value::Undef),
                None => Value::Undef,
            },
            Value::Type(ty) => parameterize(&ty, keys).map_err(|e| error(e.0, span))?,
            Value::Str(text) => match keys.as_slice() {
                [Value::Integer(index)] => text
                    .chars()
                    .nth(*index as usize)
                    .map_or(Value::Undef, |c| Value::Str(c.to_string())),
                _ => return Err(error("Unsupported string access", span)),
            },
            _ => return Err(error("Operator '[]' is not applicable", span)),
        })
    }

    pub(super) fn binary(
        &mut self,
        op: BinaryOp,
        left: &Expr,
        right: &Expr,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        // What depends on a value pfacts did not compute is not computed
        // either.
        if matches!(op, BinaryOp::And | BinaryOp::Or) {
            let first = self.eval(left, scope)?;
            if first.mark().is_some() {
                return Ok(first);
            }
            if first.is_truthy() == (op == BinaryOp::Or) {
                return Ok(Value::Bool(first.is_truthy()));
            }
            let second = self.eval(right, scope)?;
            return Ok(match second.mark() {
                Some(_) => second,
                None => Value::Bool(second.is_truthy()),
            });
        }
        if matches!(op, BinaryOp::Match | BinaryOp::NotMatch) {
            let value = self.eval(left, scope)?;
            let pattern = self.eval(right, scope)?;
            if let Some(mark) = [&value, &pattern].into_iter().find(|v| v.mark().is_some()) {
                return Ok(mark.clone());
            }
            let mut captures = None;
            let matched = compare::regex_match(&value, &pattern, &mut captures)
                .map_err(|message| error(message, span))?;
            self.set_captures(scope, captures);
            return Ok(Value::Bool(matched == (op == BinaryOp::Match)));
        }
        let a = self.eval(left, scope)?;
        let b = self.eval(right, scope)?;
        if let Some(mark) = [&a, &b].into_iter().find(|v| v.mark().is_some()) {
            return Ok(mark.clone());
        }
        Ok(match op {
            BinaryOp::Eq => Value::Bool(equal(&a, &b)),
            BinaryOp::NotEq => Value::Bool(!equal(&a, &b)),
            BinaryOp::In => {
                let mut captures = None;
                let found = compare::includes(&b, &a, &mut captures);
                self.set_captures(scope, captures);
                Value::Bool(found)
            }
            BinaryOp::Add => match (a, b) {
                (Value::Array(mut x), Value::Array(y)) => {
                    x.extend(y);
                    Value::Array(x)
                }
                (Value::Array(mut x), y) => {
                    x.push(y);
                    Value::Array(x)
                }
                // Ruby's `merge`: a key keeps its place, with the new value.
                (Value::Hash(mut x), Value::Hash(y)) => {
                    for (key, value) in y {
                        match x.iter_mut().find(|(k, _)| *k == key) {
                            Some(entry) => entry.1 = value,
                            None => x.push((key, value)),
                        }
                    }
                    Value::Hash(x)
                }
                (x, y) => self.arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::Sub => match (a, b) {
                (Value::Array(x), Value::Array(y)) => {
                    Value::Array(x.into_iter().filter(|item| !y.contains(item)).collect())
                }
                (x, y) => self.arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::ShiftLeft => match (a, b) {
                (Value::Array(mut x), y) => {
                    x.push(y);
                    Value::Array(x)
                }
                (x, y) => self.arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::Less | BinaryOp::LessEq | BinaryOp::Greater | BinaryOp::GreaterEq => {
                let ordering = compare(&a, &b).map_err(|detail| {
                    let operator = match op {
                        BinaryOp::Less => "<",
                        BinaryOp::LessEq => "<=",
                        BinaryOp::Greater => ">",
                        _ => ">=",
                    };
                    let message = format!(
                        "Comparison of: {} {operator} {}, is not possible. Caused by '{detail}'.",
                        simple_name(&a),
                        simple_name(&b)
                    );
                    error(message, span)
                })?;
                Value::Bool(match op {
                    BinaryOp::Less => ordering.is_lt(),
                    BinaryOp::LessEq => ordering.is_le(),
                    BinaryOp::Greater => ordering.is_gt(),
                    _ => ordering.is_ge(),
                })
            }
            _ => self.arithmetic(op, &a, &b, span)?,
        })
    }

    /// Arithmetic on two values Puppet reads as numbers: a string is
    /// coerced (Puppet's NUMERIC_COERCION, as `strict` says), any other
    /// value refused.
    fn arithmetic(&mut self, op: BinaryOp, a: &Value, b: &Value, span: ast::Span) -> Result<Value> {
        let x = self.coerce_numeric(a, span)?;
        let y = self.coerce_numeric(b, span)?;
        if is_time(&x) || is_time(&y) {
            return time_arithmetic(op, x, y).map_err(|message| error(message, span));
        }
        arithmetic::calculate(op, &x, &y).map_err(|refusal| match refusal {
            arithmetic::Refusal::NotApplicable(message)
            | arithmetic::Refusal::Infinity(message)
            | arithmetic::Refusal::Overflow(message) => error(message, span),
            arithmetic::Refusal::DivisionByZero => error("Division by 0", span),
        })
    }

    fn coerce_numeric(&mut self, value: &Value, span: ast::Span) -> Result<Value> {
        match value {
            Value::Integer(_) | Value::Float(_) | Value::Timespan(_) | Value::Timestamp(_) => {
                Ok(value.clone())
            }
            Value::Str(text) => {
                let Some(number) = arithmetic::to_number(text) else {
                    return Err(error(
                        format!("The value '{text}' cannot be converted to Numeric."),
                        span,
                    ));
                };
                let message = format!(
                    "The string '{text}' was automatically coerced to the numerical value {}",
                    number.to_text()
                );
                match self.options.strict {
                    Strict::Off => {}
                    Strict::Warning => self.warn_at(span, message),
                    Strict::Error => return Err(error(message, span)),
                }
                Ok(number)
            }
            other => Err(error(
                format!(
                    "The value '{}' cannot be converted to Numeric.",
                    other.to_text()
                ),
                span,
            )),
        }
    }

    /// Case and selector matching: a value against an option, setting the
    /// captures of a regexp that matched.
    pub(super) fn matches(
        &mut self,
        value: &Value,
        matcher: &Expr,
        scope: ScopeId,
    ) -> Result<bool> {
        let pattern = self.eval(matcher, scope)?;
        let mut captures = None;
        let matched = compare::case_match(&pattern, value, &mut captures);
        self.set_captures(scope, captures);
        Ok(matched)
    }

    /// `$0`, `$1`, ... of the last regexp matched in `scope`.
    pub(super) fn set_captures(&mut self, scope: ScopeId, captures: compare::Captures) {
        let Some(groups) = captures else {
            return;
        };
        let variables = &mut self.scopes[scope].variables;
        variables.retain(|name, _| !name.bytes().all(|b| b.is_ascii_digit()));
        for (index, group) in groups.into_iter().enumerate() {
            variables.insert(index.to_string(), group);
        }
    }
}

fn is_time(value: &Value) -> bool {
    matches!(value, Value::Timespan(_) | Value::Timestamp(_))
}

/// Arithmetic where a timespan or a timestamp takes part, as Puppet's
/// `calculate` hands it to them: a number on the left trades places for
/// `+` (and `*` by a timespan), becomes a timespan for `-`, and is
/// refused otherwise.
fn time_arithmetic(op: BinaryOp, x: Value, y: Value) -> std::result::Result<Value, String> {
    let operator = arithmetic::operator_text(op);
    let label = |value: &Value| crate::catalog::values::display::a_an(simple_name(value));
    if op == BinaryOp::Mod && matches!(x, Value::Float(_)) {
        return Err(format!("Operator '%' is not applicable to {}.", label(&x)));
    }
    if op == BinaryOp::Mod && matches!(y, Value::Float(_)) {
        return Err(format!(
            "Operator '%' is not applicable to {} when right side is {}.",
            label(&x),
            label(&y)
        ));
    }
    let (x, y) = if is_time(&y) && !is_time(&x) {
        match (op, &y) {
            (BinaryOp::Add, _) | (BinaryOp::Mul, Value::Timespan(_)) => (y, x),
            (BinaryOp::Sub, Value::Timespan(_)) => (
                Value::Timespan(Timespan::from_seconds(&x).unwrap_or(Timespan(0))),
                y,
            ),
            _ => {
                return Err(format!(
                    "Operator '{operator}' is not applicable to {} when right side is {}.",
                    label(&x),
                    label(&y)
                ))
            }
        }
    } else {
        (x, y)
    };
    let not_applicable = || format!("Operator '{operator}' is not applicable to {}.", label(&x));
    match &x {
        Value::Timespan(span) if !matches!(op, BinaryOp::ShiftLeft | BinaryOp::ShiftRight) => {
            timespan::calculate(op, *span, &y)
        }
        Value::Timestamp(stamp) if matches!(op, BinaryOp::Add | BinaryOp::Sub) => {
            timestamp::calculate(op, *stamp, &y)
        }
        _ => Err(not_applicable()),
    }
}

pub(super) fn references(value: &Value) -> Vec<(String, String)> {
    match value {
        Value::Array(items) => items.iter().flat_map(references).collect(),
        other => other.as_reference().into_iter().collect(),
    }
}
