//! The interpreter of the Ruby that templates use: variables, control
//! flow, blocks, operators.

use std::collections::HashMap;
use std::rc::Rc;

use super::methods::{binary, flatten, index, kernel, method, slice};
use super::object::*;
use super::parser::{AssignBase, Block, Interpolated, Method, Node};
use super::{unsupported, Host, Result, MAX_NESTING};

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

pub(super) struct Interpreter<'h> {
    pub(super) host: &'h mut dyn Host,
    /// Local variables, a frame per block.
    pub(super) locals: Vec<HashMap<String, Object>>,
    pub(super) out: String,
    /// The methods the template defines.
    pub(super) methods: HashMap<String, Rc<Method>>,
    /// The value of a `return` on its way out of its method: the
    /// statements left are skipped.
    pub(super) returning: Option<Object>,
    /// Methods being run, innermost last: a template's recursion is
    /// bounded, as the stack is.
    pub(super) calls: usize,
    /// The groups of the last `=~` that matched (`$1`...).
    pub(super) groups: Vec<Option<String>>,
    /// Set where Ruby itself raised (`raise`, `Integer('x')`), which
    /// `rescue` catches; what pfacts does not read is no exception.
    pub(super) raised: bool,
}

impl Interpreter<'_> {
    /// `scope['x']`: what the templates' Ruby set there, as it holds it,
    /// else the variable.
    fn scope_variable(&mut self, name: &str) -> Result<Object> {
        if let Some(set) = self.host.ruby_variable(name) {
            return Ok(set);
        }
        Ok(self
            .host
            .lookup(name)?
            .map_or(Object::Nil, |value| Object::from_puppet(&value)))
    }

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
            if self.returning.is_some() {
                break;
            }
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
            Node::Array(items) => Object::Array(self.eval_list(items)?),
            Node::Splat(_) => return unsupported("`*` outside an array or arguments"),
            Node::BlockArgument(_) => return unsupported("`&` outside arguments"),
            Node::Sequence(statements) => self.run(statements)?,
            Node::Rescue(value, fallback) => {
                self.raised = false;
                match self.eval(value) {
                    Ok(value) => value,
                    Err(_) if std::mem::take(&mut self.raised) => self.eval(fallback)?,
                    Err(error) => return Err(error),
                }
            }
            Node::MultiAssign(names, value) => {
                let value = self.eval(value)?;
                let items = match &value {
                    Object::Array(items) => items.clone(),
                    other => vec![other.clone()],
                };
                for (position, name) in names.iter().enumerate() {
                    let item = items.get(position).cloned().unwrap_or(Object::Nil);
                    self.assign_local(name, item);
                }
                value
            }
            Node::Def(method) => {
                self.methods.insert(method.name.clone(), Rc::clone(method));
                symbol(&method.name)
            }
            Node::Return(value) => {
                let value = match value {
                    Some(value) => self.eval(value)?,
                    None => Object::Nil,
                };
                self.returning = Some(value);
                Object::Nil
            }
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
            Node::MatchGroup(group) => self
                .groups
                .get(*group)
                .cloned()
                .flatten()
                .map_or(Object::Nil, Object::Str),
            Node::Local(name) => self.local(name).cloned().unwrap_or(Object::Nil),
            Node::Name(name) => match self.local(name) {
                Some(value) => value.clone(),
                None => match self.methods.get(name).cloned() {
                    Some(method) => self.call_method(&method, Vec::new())?,
                    None => return unsupported(format!("the method or variable `{name}`")),
                },
            },
            Node::Assign(name, value) => {
                let value = self.eval(value)?;
                self.assign_local(name, value.clone());
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
            // `<<` changes what it appends to, in place: a local takes the
            // result; anything else pfacts cannot change in place.
            Node::Binary("<<", target, item) => {
                let Node::Name(local) = &**target else {
                    return unsupported("`<<` onto other than a local variable");
                };
                let (current, item) = (self.eval(target)?, self.eval(item)?);
                let appended = binary("<<", current, item)?;
                self.assign_local(local, appended.clone());
                appended
            }
            // `=~` sets `$1`... as Ruby's `$~` does.
            Node::Binary("=~", left, right) => {
                let (left, right) = (self.eval(left)?, self.eval(right)?);
                if let (Object::Str(text), Object::Regex(pattern))
                | (Object::Regex(pattern), Object::Str(text)) = (&left, &right)
                {
                    self.groups = compile(pattern)?
                        .captures(text)
                        .map(|captures| {
                            captures
                                .iter()
                                .map(|group| group.map(|g| g.as_str().to_string()))
                                .collect()
                        })
                        .unwrap_or_default();
                }
                binary("=~", left, right)?
            }
            Node::Binary(op, left, right) => {
                let (left, right) = (self.eval(left)?, self.eval(right)?);
                binary(op, left, right)?
            }
            Node::Range(..) => return unsupported("ranges but as an index"),
            Node::IndexAssign(AssignBase::Scope(variable), path, value) => {
                let name = self.single_text(std::slice::from_ref(variable))?;
                let Some(mut held) = self.host.ruby_variable(&name) else {
                    return unsupported(format!("changing ${name} in place"));
                };
                let path: Vec<Object> = path
                    .iter()
                    .map(|index| self.eval(index))
                    .collect::<Result<_>>()?;
                let value = self.eval(value)?;
                assign_into(&mut held, &path, value.clone())?;
                self.host.set_ruby_variable(&name, held, true)?;
                value
            }
            Node::IndexAssign(AssignBase::Local(name), path, value) => {
                let path: Vec<Object> = path
                    .iter()
                    .map(|index| self.eval(index))
                    .collect::<Result<_>>()?;
                let value = self.eval(value)?;
                let Some(target) = self
                    .locals
                    .iter_mut()
                    .rev()
                    .find_map(|frame| frame.get_mut(name))
                else {
                    return unsupported(format!("undefined local variable `{name}'"));
                };
                assign_into(target, &path, value.clone())?;
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
                    return self.scope_variable(&name);
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
        // `scope` or `scope()`, unless the template has a local of that name.
        let is_scope = match receiver {
            Some(Node::Name(scope)) => scope == "scope",
            Some(Node::Call {
                receiver: None,
                name,
                args,
                block: None,
            }) => name == "scope" && args.is_empty(),
            _ => false,
        } && self.local("scope").is_none();
        if is_scope {
            return self.scope_method(name, args);
        }
        let args = self.eval_list(args)?;
        // Methods that change their receiver in place: a local takes the
        // result; anything else pfacts cannot change in place.
        if matches!(name, "push" | "<<" | "concat" | "merge!" | "update") || name.ends_with('!') {
            let Some(Node::Name(local)) = receiver else {
                return unsupported(format!("`{name}` on other than a local variable"));
            };
            let current = self.eval(receiver.expect("a receiver"))?;
            let changed = match name {
                "merge!" | "update" => method(&current, "merge", &args)?,
                "concat" => args
                    .iter()
                    .try_fold(current, |acc, item| binary("+", acc, item.clone()))?,
                "push" | "<<" => method(&current, "push", &args)?,
                other => return unsupported(format!("the method `{other}`")),
            };
            self.assign_local(local, changed.clone());
            return Ok(changed);
        }
        let Some(receiver) = receiver else {
            if let Some(method) = self.methods.get(name).cloned() {
                return self.call_method(&method, args);
            }
            // These fail as Ruby raises, which `rescue` catches.
            self.raised = matches!(name, "Integer" | "Float" | "raise");
            let result = kernel(name, &args);
            self.raised &= result.is_err();
            return result;
        };
        let receiver = self.eval(receiver)?;
        match block {
            Some(block) => self.iterate(&receiver, name, &args, block),
            None => method(&receiver, name, &args),
        }
    }

    /// Sets a local: in the frame that has it, else the innermost.
    fn assign_local(&mut self, name: &str, value: Object) {
        let frame = self
            .locals
            .iter_mut()
            .rev()
            .find(|frame| frame.contains_key(name));
        match frame {
            Some(frame) => frame.insert(name.to_string(), value),
            None => self
                .locals
                .last_mut()
                .expect("one frame at least")
                .insert(name.to_string(), value),
        };
    }

    /// The values of an array's items or a call's arguments, `*x` spread
    /// as Ruby spreads it.
    fn eval_list(&mut self, items: &[Node]) -> Result<Vec<Object>> {
        let mut values = Vec::with_capacity(items.len());
        for item in items {
            match item {
                // A block passed on: only none (nil) is read.
                Node::BlockArgument(block) => match self.eval(block)? {
                    Object::Nil => {}
                    _ => return unsupported("a block passed on with `&`"),
                },
                Node::Splat(inner) => match self.eval(inner)? {
                    Object::Nil => {}
                    Object::Array(elements) => values.extend(elements),
                    Object::Hash(entries) => values.extend(
                        entries
                            .into_iter()
                            .map(|(key, value)| Object::Array(vec![key, value])),
                    ),
                    other => values.push(other),
                },
                item => values.push(self.eval(item)?),
            }
        }
        Ok(values)
    }

    /// Calls a method the template defined, in a scope of its own: its
    /// parameters, not the caller's locals.
    fn call_method(&mut self, method: &Method, args: Vec<Object>) -> Result<Object> {
        let required = method.params.iter().filter(|(_, d)| d.is_none()).count();
        if args.len() < required || args.len() > method.params.len() {
            return unsupported(format!(
                "wrong number of arguments (given {}, expected {}) for `{}'",
                args.len(),
                required,
                method.name
            ));
        }
        if self.calls >= MAX_NESTING {
            return unsupported("methods nested this deep");
        }
        self.calls += 1;
        let caller = std::mem::replace(&mut self.locals, vec![HashMap::new()]);
        let mut outcome = Ok(Object::Nil);
        let mut args = args.into_iter();
        for (name, default) in &method.params {
            let value = match args.next() {
                Some(value) => Ok(value),
                None => default
                    .as_ref()
                    .map_or(Ok(Object::Nil), |default| self.eval(default)),
            };
            match value {
                Ok(value) => {
                    self.locals[0].insert(name.clone(), value);
                }
                Err(error) => {
                    outcome = Err(error);
                    break;
                }
            }
        }
        if outcome.is_ok() {
            outcome = self.run(&method.body);
        }
        self.locals = caller;
        self.calls -= 1;
        let returned = self.returning.take();
        outcome.map(|last| returned.unwrap_or(last))
    }

    /// `scope.lookupvar('x')`, `scope.call_function('f', [args])`,
    /// `scope.function_f([args])`.
    pub(super) fn scope_method(&mut self, name: &str, args: &[Node]) -> Result<Object> {
        if name == "lookupvar" {
            let variable = self.single_text(args)?;
            return self.scope_variable(&variable);
        }
        if name == "setvar" {
            let [variable, value] = args else {
                return unsupported("scope.setvar with other than a name and a value");
            };
            let variable = self.single_text(std::slice::from_ref(variable))?;
            let value = self.eval(value)?;
            self.host
                .set_ruby_variable(&variable, value.clone(), false)?;
            return Ok(value);
        }
        let args: Vec<Object> = args
            .iter()
            .map(|arg| self.eval(arg))
            .collect::<Result<_>>()?;
        let (function, arguments) = match (name, args.as_slice()) {
            ("call_function", [Object::Str(function), Object::Array(arguments)]) => {
                (function.clone(), arguments.clone())
            }
            ("call_function", [Object::Str(function)] | [Object::Str(function), Object::Nil]) => {
                (function.clone(), Vec::new())
            }
            // Puppet spreads what is no array as one argument.
            ("call_function", [Object::Str(function), argument]) => {
                (function.clone(), vec![argument.clone()])
            }
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
        // `reduce(memo) { |memo, item| }`: the block's value is the next
        // memo; without one, the first item is.
        if matches!(name, "reduce" | "inject") && args.len() <= 1 {
            let mut items = items.into_iter();
            let mut memo = match args.first() {
                Some(memo) => memo.clone(),
                None => items.next().unwrap_or(Object::Nil),
            };
            for item in items {
                memo = self.yield_block(block, vec![memo, item])?;
                if self.returning.is_some() {
                    return Ok(Object::Nil);
                }
            }
            return Ok(memo);
        }
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
            if self.returning.is_some() {
                return Ok(Object::Nil);
            }
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

/// `target[a][b] = value`, in place.
fn assign_into(target: &mut Object, path: &[Object], value: Object) -> Result<()> {
    let (index, inner) = path.split_last().expect("an index at least");
    let mut target = target;
    for step in inner {
        target = match target {
            Object::Hash(entries) => match entries.iter_mut().find(|(key, _)| key == step) {
                Some((_, entry)) => entry,
                None => return unsupported("undefined method `[]=' for nil"),
            },
            Object::Array(items) => match usize::try_from(match step {
                Object::Integer(position) => *position,
                _ => -1,
            }) {
                Ok(at) if at < items.len() => &mut items[at],
                _ => return unsupported("assigning into that"),
            },
            _ => return unsupported("assigning into that"),
        };
    }
    match (target, index) {
        (Object::Hash(entries), _) => hash_insert(entries, index.clone(), value),
        (Object::Array(items), Object::Integer(position))
            if usize::try_from(*position).is_ok_and(|at| at < items.len()) =>
        {
            items[*position as usize] = value;
        }
        _ => return unsupported("assigning into that"),
    }
    Ok(())
}
