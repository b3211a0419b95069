//! Operators: access, binary operators, and case and selector matching;
//! Puppet's comparison, equality and arithmetic.

use super::*;
use crate::facts::ast::{BinaryOp, Expr};

impl<'e> Compiler<'e> {
    pub(super) fn access(
        &mut self,
        target: Value,
        keys: Vec<Value>,
        span: ast::Span,
    ) -> Result<Value> {
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
            Value::Type(name) => {
                let type_name = capitalize(&name);
                if type_name == "Class" {
                    match keys.as_slice() {
                        [key] => Value::Ref("Class".to_string(), capitalize(&key.to_text())),
                        _ => Value::Array(
                            keys.iter()
                                .map(|k| Value::Ref("Class".to_string(), capitalize(&k.to_text())))
                                .collect(),
                        ),
                    }
                } else if keys.len() == 1 {
                    match &keys[0] {
                        Value::Array(titles) => Value::Array(
                            titles
                                .iter()
                                .map(|t| Value::Ref(type_name.clone(), t.to_text()))
                                .collect(),
                        ),
                        key => Value::Ref(type_name, key.to_text()),
                    }
                } else {
                    Value::Type(name)
                }
            }
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
        if op == BinaryOp::And {
            return Ok(Value::Bool(
                self.eval(left, scope)?.is_truthy() && self.eval(right, scope)?.is_truthy(),
            ));
        }
        if op == BinaryOp::Or {
            return Ok(Value::Bool(
                self.eval(left, scope)?.is_truthy() || self.eval(right, scope)?.is_truthy(),
            ));
        }
        if matches!(op, BinaryOp::Match | BinaryOp::NotMatch) {
            let value = self.eval(left, scope)?;
            let matched = self.matches(&value, right, scope)?;
            return Ok(Value::Bool(matched == (op == BinaryOp::Match)));
        }
        let a = self.eval(left, scope)?;
        let b = self.eval(right, scope)?;
        Ok(match op {
            BinaryOp::Eq => Value::Bool(equal(&a, &b)),
            BinaryOp::NotEq => Value::Bool(!equal(&a, &b)),
            BinaryOp::In => Value::Bool(match &b {
                Value::Array(items) => items.iter().any(|item| equal(item, &a)),
                Value::Hash(entries) => entries.iter().any(|(key, _)| equal(key, &a)),
                Value::Str(text) => text.to_lowercase().contains(&a.to_text().to_lowercase()),
                _ => false,
            }),
            BinaryOp::Add => match (a, b) {
                (Value::Array(mut x), Value::Array(y)) => {
                    x.extend(y);
                    Value::Array(x)
                }
                (Value::Array(mut x), y) => {
                    x.push(y);
                    Value::Array(x)
                }
                (Value::Hash(mut x), Value::Hash(y)) => {
                    for (key, value) in y {
                        x.retain(|(k, _)| *k != key);
                        x.push((key, value));
                    }
                    Value::Hash(x)
                }
                (x, y) => arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::Sub => match (a, b) {
                (Value::Array(x), Value::Array(y)) => {
                    Value::Array(x.into_iter().filter(|item| !y.contains(item)).collect())
                }
                (x, y) => arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::ShiftLeft => match (a, b) {
                (Value::Array(mut x), y) => {
                    x.push(y);
                    Value::Array(x)
                }
                (x, y) => arithmetic(op, &x, &y, span)?,
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
                        types::simple_name(&a),
                        types::simple_name(&b)
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
            _ => arithmetic(op, &a, &b, span)?,
        })
    }

    /// Case and selector matching: equality, regexes (setting `$0`...),
    /// `default`.
    pub(super) fn matches(
        &mut self,
        value: &Value,
        matcher: &Expr,
        scope: ScopeId,
    ) -> Result<bool> {
        let pattern = self.eval(matcher, scope)?;
        Ok(match pattern {
            Value::Default => true,
            Value::Regex(regex) => {
                let regex = regex::Regex::new(&regex)
                    .map_err(|e| error(format!("Invalid regex: {e}"), matcher.span))?;
                let text = value.to_text();
                match regex.captures(&text) {
                    Some(captures) => {
                        for (index, group) in captures.iter().enumerate() {
                            let group =
                                group.map_or(Value::Undef, |g| Value::Str(g.as_str().to_string()));
                            self.scopes[scope]
                                .variables
                                .insert(index.to_string(), group);
                        }
                        true
                    }
                    None => false,
                }
            }
            Value::Array(items) if !matches!(value, Value::Array(_)) => {
                items.iter().any(|item| equal(item, value))
            }
            pattern => equal(value, &pattern),
        })
    }
}

pub(super) fn references(value: &Value) -> Vec<(String, String)> {
    match value {
        Value::Ref(type_name, title) => vec![(type_name.clone(), title.clone())],
        Value::Array(items) => items.iter().flat_map(references).collect(),
        _ => Vec::new(),
    }
}

/// Puppet's `CompareOperator`: strings with strings (ignoring ASCII case),
/// numbers with numbers; anything else is an error, with its reason.
fn compare(a: &Value, b: &Value) -> std::result::Result<std::cmp::Ordering, &'static str> {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(x
            .bytes()
            .map(|c| c.to_ascii_lowercase())
            .cmp(y.bytes().map(|c| c.to_ascii_lowercase()))),
        (Value::Str(_), _) => Err("A String is not comparable to a non String"),
        (Value::Integer(x), Value::Integer(y)) => Ok(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let (x, y) = (number(a).unwrap_or(0.0), number(b).unwrap_or(0.0));
            x.partial_cmp(&y).ok_or("NaN is not comparable")
        }
        (Value::Integer(_) | Value::Float(_), _) => {
            Err("A Numeric is not comparable to non Numeric")
        }
        _ => Err("Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable"),
    }
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Integer(value) => Some(*value as f64),
        Value::Float(value) => Some(*value),
        _ => None,
    }
}

/// Puppet's `==`: strings compare without case.
pub(super) fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.to_lowercase() == y.to_lowercase(),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            number(a) == number(b)
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q))
        }
        _ => a == b,
    }
}

fn arithmetic(op: BinaryOp, a: &Value, b: &Value, span: ast::Span) -> Result<Value> {
    let to_number = |value: &Value| match value {
        Value::Str(text) => text
            .parse::<i64>()
            .map(Value::Integer)
            .or_else(|_| text.parse::<f64>().map(Value::Float))
            .ok(),
        Value::Integer(_) | Value::Float(_) => Some(value.clone()),
        _ => None,
    };
    let (Some(x), Some(y)) = (to_number(a), to_number(b)) else {
        return Err(error(
            format!(
                "Operator is not applicable to '{}' and '{}'",
                a.to_text(),
                b.to_text()
            ),
            span,
        ));
    };
    Ok(match (x, y) {
        (Value::Integer(x), Value::Integer(y)) => Value::Integer(match op {
            BinaryOp::Add => x.wrapping_add(y),
            BinaryOp::Sub => x.wrapping_sub(y),
            BinaryOp::Mul => x.wrapping_mul(y),
            BinaryOp::Div if y != 0 => x / y,
            BinaryOp::Mod if y != 0 => x % y,
            BinaryOp::ShiftLeft => x.wrapping_shl(y as u32),
            BinaryOp::ShiftRight => x.wrapping_shr(y as u32),
            _ => return Err(error("Division by zero", span)),
        }),
        (x, y) => {
            let (x, y) = (number(&x).unwrap_or(0.0), number(&y).unwrap_or(0.0));
            Value::Float(match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                _ => x % y,
            })
        }
    })
}
