//! Classes and defines: declaration, parameters from the declaration,
//! Hiera or their defaults, and the evaluation of define instances.

use super::*;
use crate::facts::builtins::METAPARAMETERS;

impl<'e> Compiler<'e> {
    pub(super) fn declare_class(
        &mut self,
        name: &str,
        parameters: Option<Vec<(String, Value)>>,
        declaring: ScopeId,
        span: ast::Span,
    ) -> Result<ScopeId> {
        if let Some(&scope) = self.class_scopes.get(name) {
            if parameters.is_some() {
                return Err(error(
                    format!(
                        "Duplicate declaration: Class[{}] is already declared",
                        capitalize(name)
                    ),
                    span,
                ));
            }
            return Ok(scope);
        }
        let Some((file, class)) = self.classes.get(name).copied() else {
            return Err(error(
                format!("Could not find class ::{name} for {}", self.node),
                span,
            ));
        };
        if let Some(start) = self.declaring.iter().position(|c| c == name) {
            let mut cycle = self.declaring[start..].to_vec();
            cycle.push(name.to_string());
            return Err(EvalError {
                message: format!("circular inheritance: {}", cycle.join(" inherits ")),
                file: Some(self.env.file(file).0.clone()),
                span: class.span,
                jump: None,
            });
        }
        self.declaring.push(name.to_string());
        let result = self.declare_new_class(name, file, class, parameters, declaring, span);
        self.declaring.pop();
        result
    }

    pub(super) fn declare_new_class(
        &mut self,
        name: &str,
        file: usize,
        class: &'e ast::Definition,
        parameters: Option<Vec<(String, Value)>>,
        declaring: ScopeId,
        span: ast::Span,
    ) -> Result<ScopeId> {
        // A derived class's parent scope is its base class's, evaluated
        // first; any other's is node scope when there is one.
        let (parent, dynamic_parent) = match &class.parent {
            Some(base) => {
                self.record_use(base, UseKind::Inherits, Some(file), class.span.line);
                let base_scope = self.declare_class(base, None, declaring, span)?;
                (base_scope, base_scope)
            }
            None => (self.node_scope.unwrap_or(TOP), declaring),
        };
        let saved = self.file.replace(file);
        let scope = self.new_scope(Some(parent), Some(dynamic_parent));
        self.class_scopes.insert(name.to_string(), scope);
        let title = capitalize(name);
        let resource = self.add_resource(
            "Class",
            &title,
            declaring,
            Form::Regular,
            Some(file),
            class.span.line,
        );
        // Classes are contained in the main stage unless `contain`ed.
        self.resources[resource].container = Some(1);
        self.scopes[scope].resource = resource;
        let caller = self.module_of(declaring);
        let result = self.instantiate(
            class,
            parameters.unwrap_or_default(),
            (scope, resource),
            name,
            (&caller, (saved, span)),
        );
        self.file = saved;
        result.map_err(|e| self.locate(e, file))?;
        Ok(scope)
    }

    /// Evaluates a class's or define's body in `scope`, the body of
    /// `resource`, declared from code of module `caller` at `site` (file
    /// index and span: where Puppet reports a parameter's value).
    pub(super) fn instantiate(
        &mut self,
        definition: &ast::Definition,
        given: Vec<(String, Value)>,
        (scope, resource): (ScopeId, usize),
        title: &str,
        (caller, site): (&str, (Option<usize>, ast::Span)),
    ) -> Result<()> {
        if let Some(file) = self.file {
            self.check_loaded(file)?;
        }
        let is_class = self.resources[resource].type_name == "Class";
        let label = {
            let declared = &self.resources[resource];
            format!("{}[{}]", declared.type_name, declared.title)
        };
        for (name, _) in &given {
            if !METAPARAMETERS.contains(&name.as_str())
                && !definition.params.iter().any(|p| p.name == *name)
            {
                let message = format!("{label}: has no parameter named '{name}'");
                return Err(self.error_at(site, message));
            }
        }
        for (name, value) in &given {
            self.resources[resource]
                .parameters
                .insert(name.clone(), value.clone());
        }
        let module = definition.name.split("::").next().unwrap_or_default();
        // Puppet sets them in the scope it opens for the definition: they
        // stand where the definition does.
        for (automatic, value) in [("title", title), ("name", title), ("module_name", module)] {
            self.scopes[scope]
                .variables
                .insert(automatic.to_string(), Value::Str(value.to_string()));
            if let Some(file) = self.file {
                self.scopes[scope]
                    .origins
                    .insert(automatic.to_string(), (file, definition.span.line));
            }
        }
        self.scopes[scope].variables.insert(
            "caller_module_name".to_string(),
            Value::Str(caller.to_string()),
        );
        // "Undef Parameter Values": a given value, else (classes only) the
        // data binding (Hiera), else the default expression, evaluated
        // once every given value is set; a parameter with none of them is
        // missing, unless `undef` was given for it.
        let mut defaults = Vec::new();
        let mut missing = Vec::new();
        for param in &definition.params {
            let given_value = given
                .iter()
                .find(|(name, _)| *name == param.name)
                .map(|(_, value)| value);
            let found = match given_value {
                Some(value) if *value != Value::Undef => Some(value.clone()),
                _ if is_class => {
                    let key = format!("{}::{}", definition.name, param.name);
                    let found = self
                        .with_hiera(|hiera, host| hiera.lookup(&key, host))
                        .map_err(|e| Self::hiera_error(e, self.error_at(site, String::new())))?;
                    self.log_hiera_warnings(site.1);
                    found
                }
                _ => None,
            };
            // Data set to `~` counts as an `undef` given.
            let undef_given = given_value.is_some() || found == Some(Value::Undef);
            let found = found.filter(|value| *value != Value::Undef);
            match (found, &param.default) {
                (Some(value), _) => self.bind_parameter(scope, resource, param, value),
                (None, Some(default)) => defaults.push((param, default)),
                (None, None) if undef_given => {
                    self.bind_parameter(scope, resource, param, Value::Undef)
                }
                (None, None) => missing.push(param.name.clone()),
            }
        }
        // A default that reads a missing parameter, or one whose default
        // is not yet evaluated, fails as Puppet's parameter scope does.
        let mut unevaluated = missing.clone();
        unevaluated.extend(defaults.iter().map(|(param, _)| param.name.clone()));
        let order: Vec<String> = definition.params.iter().map(|p| p.name.clone()).collect();
        self.guard_parameters(scope, &label, &order, unevaluated, site);
        for (param, default) in defaults {
            self.guard_progress(scope, &param.name, false);
            let value = self.eval_guarded(default, scope)?;
            self.bind_parameter(scope, resource, param, value);
            self.guard_progress(scope, &param.name, true);
        }
        self.scopes[scope].parameter_guard = None;
        if !missing.is_empty() {
            let lines: Vec<String> = missing
                .iter()
                .map(|name| format!("expects a value for parameter '{name}'"))
                .collect();
            let message = match lines.as_slice() {
                [only] => format!("{label}: {only}"),
                _ => format!("{label}:\n  {}", lines.join("\n  ")),
            };
            return Err(self.error_at(site, message));
        }
        for param in &definition.params {
            let value = self.scopes[scope]
                .variables
                .get(&param.name)
                .cloned()
                .unwrap_or(Value::Undef);
            let problem = match &value {
                Value::Deferred(deferred) => self
                    .deferred_parameter_mismatch(param, deferred)
                    .map_err(|message| self.error_at(site, message))?,
                _ => self.parameter_mismatch(param, &value)?,
            };
            if let Some(problem) = problem {
                let message = format!("{label}: parameter '{}' {problem}", param.name);
                return Err(self.error_at(site, message));
            }
        }
        self.body(&definition.body, scope).map(|_| ())
    }

    /// Sets a class's or define's parameter in its scope and, unless
    /// undef, on its resource.
    pub(super) fn bind_parameter(
        &mut self,
        scope: ScopeId,
        resource: usize,
        param: &ast::Param,
        value: Value,
    ) {
        if value != Value::Undef {
            self.resources[resource]
                .parameters
                .insert(param.name.clone(), value.clone());
        }
        self.declare_parameter(scope, param, value);
    }

    /// Evaluates the bodies of the define instances declared, as Puppet's
    /// `evaluate_generators` does once the node's code is done: pass after
    /// pass, each the instances declared before it in the order declared;
    /// a virtual one only once `realize` or a collector has reached it.
    pub(super) fn evaluate_instances(&mut self) -> Result<()> {
        // Puppet's bound: a define that declares itself never ends.
        const MAX_PASSES: usize = 1000;
        for _ in 0..=MAX_PASSES {
            let mut evaluated = self.collect()?;
            let batch = std::mem::take(&mut self.pending);
            let mut waiting = Vec::new();
            for instance in batch {
                if self.resources[instance.resource].form != Form::Regular
                    && !self.is_realized(instance.resource)
                {
                    waiting.push(instance);
                    continue;
                }
                evaluated = true;
                self.evaluate_instance(instance)?;
            }
            let declared = std::mem::replace(&mut self.pending, waiting);
            self.pending.extend(declared);
            if !evaluated {
                return Ok(());
            }
        }
        Err(error(
            format!("Somehow looped more than {MAX_PASSES} times while evaluating host catalog"),
            ast::Span::default(),
        ))
    }

    /// Whether `realize` reached the virtual resource `index` (a
    /// collector makes what it collects a regular resource).
    fn is_realized(&self, index: usize) -> bool {
        let resource = &self.resources[index];
        self.realized.iter().any(|(realized_type, realized_title)| {
            *realized_type == resource.type_name && *realized_title == resource.title
        })
    }

    pub(super) fn evaluate_instance(&mut self, instance: PendingInstance<'e>) -> Result<()> {
        let PendingInstance {
            resource,
            define: (file, define),
            attributes,
            scope,
            static_parent,
            caller,
            site,
        } = instance;
        self.resources[resource].evaluated = true;
        // Its parameters as they are now: overrides and collectors may
        // have set some since it was declared.
        let mut attributes = attributes;
        let current = &self.resources[resource].parameters;
        for (name, value) in attributes.iter_mut() {
            if let Some(now) = current.get(name) {
                *value = now.clone();
            }
        }
        for (name, value) in current {
            if !attributes.iter().any(|(given, _)| given == name) {
                attributes.push((name.clone(), value.clone()));
            }
        }
        let saved = self.file.replace(file);
        let define_scope = self.new_scope(Some(static_parent), Some(scope));
        self.scopes[define_scope].resource = resource;
        let title = self.resources[resource].title.clone();
        let result = self.instantiate(
            define,
            attributes,
            (define_scope, resource),
            &title,
            (&caller, site),
        );
        self.file = saved;
        result.map_err(|e| self.locate(e, file))
    }
}
