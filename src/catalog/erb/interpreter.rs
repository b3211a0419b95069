//! The interpreter of the Ruby that templates use: variables, control
//! flow, blocks, operators.

use std::collections::HashMap;

use super::methods::{binary, flatten, index, kernel, method, slice};
use super::object::*;
use super::parser::{Block, Interpolated, Node};
use super::{unsupported, Host, Result, MAX_NESTING};

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

pub(super) struct Interpreter<'h> {
    pub(super) host: &'h mut dyn Host,
    /// Local variables, a frame per block.
    pub(super) locals: Vec<HashMap<String, Object>>,
    pub(super) out: String,
}

impl Interpreter<'_> {
    /// A variable of the compilation, as a Ruby object.
    fn variable(&mut self, name: &str) -> Option<Object> {
        self.host
            .variable(name)
            .map(|value| Object::from_puppet(&value))
    }

    pub(super) fn run(&mut self, statements: &[Node]) -> Result<Object> {
        let mut last = Object::Nil;
        for statement in statements {
            last = self.eval(statement)?;
        }
        Ok(last)
    }

    pub(super) fn local(&self, name: &str) -> Option<&Object> {
        self.locals.iter().rev().find_map(|frame| frame.get(name))
    }

    pub(super) fn eval(&mut self, node: &Node) -> Result<Object> {
        Ok(match node {
            Node::Text(text) => {
                self.out.push_str(text);
                Object::Nil
            }
            Node::Output(value) => {
                let value = self.eval(value)?;
                self.out.push_str(&to_s(&value));
                Object::Nil
            }
            Node::Nil => Object::Nil,
            Node::Bool(value) => Object::Bool(*value),
            Node::Int(value) => Object::Integer(*value),
            Node::Float(value) => Object::Float(*value),
            Node::Regex(pattern) => Object::Regex(pattern.clone()),
            Node::Sym(name) => symbol(name),
            Node::Str(parts) => {
                let mut text = String::new();
                for part in parts {
                    match part {
                        Interpolated::Text(literal) => text.push_str(literal),
                        Interpolated::Code(code) => {
                            let value = self.run(code)?;
                            text.push_str(&to_s(&value));
                        }
                    }
                }
                Object::Str(text)
            }
            Node::Array(items) => Object::Array(
                items
                    .iter()
                    .map(|item| self.eval(item))
                    .collect::<Result<_>>()?,
            ),
            Node::Hash(pairs) => {
                let mut entries: Vec<(Object, Object)> = Vec::new();
                for (key, value) in pairs {
                    let (key, value) = (self.eval(key)?, self.eval(value)?);
                    hash_insert(&mut entries, key, value);
                }
                Object::Hash(entries)
            }
            Node::Const(name) => Object::Class(name.clone()),
            Node::IVar(name) => self.variable(name).unwrap_or(Object::Nil),
            Node::Name(name) => match self.local(name) {
                Some(value) => value.clone(),
                None => return unsupported(format!("the method or variable `{name}`")),
            },
            Node::Assign(name, value) => {
                let value = self.eval(value)?;
                let frame = self
                    .locals
                    .iter_mut()
                    .rev()
                    .find(|frame| frame.contains_key(name));
                match frame {
                    Some(frame) => frame.insert(name.clone(), value.clone()),
                    None => self
                        .locals
                        .last_mut()
                        .expect("one frame at least")
                        .insert(name.clone(), value.clone()),
                };
                value
            }
            Node::Not(operand) => Object::Bool(!truthy(&self.eval(operand)?)),
            Node::And(left, right) => {
                let left = self.eval(left)?;
                if truthy(&left) {
                    self.eval(right)?
                } else {
                    left
                }
            }
            Node::Or(left, right) => {
                let left = self.eval(left)?;
                if truthy(&left) {
                    left
                } else {
                    self.eval(right)?
                }
            }
            Node::If(condition, branch, otherwise) => {
                if truthy(&self.eval(condition)?) {
                    self.run(branch)?
                } else {
                    self.run(otherwise)?
                }
            }
            Node::Case(subject, whens, otherwise) => {
                let subject = match subject {
                    Some(subject) => Some(self.eval(subject)?),
                    None => None,
                };
                for (values, body) in whens {
                    for value in values {
                        let value = self.eval(value)?;
                        let matched = match &subject {
                            Some(subject) => case_equal(&value, subject)?,
                            None => truthy(&value),
                        };
                        if matched {
                            return self.run(body);
                        }
                    }
                }
                self.run(otherwise)?
            }
            Node::Defined(operand) => match &**operand {
                Node::IVar(name) => match self.variable(name) {
                    Some(_) => Object::Str("instance-variable".to_string()),
                    None => Object::Nil,
                },
                Node::Name(name) if self.local(name).is_some() => {
                    Object::Str("local-variable".to_string())
                }
                _ => return unsupported("defined? of anything but a variable"),
            },
            Node::Binary(op, left, right) => {
                let (left, right) = (self.eval(left)?, self.eval(right)?);
                binary(op, left, right)?
            }
            Node::Range(..) => return unsupported("ranges but as an index"),
            Node::IndexAssign(name, index, value) => {
                let (index, value) = (self.eval(index)?, self.eval(value)?);
                let Some(target) = self
                    .locals
                    .iter_mut()
                    .rev()
                    .find_map(|frame| frame.get_mut(name))
                else {
                    return unsupported(format!("undefined local variable `{name}'"));
                };
                match (target, &index) {
                    (Object::Hash(entries), _) => {
                        hash_insert(entries, index.clone(), value.clone())
                    }
                    (Object::Array(items), Object::Integer(position))
                        if usize::try_from(*position).is_ok_and(|at| at < items.len()) =>
                    {
                        items[*position as usize] = value.clone();
                    }
                    _ => return unsupported("assigning into that"),
                }
                value
            }
            Node::Index(target, args) if matches!(args.as_slice(), [Node::Range(..)]) => {
                let [Node::Range(start, end, exclusive)] = args.as_slice() else {
                    unreachable!("matched above")
                };
                let target = self.eval(target)?;
                let (start, end) = (self.eval(start)?, self.eval(end)?);
                slice(&target, &start, &end, *exclusive)?
            }
            Node::Index(target, args) => {
                if matches!(&**target, Node::Name(name) if name == "scope" && self.local("scope").is_none())
                {
                    let name = self.single_text(args)?;
                    return Ok(self.variable(&name).unwrap_or(Object::Nil));
                }
                let target = self.eval(target)?;
                let args: Vec<Object> = args
                    .iter()
                    .map(|arg| self.eval(arg))
                    .collect::<Result<_>>()?;
                index(&target, &args)?
            }
            Node::Call {
                receiver,
                name,
                args,
                block,
            } => self.call(receiver.as_deref(), name, args, block.as_ref())?,
        })
    }

    pub(super) fn single_text(&mut self, args: &[Node]) -> Result<String> {
        match args {
            [arg] => match self.eval(arg)? {
                Object::Str(text) => Ok(text),
                other => unsupported(format!("a variable name {other:?}")),
            },
            _ => unsupported("scope lookups with other than one name"),
        }
    }

    pub(super) fn call(
        &mut self,
        receiver: Option<&Node>,
        name: &str,
        args: &[Node],
        block: Option<&Block>,
    ) -> Result<Object> {
        let is_scope = matches!(receiver, Some(Node::Name(scope)) if scope == "scope" && self.local("scope").is_none());
        if is_scope {
            return self.scope_method(name, args);
        }
        let args: Vec<Object> = args
            .iter()
            .map(|arg| self.eval(arg))
            .collect::<Result<_>>()?;
        let Some(receiver) = receiver else {
            return kernel(name, &args);
        };
        let receiver = self.eval(receiver)?;
        match block {
            Some(block) => self.iterate(&receiver, name, &args, block),
            None => method(&receiver, name, &args),
        }
    }

    /// `scope.lookupvar('x')`, `scope.call_function('f', [args])`,
    /// `scope.function_f([args])`.
    pub(super) fn scope_method(&mut self, name: &str, args: &[Node]) -> Result<Object> {
        if name == "lookupvar" {
            let variable = self.single_text(args)?;
            return Ok(self.variable(&variable).unwrap_or(Object::Nil));
        }
        let args: Vec<Object> = args
            .iter()
            .map(|arg| self.eval(arg))
            .collect::<Result<_>>()?;
        let (function, arguments) = match (name, args.as_slice()) {
            ("call_function", [Object::Str(function), Object::Array(arguments)]) => {
                (function.clone(), arguments.clone())
            }
            ("call_function", [Object::Str(function)]) => (function.clone(), Vec::new()),
            (name, [Object::Array(arguments)]) if name.starts_with("function_") => {
                (name["function_".len()..].to_string(), arguments.clone())
            }
            (name, []) if name.starts_with("function_") => {
                (name["function_".len()..].to_string(), Vec::new())
            }
            _ => return unsupported(format!("scope.{name}")),
        };
        let arguments = arguments.iter().map(Object::to_puppet).collect();
        self.host
            .call(&function, arguments)
            .map(|value| Object::from_puppet(&value))
    }

    /// A method with a block: iteration.
    pub(super) fn iterate(
        &mut self,
        receiver: &Object,
        name: &str,
        args: &[Object],
        block: &Block,
    ) -> Result<Object> {
        if self.locals.len() >= MAX_NESTING {
            return unsupported("blocks nested this deep");
        }
        let items: Vec<Object> = match receiver {
            Object::Array(items) => items.clone(),
            Object::Hash(entries) => entries
                .iter()
                .map(|(key, value)| Object::Array(vec![key.clone(), value.clone()]))
                .collect(),
            Object::Nil => {
                return unsupported(format!("undefined method `{name}' for nil:NilClass"))
            }
            other => return unsupported(format!("`{name}` with a block on {}", class_of(other))),
        };
        if !args.is_empty() {
            return unsupported(format!("`{name}` with arguments and a block"));
        }
        let mut results = Vec::new();
        for (position, item) in items.iter().enumerate() {
            let mut yielded = vec![item.clone()];
            if matches!(name, "each_with_index" | "map_with_index") {
                yielded.push(Object::Integer(position as i64));
            }
            let result = self.yield_block(block, yielded)?;
            results.push((item.clone(), result));
        }
        let selected = |keep: bool| -> Vec<Object> {
            results
                .iter()
                .filter(|(_, result)| truthy(result) == keep)
                .map(|(item, _)| item.clone())
                .collect()
        };
        let back_to_hash = |items: Vec<Object>| match receiver {
            Object::Hash(_) => Object::Hash(
                items
                    .into_iter()
                    .filter_map(|pair| match pair {
                        Object::Array(mut pair) if pair.len() == 2 => {
                            let value = pair.pop()?;
                            Some((pair.pop()?, value))
                        }
                        _ => None,
                    })
                    .collect(),
            ),
            _ => Object::Array(items),
        };
        Ok(match name {
            "each" | "each_pair" | "each_with_index" => receiver.clone(),
            "map" | "collect" | "flat_map" | "map_with_index" => {
                let mapped: Vec<Object> = results.into_iter().map(|(_, result)| result).collect();
                if name == "flat_map" {
                    Object::Array(flatten(&mapped, 1))
                } else {
                    Object::Array(mapped)
                }
            }
            "select" | "filter" => back_to_hash(selected(true)),
            "reject" => back_to_hash(selected(false)),
            "find" | "detect" => selected(true).into_iter().next().unwrap_or(Object::Nil),
            "any?" => Object::Bool(results.iter().any(|(_, result)| truthy(result))),
            "all?" => Object::Bool(results.iter().all(|(_, result)| truthy(result))),
            "none?" => Object::Bool(!results.iter().any(|(_, result)| truthy(result))),
            "count" => Object::Integer(selected(true).len() as i64),
            "sort_by" | "min_by" | "max_by" => {
                let mut keyed = results;
                let mut failure = None;
                keyed.sort_by(|(_, a), (_, b)| {
                    compare(a, b).unwrap_or_else(|e| {
                        failure.get_or_insert(e);
                        std::cmp::Ordering::Equal
                    })
                });
                if let Some(failure) = failure {
                    return Err(failure);
                }
                let sorted: Vec<Object> = keyed.into_iter().map(|(item, _)| item).collect();
                match name {
                    "min_by" => sorted.first().cloned().unwrap_or(Object::Nil),
                    "max_by" => sorted.last().cloned().unwrap_or(Object::Nil),
                    _ => Object::Array(sorted),
                }
            }
            other => return unsupported(format!("`{other}` with a block")),
        })
    }

    /// Runs `block` with `yielded`, spread over its parameters as Ruby
    /// does: one array to several parameters is destructured.
    pub(super) fn yield_block(
        &mut self,
        block: &Block,
        mut yielded: Vec<Object>,
    ) -> Result<Object> {
        if block.params.len() > 1 && yielded.len() == 1 {
            if let Object::Array(items) = &yielded[0] {
                yielded = items.clone();
            }
        } else if block.params.len() > 2 && yielded.len() == 2 {
            // `each_with_index { |k, v, i| }` is not Ruby's spreading.
            return unsupported("block parameters spread over a pair and an index");
        }
        let mut frame = HashMap::new();
        for (position, param) in block.params.iter().enumerate() {
            frame.insert(
                param.clone(),
                yielded.get(position).cloned().unwrap_or(Object::Nil),
            );
        }
        self.locals.push(frame);
        let result = self.run(&block.body);
        self.locals.pop();
        result
    }
}
