//! Scopes: variables, their lookup through static scope, assignment, and
//! the binding of parameters.

use super::*;
use crate::facts::ast::{Expr, ExprKind};

impl<'e> Compiler<'e> {
    pub(super) fn block(&mut self, statements: &[Expr], scope: ScopeId) -> Result<Value> {
        let mut last = Value::Undef;
        for statement in statements {
            last = self.eval(statement, scope)?;
        }
        Ok(last)
    }

    /// Notes that the code read `name` of `scope` at `span`.
    pub(super) fn record_read(&mut self, scope: ScopeId, name: &str, span: ast::Span) {
        let (Some(file), Some(&(origin_file, origin_line))) =
            (self.file, self.scopes[scope].origins.get(name))
        else {
            return;
        };
        let path = |index: usize| self.env.file(index).0.clone();
        let read = (
            path(file),
            span.line,
            span.col,
            name.to_string(),
            path(origin_file),
            origin_line,
        );
        self.trace.variables.push(read);
    }

    pub(super) fn lookup(&mut self, name: &str, scope: ScopeId, span: ast::Span) -> Result<Value> {
        if let Some(short) = name.strip_prefix("::") {
            if !short.contains("::") {
                let value = self.scopes[TOP]
                    .variables
                    .get(short)
                    .cloned()
                    .ok_or_else(|| error(format!("Unknown variable: '::{short}'."), span))?;
                self.record_read(TOP, short, span);
                return Ok(value);
            }
        }
        let name = name.trim_start_matches("::");
        if let Some(at) = name.rfind("::") {
            let (class, short) = (&name[..at], &name[at + 2..]);
            let Some(&class_scope) = self.class_scopes.get(class) else {
                return Err(error(format!("Unknown variable: '{name}'."), span));
            };
            let found = self
                .scope_chain(class_scope)
                .into_iter()
                .take_while(|s| *s != TOP)
                .find(|s| self.scopes[*s].variables.contains_key(short));
            return match found {
                Some(s) => {
                    self.record_read(s, short, span);
                    Ok(self.scopes[s].variables[short].clone())
                }
                None => Err(error(format!("Unknown variable: '{name}'."), span)),
            };
        }
        for s in self.scope_chain(scope) {
            if self.scopes[s]
                .missing_parameters
                .iter()
                .any(|missing| missing == name)
            {
                return Err(error(format!("{MISSING_PARAMETER}${name}"), span));
            }
            if let Some(value) = self.scopes[s].variables.get(name).cloned() {
                self.record_read(s, name, span);
                return Ok(value);
            }
        }
        if name.chars().all(|c| c.is_ascii_digit()) {
            return Ok(Value::Undef);
        }
        Err(error(format!("Unknown variable: '{name}'."), span))
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
                    return Err(error(
                        format!("Cannot reassign variable '${name}'"),
                        target.span,
                    ));
                }
                self.scopes[scope].variables.insert(name.clone(), value);
                if let Some(file) = self.file {
                    self.scopes[scope]
                        .origins
                        .insert(name.clone(), (file, target.span.line));
                }
                Ok(())
            }
            ExprKind::Array(targets) => {
                let Value::Array(values) = value else {
                    return Err(error("Cannot assign a non-array to an array", target.span));
                };
                for (index, target) in targets.iter().enumerate() {
                    let item = values.get(index).cloned().unwrap_or(Value::Undef);
                    self.assign(target, item, scope)?;
                }
                Ok(())
            }
            _ => Err(error("Illegal assignment target", target.span)),
        }
    }

    pub(super) fn bind(
        &mut self,
        params: &[ast::Param],
        mut args: Vec<Value>,
        scope: ScopeId,
    ) -> Result<()> {
        for (index, param) in params.iter().enumerate() {
            let value = if param.splat {
                Value::Array(if index < args.len() {
                    args.split_off(index)
                } else {
                    Vec::new()
                })
            } else if let Some(value) = args.get(index) {
                value.clone()
            } else if let Some(default) = &param.default {
                self.eval(default, scope)?
            } else {
                return Err(error(
                    format!("expects a value for parameter '{}'", param.name),
                    param.span,
                ));
            };
            self.declare_parameter(scope, param, value);
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
