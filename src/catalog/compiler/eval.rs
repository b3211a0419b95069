//! Expressions: what each kind of expression evaluates to.

use super::operators::references;
use super::*;
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::types::data_type::{generalized, infer};
use crate::catalog::values::types::timespan::Timespan;
use crate::catalog::values::Regexp;
use crate::facts::ast::{Expr, ExprKind, StringPart};

impl<'e> Compiler<'e> {
    /// A branch run where its condition was a value pfacts did not
    /// compute (`mark`): taken as Puppet would take undef, and what it
    /// assigns in `scope` is not computed either, nor is its value.
    fn undecided_branch(
        &mut self,
        mark: &Rc<crate::catalog::values::Unevaluated>,
        consequence: &str,
        body: Option<&[Expr]>,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        self.note_use(mark, span, consequence);
        let before: HashSet<String> = self.scopes[scope].variables.keys().cloned().collect();
        if let Some(body) = body {
            self.block(body, scope)?;
        }
        for (name, value) in self.scopes[scope].variables.iter_mut() {
            if !before.contains(name) {
                *value = Value::Unevaluated(Rc::clone(mark));
            }
        }
        Ok(Value::Unevaluated(Rc::clone(mark)))
    }

    pub(super) fn eval(&mut self, expr: &Expr, scope: ScopeId) -> Result<Value> {
        if self.depth >= MAX_DEPTH {
            return Err(error(
                format!("code nested deeper than {MAX_DEPTH} levels: not evaluated"),
                expr.span,
            ));
        }
        self.depth += 1;
        let result = match expr.kind {
            // The match groups a conditional's test or branch sets are
            // gone after it.
            ExprKind::If(..)
            | ExprKind::Unless(..)
            | ExprKind::Case(..)
            | ExprKind::Selector(..) => self.guarded(scope, |this| this.eval_inner(expr, scope)),
            _ => self.eval_inner(expr, scope),
        };
        self.depth -= 1;
        result
    }

    /// Evaluates `expr` in Puppet's guarded scope: the match groups it
    /// sets are gone after it (a parameter's default).
    pub(super) fn eval_guarded(&mut self, expr: &Expr, scope: ScopeId) -> Result<Value> {
        self.guarded(scope, |this| this.eval(expr, scope))
    }

    /// Puppet's `with_guarded_scope`: `scope`'s match groups (`$0`,
    /// `$1`, ...) as they were before `run`.
    fn guarded<T>(
        &mut self,
        scope: ScopeId,
        run: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let saved: Vec<(String, Value)> = self.scopes[scope]
            .variables
            .iter()
            .filter(|(name, _)| is_match_group(name))
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        let result = run(self);
        let variables = &mut self.scopes[scope].variables;
        variables.retain(|name, _| !is_match_group(name));
        variables.extend(saved);
        result
    }

    pub(super) fn eval_inner(&mut self, expr: &Expr, scope: ScopeId) -> Result<Value> {
        let span = expr.span;
        Ok(match &expr.kind {
            ExprKind::Undef | ExprKind::Nop => Value::Undef,
            ExprKind::Default => Value::Default,
            ExprKind::Bool(value) => Value::Bool(*value),
            ExprKind::Integer(value) => Value::Integer(*value),
            ExprKind::Float(value) => Value::Float(*value),
            ExprKind::Str(text) => Value::Str(text.clone()),
            ExprKind::Name(name) => Value::Str(name.clone()),
            ExprKind::Regex(regex) => Value::Regex(Regexp::new(regex.clone())),
            ExprKind::TypeRef(name) => Value::of_type(self.type_reference(name, span)?),
            ExprKind::Interpolated(parts) => {
                let mut text = String::new();
                let mut unevaluated = None;
                for part in parts {
                    match part {
                        StringPart::Text(piece) => text.push_str(piece),
                        StringPart::Expr(expr) => {
                            let value = self.eval(expr, scope)?;
                            if value.mark().is_some() {
                                unevaluated.get_or_insert(value.clone());
                            }
                            text.push_str(&value.to_text());
                        }
                    }
                }
                // A string built on a value pfacts did not compute is not
                // computed either.
                unevaluated.unwrap_or(Value::Str(text))
            }
            ExprKind::Variable(name) => self.lookup(name, scope, span)?,
            ExprKind::Array(items) => Value::Array(self.unfold(items, scope)?),
            ExprKind::Hash(entries) => {
                let mut values: Vec<(Value, Value)> = Vec::new();
                for (key, value) in entries {
                    let key = self.eval(key, scope)?;
                    let value = self.eval(value, scope)?;
                    // A key given again keeps its first place, as in Ruby.
                    match values.iter_mut().find(|(k, _)| *k == key) {
                        Some(entry) => entry.1 = value,
                        None => values.push((key, value)),
                    }
                }
                Value::Hash(values)
            }
            ExprKind::Access(target, index) => {
                let target = self.eval(target, scope)?;
                // Puppet reads the names in `Class[...]` as names, without
                // asking whether they are resource types.
                let class_names =
                    matches!(&target, Value::Type(ty) if matches!(**ty, Type::Class(None)));
                let mut keys = Vec::new();
                for key in index {
                    keys.push(match &key.kind {
                        ExprKind::TypeRef(name) if class_names => {
                            Value::of_type(self.type_named(name)?)
                        }
                        _ => self.eval(key, scope)?,
                    });
                }
                self.access(target, keys, span)?
            }
            ExprKind::Binary(op, left, right) => self.binary(*op, left, right, scope, span)?,
            ExprKind::Not(operand) => match self.eval(operand, scope)? {
                mark @ Value::Unevaluated(_) => mark,
                value => Value::Bool(!value.is_truthy()),
            },
            // Puppet coerces a string operand as arithmetic does.
            ExprKind::Negate(operand) => match self.eval(operand, scope)? {
                mark @ Value::Unevaluated(_) => mark,
                value => match self.coerce_numeric(&value, span)? {
                    // Ruby's integers grow past 64 bits; pfacts' do not.
                    Value::Integer(value) => {
                        Value::Integer(value.checked_neg().ok_or_else(|| {
                            let message = format!(
                                "-({value}) is beyond the 64-bit integers pfacts computes with"
                            );
                            error(message, span)
                        })?)
                    }
                    Value::Float(value) => Value::Float(-value),
                    Value::Timespan(span) => Value::Timespan(Timespan(-span.0)),
                    _ => return Err(error("Operand of unary minus is not a number", span)),
                },
            },
            ExprKind::Splat(operand) => match self.eval(operand, scope)? {
                mark @ Value::Unevaluated(_) => mark,
                value => Value::Array(unfolded(value)),
            },
            ExprKind::Assign(target, operator, value) => {
                let value = self.eval(value, scope)?;
                if operator != "=" {
                    return Err(error(format!("'{operator}' is not supported yet"), span));
                }
                self.assign(target, value.clone(), scope)?;
                value
            }
            ExprKind::Selector(value, cases) => {
                let value = self.eval(value, scope)?;
                if let Some(mark) = value.mark() {
                    self.note_use(mark, span, "the selector was not evaluated");
                    return Ok(value);
                }
                // `default` is taken only when no other option matches,
                // wherever it is written.
                let mut fallback = None;
                for (matcher, result) in cases {
                    if matches!(matcher.kind, ExprKind::Default) {
                        fallback = Some(result);
                    } else if self.matches(&value, matcher, scope)? {
                        return self.eval(result, scope);
                    }
                }
                if let Some(result) = fallback {
                    return self.eval(result, scope);
                }
                return Err(error(
                    format!(
                        "No matching entry for selector parameter with value '{}'",
                        value.to_text()
                    ),
                    span,
                ));
            }
            ExprKind::If(condition, then, otherwise) => match self.eval(condition, scope)? {
                Value::Unevaluated(mark) => {
                    let consequence = "the `if` took it as false; what it assigned is not computed";
                    self.undecided_branch(&mark, consequence, Some(otherwise), scope, span)?
                }
                condition if condition.is_truthy() => self.block(then, scope)?,
                _ => self.block(otherwise, scope)?,
            },
            ExprKind::Unless(condition, then, otherwise) => match self.eval(condition, scope)? {
                Value::Unevaluated(mark) => {
                    let consequence =
                        "the `unless` took it as false; what it assigned is not computed";
                    self.undecided_branch(&mark, consequence, Some(then), scope, span)?
                }
                condition if condition.is_truthy() => self.block(otherwise, scope)?,
                _ => self.block(then, scope)?,
            },
            ExprKind::Case(value, options) => {
                let value = self.eval(value, scope)?;
                if let Value::Unevaluated(mark) = &value {
                    // Taken as undef: the option that matches undef, else
                    // the default.
                    let body = options
                        .iter()
                        .find(|(matchers, _)| {
                            matchers.iter().any(|m| matches!(m.kind, ExprKind::Undef))
                        })
                        .or_else(|| {
                            options.iter().find(|(matchers, _)| {
                                matchers.iter().any(|m| matches!(m.kind, ExprKind::Default))
                            })
                        })
                        .map(|(_, body)| body.as_slice());
                    let consequence =
                        "the `case` took it as undef; what it assigned is not computed";
                    return self.undecided_branch(mark, consequence, body, scope, span);
                }
                let mut chosen = None;
                for (matchers, body) in options {
                    for matcher in matchers {
                        if !matches!(matcher.kind, ExprKind::Default)
                            && self.matches(&value, matcher, scope)?
                        {
                            chosen = Some(body);
                            break;
                        }
                    }
                    if chosen.is_some() {
                        break;
                    }
                }
                if chosen.is_none() {
                    chosen = options
                        .iter()
                        .find(|(matchers, _)| {
                            matchers.iter().any(|m| matches!(m.kind, ExprKind::Default))
                        })
                        .map(|(_, body)| body);
                }
                match chosen {
                    Some(body) => self.block(body, scope)?,
                    None => Value::Undef,
                }
            }
            ExprKind::Call(call) => self.call(call, scope, span)?,
            ExprKind::Resource(resource) => self.resource(resource, scope, span)?,
            ExprKind::ResourceDefaults(type_name, attributes) => {
                let type_name = capitalize(type_name);
                // `* => {...}` gives an attribute of each entry.
                for attribute in attributes {
                    for (name, value) in self.attributes(std::slice::from_ref(attribute), scope)? {
                        let default = ResourceDefault {
                            type_name: type_name.clone(),
                            attribute: name,
                            value,
                            append: attribute.append,
                            origin: (self.file, attribute.span.line),
                        };
                        self.scopes[scope].defaults.push(default);
                    }
                }
                Value::Undef
            }
            ExprKind::ResourceOverride(target, attributes) => {
                let target = self.eval(target, scope)?;
                // Puppet's ILLEGAL_OVERRIDDEN_TYPE: resources only.
                for item in flatten(std::slice::from_ref(&target)) {
                    let actual = match &item {
                        Value::Type(ty) if matches!(&**ty, Type::Resource(Some(name), _) if name != "Class") => {
                            continue
                        }
                        Value::Unevaluated(_) => continue,
                        Value::Type(ty) => format!("{ty}-Type"),
                        other => generalized(&infer(other)).to_string(),
                    };
                    return Err(error(
                        format!("Resource Override can only operate on resources, got: {actual}"),
                        span,
                    ));
                }
                let mut values = Vec::new();
                for attribute in attributes {
                    let given = self.attributes(std::slice::from_ref(attribute), scope)?;
                    values.extend(
                        given
                            .into_iter()
                            .map(|(name, value)| (name, value, attribute.append, attribute.span)),
                    );
                }
                // Puppet merges an override into a resource that exists,
                // and keeps it for one declared later.
                for reference in references(&target) {
                    let override_ = Override {
                        attributes: values.clone(),
                        source: self.scopes[scope].resource,
                        site: (self.file, expr.span),
                        reference,
                    };
                    match self.find_resource(&override_.reference.0, &override_.reference.1) {
                        Some(index) => self.apply_override(index, override_, true)?,
                        None => self.overrides.push(override_),
                    }
                }
                Value::Undef
            }
            ExprKind::Collector(collector) => {
                // Puppet's CollectorTransformer, for both kinds.
                let type_name = collector.type_name.trim_start_matches("::").to_lowercase();
                if type_name == "class" {
                    return Err(error("Classes cannot be collected", span));
                }
                if !self.is_resource_type(&type_name) {
                    return Err(error(
                        format!("Resource type {type_name} doesn't exist"),
                        span,
                    ));
                }
                // Exported resources are collected from PuppetDB, which a
                // compilation without storeconfigs does not have: Puppet
                // collects nothing then, and so do we.
                if !collector.exported {
                    self.collectors.push((scope, collector.clone()));
                    self.collected.push(indexmap::IndexSet::new());
                }
                Value::Undef
            }
            ExprKind::Relationship(left, arrow, right) => {
                self.relationship(left, arrow, right, scope)?.0
            }
        })
    }

    /// Evaluates `left arrow right`: its value and its right side (its left
    /// when the right is empty), which the next arrow of a chain (`a -> b
    /// -> c`) starts from.
    pub(super) fn relationship(
        &mut self,
        left: &Expr,
        arrow: &str,
        right: &Expr,
        scope: ScopeId,
    ) -> Result<(Value, Vec<Side>)> {
        let (left_value, from) = self.side(left, scope)?;
        let (value, to) = self.side(right, scope)?;
        for (sides, expr) in [(&from, left), (&to, right)] {
            for side in sides {
                if let Side::Resource((type_name, title)) = side {
                    self.record_endpoint(type_name, title, expr.span.line);
                }
            }
        }
        let from_left = from.clone();
        let (sources, targets) = if arrow.starts_with('<') {
            (to.clone(), from)
        } else {
            (from, to.clone())
        };
        if let [Side::Collected(collector)] = to.as_slice() {
            self.empty_alternatives
                .insert(*collector, from_left.clone());
        }
        let arrow = if arrow.contains('~') { "~>" } else { "->" };
        self.relationships
            .push((sources, targets, arrow.to_string()));
        // An empty right side passes the left on: `a -> [] -> b` is
        // `a -> b`, as Puppet chains it.
        if to.is_empty() {
            return Ok((left_value, from_left));
        }
        Ok((value, to))
    }

    /// Notes a relationship's endpoint `Type[title]` at `line` as a use of
    /// the class, or of the define, it names.
    pub(super) fn record_endpoint(&mut self, type_name: &str, title: &str, line: u32) {
        let file = self.file;
        if type_name.eq_ignore_ascii_case("class") {
            self.record_use(title, UseKind::Relationship, file, line);
        } else if self.defines.contains_key(&type_name.to_lowercase()) {
            self.record_use(type_name, UseKind::Relationship, file, line);
        }
    }

    /// An operand of a relationship: its value and the resources it stands
    /// for, a collector's to be known at the end.
    pub(super) fn side(&mut self, expr: &Expr, scope: ScopeId) -> Result<(Value, Vec<Side>)> {
        match &expr.kind {
            ExprKind::Relationship(left, arrow, right) => {
                self.relationship(left, arrow, right, scope)
            }
            ExprKind::Collector(_) => {
                let before = self.collectors.len();
                let value = self.eval(expr, scope)?;
                let sides = (before..self.collectors.len())
                    .map(Side::Collected)
                    .collect();
                Ok((value, sides))
            }
            _ => {
                let value = self.eval(expr, scope)?;
                let sides = operand_references(&value)
                    .into_iter()
                    .map(Side::Resource)
                    .collect();
                Ok((value, sides))
            }
        }
    }

    /// The values of a list of expressions (an array's, a call's
    /// arguments), each `*x` spread into its values.
    pub(super) fn unfold(&mut self, exprs: &[Expr], scope: ScopeId) -> Result<Vec<Value>> {
        let mut values = Vec::with_capacity(exprs.len());
        for expr in exprs {
            match (&expr.kind, self.eval(expr, scope)?) {
                (ExprKind::Splat(_), Value::Array(items)) => values.extend(items),
                (_, value) => values.push(value),
            }
        }
        Ok(values)
    }
}

/// The resources a relationship's operand stands for: Puppet's
/// relationship operator reads a string as a type (`'File[a]' -> 'File[b]'`).
fn operand_references(value: &Value) -> Vec<(String, String)> {
    match value {
        Value::Array(items) => items.iter().flat_map(operand_references).collect(),
        Value::Str(text) => super::finish::parse_reference(text).into_iter().collect(),
        other => other.as_reference().into_iter().collect(),
    }
}

/// Whether a variable's name is that of a match group: digits.
pub(super) fn is_match_group(name: &str) -> bool {
    name.bytes().all(|b| b.is_ascii_digit())
}

/// What `*x` makes of a value, as Puppet's unfold: undef nothing, an
/// array its values, a hash its entries as pairs, an iterator what it
/// yields, anything else itself.
fn unfolded(value: Value) -> Vec<Value> {
    match value {
        Value::Undef => Vec::new(),
        Value::Array(items) => items,
        Value::Iterator(iterator) => iterator.elements.clone(),
        Value::Hash(entries) => entries
            .into_iter()
            .map(|(key, value)| Value::Array(vec![key, value]))
            .collect(),
        other => vec![other],
    }
}
