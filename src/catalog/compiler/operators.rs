//! Operators: access, binary operators, and case and selector matching;
//! Puppet's comparison, equality and arithmetic.

use super::*;
use crate::catalog::values::arithmetic;
use crate::catalog::values::compare::{self, compare, equal};
use crate::catalog::values::types::data_type::describe::simple_name;
use crate::catalog::values::types::data_type::parameterize;
use crate::catalog::values::types::data_type::{generalized, infer};
use crate::catalog::values::types::timespan::{self, Timespan};
use crate::catalog::values::types::timestamp;
use crate::catalog::values::types::uri::Uri;
use crate::catalog::values::types::{array, binary, hash, string};
use crate::facts::ast::{BinaryOp, Expr, ExprKind};

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
            Value::Array(items) => {
                let keys = self.sequence_keys(&keys, Sequence::Array, span)?;
                array::access(&items, &keys)
            }
            // Several keys give the values found, in their order.
            Value::Hash(_) => match keys.as_slice() {
                [] => {
                    return Err(error(
                        "Hash supports [] with one or more arguments. Got 0",
                        span,
                    ))
                }
                [key] => target.hash_get(key).cloned().unwrap_or(Value::Undef),
                keys => Value::Array(
                    keys.iter()
                        .filter_map(|key| target.hash_get(key).filter(|v| **v != Value::Undef))
                        .cloned()
                        .collect(),
                ),
            },
            // `Notify[x][message]`: a declared resource's attribute.
            Value::Type(ty) if matches!(&*ty, Type::Resource(Some(_), Some(_))) => {
                let Type::Resource(Some(type_name), Some(title)) = &*ty else {
                    unreachable!("matched above")
                };
                self.resource_attributes(type_name, title, &keys, span)?
            }
            Value::Type(ty) => parameterize(&ty, keys).map_err(|e| error(e.0, span))?,
            Value::Str(text) => {
                let keys = self.sequence_keys(&keys, Sequence::String, span)?;
                Value::Str(string::substring(
                    &text,
                    keys[0],
                    keys.get(1).copied().unwrap_or(1),
                ))
            }
            Value::Binary(bytes) => {
                let keys = self.sequence_keys(&keys, Sequence::String, span)?;
                let part = binary::slice(&bytes, keys[0], keys.get(1).copied().unwrap_or(1));
                Value::Binary(std::rc::Rc::new(part))
            }
            // An object type's own `[]` function (Puppet's `access_Object`).
            Value::Object(object) if object.ty.has_function("[]") => self
                .object_member(&object, "[]", span)
                .unwrap_or(Value::Undef),
            _ => return Err(error("Operator '[]' is not applicable", span)),
        })
    }

    /// The values of the attributes `keys` name on the resource `type_name`
    /// `title` (Puppet's `access_PResourceType` with a title): one value,
    /// or an array for several names or an array of them.
    fn resource_attributes(
        &mut self,
        type_name: &str,
        title: &str,
        keys: &[Value],
        span: ast::Span,
    ) -> Result<Value> {
        let many = keys.len() > 1 || matches!(keys.first(), Some(Value::Array(_)));
        let names: Vec<Value> = array::flatten(keys)
            .into_iter()
            .filter(|key| *key != Value::Undef)
            .collect();
        let Some(index) = self.find_resource(type_name, title) else {
            return Err(error(
                format!("Resource not found: {type_name}['{title}']"),
                span,
            ));
        };
        let mut values = Vec::with_capacity(names.len());
        for name in names {
            let name = name.to_text();
            if !self.is_parameter_of(type_name, title, &name) {
                return Err(error(
                    format!(
                        "The resource {type_name}['{title}'] does not have a parameter called '{name}'"
                    ),
                    span,
                ));
            }
            let value = self.resources[index].parameters.get(&name).cloned();
            values.push(value.unwrap_or(Value::Undef));
        }
        Ok(if many {
            Value::Array(values)
        } else {
            values.pop().unwrap_or(Value::Undef)
        })
    }

    /// Whether `name` is a parameter of resources of `type_name`: one of
    /// a built-in type's, a define's, the class's, or a metaparameter. A
    /// type written in Ruby takes any.
    fn is_parameter_of(&self, type_name: &str, title: &str, name: &str) -> bool {
        let lower = type_name.to_lowercase();
        if crate::facts::builtins::METAPARAMETERS.contains(&name) || name == "name" {
            return true;
        }
        let definition = if lower == "class" {
            self.classes.get(&title.to_lowercase())
        } else {
            self.defines.get(&lower)
        };
        if let Some((_, definition)) = definition {
            return definition.params.iter().any(|param| param.name == name);
        }
        crate::facts::builtins::accepts_parameter(&lower, name).unwrap_or(true)
    }

    /// The one or two integer keys of an access on a string, binary or
    /// array (arrays among the keys spread out), or Puppet's error:
    /// strings are read as numbers, as Puppet reads them there.
    fn sequence_keys(
        &mut self,
        keys: &[Value],
        sequence: Sequence,
        span: ast::Span,
    ) -> Result<Vec<i64>> {
        let keys = array::flatten(keys);
        if !matches!(keys.len(), 1 | 2) {
            let name = match sequence {
                Sequence::Array => "Array",
                Sequence::String => "String",
            };
            return Err(error(
                format!(
                    "{name} supports [] with one or two arguments. Got {}",
                    keys.len()
                ),
                span,
            ));
        }
        keys.iter()
            .map(|key| {
                let number = match (key, sequence) {
                    (Value::Str(_), Sequence::Array) => self.coerce_numeric(key, span)?,
                    (Value::Str(text), Sequence::String) => {
                        arithmetic::to_number(text).unwrap_or_else(|| key.clone())
                    }
                    _ => key.clone(),
                };
                match (number, sequence) {
                    (Value::Integer(n), _) => Ok(n),
                    (other, Sequence::String) => {
                        let name = key_type_name(if matches!(other, Value::Float(_)) { &other } else { key });
                        Err(error(
                            format!(
                                "A substring operation does not accept {} {name} as a character index. Expected an Integer",
                                crate::catalog::values::display::article(&name)
                            ),
                            span,
                        ))
                    }
                    (other, Sequence::Array) => Err(error(
                        format!(
                            "An Array[] cannot use {} where Integer is expected",
                            key_type_name(&other)
                        ),
                        span,
                    )),
                }
            })
            .collect()
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
        let at = ArithmeticAt {
            expression: span,
            left: left.span,
            right: right.span,
        };
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
                (Value::Binary(x), Value::Binary(y)) => {
                    Value::Binary(std::rc::Rc::new([x.as_slice(), y.as_slice()].concat()))
                }
                (Value::Binary(_), _) => {
                    return Err(error("Can only append Binary to a Binary", span))
                }
                // `URI#+`: the reference resolved against the URI.
                (Value::Uri(base), Value::Uri(reference)) => {
                    Value::Uri(std::rc::Rc::new(base.join(&reference)))
                }
                (Value::Uri(base), Value::Str(text)) => {
                    let reference = Uri::parse(&text).map_err(|message| error(message, span))?;
                    Value::Uri(std::rc::Rc::new(base.join(&reference)))
                }
                (Value::Array(mut x), y) => {
                    x.extend(array::operand_elements(y));
                    Value::Array(x)
                }
                (Value::Hash(x), y) => {
                    hash::merged(x, y).map_err(|message| error(message, span))?
                }
                (x, y) => self.arithmetic(op, &x, &y, at)?,
            },
            BinaryOp::Sub => match (a, b) {
                (Value::Array(x), y) => {
                    let removed = array::operand_elements(y);
                    Value::Array(
                        x.into_iter()
                            .filter(|item| !removed.contains(item))
                            .collect(),
                    )
                }
                (Value::Hash(x), y) => hash::without(x, &y),
                (x, y) => self.arithmetic(op, &x, &y, at)?,
            },
            BinaryOp::ShiftLeft => match (a, b) {
                (Value::Array(mut x), y) => {
                    x.push(y);
                    Value::Array(x)
                }
                (x, y) => self.arithmetic(op, &x, &y, at)?,
            },
            // Types compare by assignability, and never fail.
            BinaryOp::Less | BinaryOp::LessEq | BinaryOp::Greater | BinaryOp::GreaterEq
                if matches!(a, Value::Type(_)) =>
            {
                let (Value::Type(left), Value::Type(right)) = (&a, &b) else {
                    return Ok(Value::Bool(false));
                };
                let same = equal(&a, &b);
                Value::Bool(match op {
                    BinaryOp::Less => right.is_assignable(left) && !same,
                    BinaryOp::LessEq => right.is_assignable(left),
                    BinaryOp::Greater => left.is_assignable(right) && !same,
                    _ => left.is_assignable(right),
                })
            }
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
            _ => self.arithmetic(op, &a, &b, at)?,
        })
    }

    /// Arithmetic on two values Puppet reads as numbers: a string is
    /// coerced (Puppet's NUMERIC_COERCION, as `strict` says), any other
    /// value refused.
    fn arithmetic(
        &mut self,
        op: BinaryOp,
        a: &Value,
        b: &Value,
        at: ArithmeticAt,
    ) -> Result<Value> {
        let span = at.expression;
        let x = self.coerce_numeric(a, at.left)?;
        let y = self.coerce_numeric(b, at.right)?;
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

    /// `value` as a number, a string coerced (at `span`, where Puppet
    /// points: the operand).
    pub(super) fn coerce_numeric(&mut self, value: &Value, span: ast::Span) -> Result<Value> {
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
        // `*[a, b]`: a match of any of its values.
        if let (ExprKind::Splat(_), Value::Array(patterns)) = (&matcher.kind, &pattern) {
            for pattern in patterns {
                let mut captures = None;
                if compare::case_match(pattern, value, &mut captures) {
                    self.set_captures(scope, captures);
                    return Ok(true);
                }
            }
            return Ok(false);
        }
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
        variables.retain(|name, _| !super::eval::is_match_group(name));
        for (index, group) in groups.into_iter().enumerate() {
            variables.insert(index.to_string(), group);
        }
    }
}

/// Where an arithmetic expression is, and each of its operands.
#[derive(Clone, Copy)]
struct ArithmeticAt {
    expression: ast::Span,
    left: ast::Span,
    right: ast::Span,
}

/// What is sliced by an access with integer keys.
#[derive(Clone, Copy)]
enum Sequence {
    Array,
    /// A string's characters or a binary's bytes.
    String,
}

/// How Puppet names the type of a key it cannot use.
fn key_type_name(key: &Value) -> String {
    match key {
        Value::Undef => "Undef".to_string(),
        Value::Default => "Default".to_string(),
        other => generalized(&infer(other)).to_string(),
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
