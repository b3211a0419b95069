//! Scopes: variables, their lookup through static scope, assignment, and
//! the binding of parameters.

use super::*;
use crate::catalog::Jump;
use crate::facts::ast::{Expr, ExprKind};

/// Where a variable read finds its value.
enum Resolution {
    /// In this scope, under this name.
    Found(ScopeId, String),
    /// A match group (`$1`) no match set: undef.
    MatchGroup,
    /// A parameter read by a default while it has no value yet: Puppet's
    /// words for it, and where Puppet reports it.
    UnevaluatedParameter(String, (Option<usize>, ast::Span)),
    Unknown,
}

impl<'e> Compiler<'e> {
    pub(super) fn block(&mut self, statements: &[Expr], scope: ScopeId) -> Result<Value> {
        let mut last = Value::Undef;
        for statement in statements {
            last = self.eval(statement, scope)?;
        }
        Ok(last)
    }

    /// The body of a class or define: `next()` and `return()` end it;
    /// `break()` outside an iteration is an error.
    pub(super) fn body(&mut self, statements: &[Expr], scope: ScopeId) -> Result<Value> {
        match self.block(statements, scope) {
            Err(EvalError {
                jump: Some(Jump::Next(value) | Jump::Return(value)),
                ..
            }) => Ok(value),
            Err(mut e) if e.is_break() => {
                e.jump = None;
                Err(e)
            }
            other => other,
        }
    }

    /// The code of a manifest or a node, which Puppet does not wrap in a
    /// catcher of jumps: `next()`, `return()` and `break()` outside what
    /// ends them are errors.
    pub(super) fn jumpless_body(&mut self, statements: &[Expr], scope: ScopeId) -> Result<Value> {
        self.block(statements, scope).map_err(|mut e| {
            e.jump = None;
            e
        })
    }

    /// Notes that the code read `name` at `span` and what it found: the
    /// variable `key` of `found`, or nothing.
    fn record_read(&mut self, name: &str, found: Option<(ScopeId, &str)>, span: ast::Span) {
        let (Some(file), true) = (self.file, self.trace.is_some()) else {
            return;
        };
        let found = match found {
            None => Found::Nothing,
            Some((scope, key)) => match self.scopes[scope].origins.get(key) {
                Some(&(origin_file, origin_line)) => Found::At(Site {
                    file: self.env.file(origin_file).0.clone(),
                    line: origin_line,
                }),
                None => Found::Provided,
            },
        };
        let read = VariableRead {
            at: Site {
                file: self.env.file(file).0.clone(),
                line: span.line,
            },
            col: span.col,
            name: name.to_string(),
            found,
        };
        if let Some(trace) = &mut self.trace {
            trace.variables.push(read);
        }
    }

    /// Notes that the code of file `file` used class or define `entity`
    /// at `line`.
    pub(super) fn record_use(
        &mut self,
        entity: &str,
        how: UseKind,
        file: Option<usize>,
        line: u32,
    ) {
        let (Some(file), true) = (file, self.trace.is_some()) else {
            return;
        };
        let used = Use {
            entity: entity.trim_start_matches("::").to_lowercase(),
            how,
            at: Site {
                file: self.env.file(file).0.clone(),
                line,
            },
        };
        if let Some(trace) = &mut self.trace {
            trace.uses.push(used);
        }
    }

    /// The value of variable `name` read at `span` of `scope`; an unknown
    /// one is undef, with a warning or an error as the strictness says.
    pub(super) fn lookup(&mut self, name: &str, scope: ScopeId, span: ast::Span) -> Result<Value> {
        match self.resolve_variable(name, scope) {
            Resolution::Found(found, key) => {
                self.record_read(name, Some((found, &key)), span);
                Ok(self.scopes[found].variables[&key].clone())
            }
            Resolution::MatchGroup => Ok(Value::Undef),
            Resolution::UnevaluatedParameter(failure, at) => Err(self.error_at(at, failure)),
            Resolution::Unknown => {
                self.record_read(name, None, span);
                let written = match name.strip_prefix("::") {
                    Some(short) if !short.contains("::") => name,
                    _ => name.trim_start_matches("::"),
                };
                self.unknown_variable(written, span)
            }
        }
    }

    /// The variables `scope` sees, innermost first (not undef ones, nor
    /// match groups): what Puppet's `Scope#to_hash` gives a template.
    pub(super) fn visible_variables(&self, scope: ScopeId) -> Vec<(String, Value)> {
        let mut seen = HashSet::new();
        let mut found = Vec::new();
        let mut current = Some(scope);
        while let Some(id) = current {
            let mut names: Vec<&String> = self.scopes[id].variables.keys().collect();
            names.sort();
            for name in names {
                let value = &self.scopes[id].variables[name];
                if *value == Value::Undef || name.bytes().all(|b| b.is_ascii_digit()) {
                    continue;
                }
                if seen.insert(name.clone()) {
                    found.push((name.clone(), value.clone()));
                }
            }
            current = self.scopes[id].parent;
        }
        found
    }

    /// The value of variable `name` as `scope` sees it, if it is set.
    pub(super) fn find_variable(&self, name: &str, scope: ScopeId) -> Option<Value> {
        match self.resolve_variable(name, scope) {
            Resolution::Found(found, key) => Some(self.scopes[found].variables[&key].clone()),
            _ => None,
        }
    }

    /// Puppet's `UNKNOWN_VARIABLE` issue: an error under
    /// `strict_variables`, else as `strict` says (Puppet 7: a warning).
    fn unknown_variable(&mut self, written: &str, span: ast::Span) -> Result<Value> {
        let message = format!("Unknown variable: '{written}'.");
        match self.options.unknown_variable() {
            Strict::Error => Err(error(message, span)),
            Strict::Warning => {
                self.warn_at(span, message);
                Ok(Value::Undef)
            }
            Strict::Off => Ok(Value::Undef),
        }
    }

    /// Where `name` is set as `scope` sees it: in the scope itself and its
    /// parents, or, qualified, in the class it names.
    fn resolve_variable(&self, name: &str, scope: ScopeId) -> Resolution {
        if let Some(short) = name.strip_prefix("::") {
            if !short.contains("::") {
                return match self.scopes[TOP].variables.contains_key(short) {
                    true => Resolution::Found(TOP, short.to_string()),
                    false => Resolution::Unknown,
                };
            }
        }
        let name = name.trim_start_matches("::");
        if let Some(at) = name.rfind("::") {
            let (class, short) = (&name[..at], &name[at + 2..]);
            let Some(&class_scope) = self.class_scopes.get(class) else {
                return Resolution::Unknown;
            };
            // The class's own variables, then those of the classes it
            // inherits (Puppet's `lookup_qualified_variable`): not the
            // node's scope a class declared in a node sits in.
            let is_class =
                |s: &ScopeId| self.resources[self.scopes[*s].resource].type_name == "Class";
            return self
                .scope_chain(class_scope)
                .into_iter()
                .take_while(|s| *s != TOP && is_class(s))
                .find(|s| self.scopes[*s].variables.contains_key(short))
                .map_or(Resolution::Unknown, |s| {
                    Resolution::Found(s, short.to_string())
                });
        }
        // A match group is the scope's own, or a lambda's enclosing
        // scope's.
        if super::eval::is_match_group(name) {
            let mut current = scope;
            loop {
                if self.scopes[current].variables.contains_key(name) {
                    return Resolution::Found(current, name.to_string());
                }
                match self.scopes[current].parent {
                    Some(parent) if self.scopes[current].local => current = parent,
                    _ => return Resolution::MatchGroup,
                }
            }
        }
        for s in self.scope_chain(scope) {
            if let Some(guard) = &self.scopes[s].parameter_guard {
                if guard
                    .unevaluated
                    .iter()
                    .any(|unevaluated| unevaluated == name)
                {
                    return Resolution::UnevaluatedParameter(guard.failure(name), guard.at);
                }
            }
            if self.scopes[s].variables.contains_key(name) {
                return Resolution::Found(s, name.to_string());
            }
        }
        Resolution::Unknown
    }

    pub(super) fn scope_chain(&self, mut scope: ScopeId) -> Vec<ScopeId> {
        let mut chain = vec![scope];
        while let Some(parent) = self.scopes[scope].parent {
            chain.push(parent);
            scope = parent;
        }
        chain
    }

    pub(super) fn assign(&mut self, target: &Expr, value: Value, scope: ScopeId) -> Result<()> {
        match &target.kind {
            ExprKind::Variable(name) => {
                if self.scopes[scope].variables.contains_key(name) {
                    // Puppet's ILLEGAL_REASSIGNMENT, in its words for the
                    // variables it sets itself.
                    let message = if matches!(name.as_str(), "name" | "title") {
                        format!("Cannot reassign built in (or already assigned) variable '${name}'")
                    } else {
                        format!("Cannot reassign variable '${name}'")
                    };
                    return Err(error(message, target.span));
                }
                self.scopes[scope].variables.insert(name.clone(), value);
                if let Some(file) = self.file {
                    self.scopes[scope]
                        .origins
                        .insert(name.clone(), (file, target.span.line));
                }
                Ok(())
            }
            // Puppet's `assign_Array`: from a hash, each target takes the
            // entry its name keys (a nested target's names, an array of
            // them); from a class reference, each variable the class's
            // variable of its name; otherwise the values one by one, as
            // many as there are targets.
            ExprKind::Array(targets) => {
                if let Value::Hash(entries) = &value {
                    for target in targets {
                        let key = assigned_names(target);
                        let Some((_, item)) = entries.iter().find(|(k, _)| *k == key) else {
                            return Err(error(
                                format!(
                                    "No value for required key '{}' in assignment to variables from hash",
                                    key.to_text()
                                ),
                                target.span,
                            ));
                        };
                        self.assign(target, item.clone(), scope)?;
                    }
                    return Ok(());
                }
                if let Value::Type(ty) = &value {
                    if let Type::Class(Some(class)) = &**ty {
                        if self.find_resource("Class", &capitalize(class)).is_none() {
                            return Err(error(
                                format!("Resource not found: Class['{class}']"),
                                target.span,
                            ));
                        }
                        for target in targets {
                            let name = format!("{class}::{}", assigned_names(target).to_text());
                            let item = match self.resolve_variable(&name, scope) {
                                Resolution::Found(found, key) => {
                                    self.scopes[found].variables[&key].clone()
                                }
                                _ => {
                                    return Err(error(
                                        format!("No value for required variable '${name}' in assignment to variables from class reference"),
                                        target.span,
                                    ))
                                }
                            };
                            self.assign(target, item, scope)?;
                        }
                        return Ok(());
                    }
                }
                let values = match value {
                    Value::Array(values) => values,
                    other => vec![other],
                };
                if values.len() != targets.len() {
                    return Err(error(
                        format!(
                            "Mismatched number of assignable entries and values, expected {}, got {}",
                            targets.len(),
                            values.len()
                        ),
                        target.span,
                    ));
                }
                for (target, item) in targets.iter().zip(values) {
                    self.assign(target, item, scope)?;
                }
                Ok(())
            }
            _ => Err(error("Illegal assignment target", target.span)),
        }
    }

    /// Binds the arguments of a function or lambda of `callee` (called at
    /// `at`) to its parameters in `scope`, each default evaluated in turn
    /// in Puppet's parameter scope.
    pub(super) fn bind(
        &mut self,
        (callee, at): (&str, (Option<usize>, ast::Span)),
        params: &[ast::Param],
        args: Vec<Value>,
        scope: ScopeId,
    ) -> Result<()> {
        let names: Vec<String> = params.iter().map(|param| param.name.clone()).collect();
        self.guard_parameters(scope, callee, &names, names.clone(), at);
        let bound = self.bind_in_order(params, args, scope);
        self.scopes[scope].parameter_guard = None;
        bound
    }

    /// Opens Puppet's parameter scope on `scope` for the parameters
    /// `order` of `callee`, the `unevaluated` ones without a value yet; it
    /// stays until `parameter_guard` is cleared.
    pub(super) fn guard_parameters(
        &mut self,
        scope: ScopeId,
        callee: &str,
        order: &[String],
        unevaluated: Vec<String>,
        at: (Option<usize>, ast::Span),
    ) {
        self.scopes[scope].parameter_guard = Some(ParameterGuard {
            callee: callee.to_string(),
            order: order.to_vec(),
            unevaluated,
            evaluating: String::new(),
            at,
        });
    }

    /// Notes that the default of `name` is evaluated now (`evaluated`
    /// false), or that it has its value.
    pub(super) fn guard_progress(&mut self, scope: ScopeId, name: &str, evaluated: bool) {
        if let Some(guard) = &mut self.scopes[scope].parameter_guard {
            if evaluated {
                guard.unevaluated.retain(|unevaluated| unevaluated != name);
            } else {
                guard.evaluating = name.to_string();
            }
        }
    }

    fn bind_in_order(
        &mut self,
        params: &[ast::Param],
        mut args: Vec<Value>,
        scope: ScopeId,
    ) -> Result<()> {
        for (index, param) in params.iter().enumerate() {
            self.guard_progress(scope, &param.name, false);
            let value = if param.splat {
                match (index < args.len(), &param.default) {
                    (true, _) => Value::Array(args.split_off(index)),
                    // Not given: the default, made an array.
                    (false, Some(default)) => match self.eval_guarded(default, scope)? {
                        Value::Array(values) => Value::Array(values),
                        other => Value::Array(vec![other]),
                    },
                    (false, None) => Value::Array(Vec::new()),
                }
            } else if let Some(value) = args.get(index) {
                value.clone()
            } else if let Some(default) = &param.default {
                self.eval_guarded(default, scope)?
            } else {
                return Err(error(
                    format!(
                        "Parameter ${} is required but no value was given",
                        param.name
                    ),
                    param.span,
                ));
            };
            self.declare_parameter(scope, param, value);
            self.guard_progress(scope, &param.name, true);
        }
        Ok(())
    }

    pub(super) fn declare_parameter(&mut self, scope: ScopeId, param: &ast::Param, value: Value) {
        self.scopes[scope]
            .variables
            .insert(param.name.clone(), value);
        if let Some(file) = self.file {
            self.scopes[scope]
                .origins
                .insert(param.name.clone(), (file, param.span.line));
        }
    }

    /// The module whose code `scope` runs: `$module_name` there, empty for
    /// top and node scope.
    pub(super) fn module_of(&self, scope: ScopeId) -> String {
        self.scope_chain(scope)
            .iter()
            .find_map(|s| self.scopes[*s].variables.get("module_name"))
            .map(Value::to_text)
            .unwrap_or_default()
    }
}

/// What an assignment target names, as Puppet's lvalue of it: a
/// variable's name, an array of them for `[$a, $b]`.
fn assigned_names(target: &Expr) -> Value {
    match &target.kind {
        ExprKind::Variable(name) => Value::Str(name.clone()),
        ExprKind::Array(targets) => Value::Array(targets.iter().map(assigned_names).collect()),
        _ => Value::Undef,
    }
}
