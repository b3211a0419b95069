//! Function calls: built-in functions, iteration with lambdas, and
//! functions written in Puppet.

use super::operators::references;
use super::resources::{append_values, is_tag};
use super::*;
use crate::catalog::functions::{self, flatten};
use crate::facts::ast::ExprKind;

impl<'e> Compiler<'e> {
    pub(super) fn call(
        &mut self,
        call: &ast::Call,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let mut args = Vec::new();
        for arg in &call.args {
            let value = self.eval(arg, scope)?;
            if let ExprKind::Splat(_) = arg.kind {
                if let Value::Array(items) = value {
                    args.extend(items);
                    continue;
                }
            }
            args.push(value);
        }
        self.call_values(&call.name, args, call.lambda.as_ref(), scope, span)
    }

    /// A function called with the values of its arguments (and its
    /// lambda, for those that iterate).
    pub(super) fn call_values(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&ast::Lambda>,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        match name {
            "include" | "require" | "contain" => {
                let here = self.scopes[scope].resource;
                for class in flatten(&args) {
                    let class = class.to_text().trim_start_matches("::").to_lowercase();
                    self.declare_class(&class, None, scope, span)?;
                    let title = capitalize(&class);
                    if name == "contain" {
                        if let Some(index) = self.find_resource("Class", &title) {
                            self.resources[index].container = Some(here);
                        }
                    } else if name == "require" {
                        // Puppet makes it a `require` of the requiring
                        // class or define.
                        let reference = Value::of_type(Type::reference("Class", &class));
                        let parameters = &mut self.resources[here].parameters;
                        let value = match parameters.get("require").cloned() {
                            Some(existing) => append_values(existing, reference),
                            None => Value::Array(vec![reference]),
                        };
                        parameters.insert("require".to_string(), value);
                    }
                }
                Ok(Value::Undef)
            }
            "realize" => {
                for value in &args {
                    self.realized.extend(references(value));
                }
                Ok(Value::Undef)
            }
            "notice" | "info" | "debug" | "warning" | "err" | "alert" | "crit" | "emerg" => {
                Ok(Value::Undef)
            }
            "fail" => Err(error(
                args.iter()
                    .map(Value::to_text)
                    .collect::<Vec<_>>()
                    .join(" "),
                span,
            )),
            "defined" => {
                let mut all = true;
                for arg in &args {
                    all &= match arg {
                        Value::Type(ty) if ty.as_reference().is_some() => {
                            let (type_name, title) = ty.as_reference().unwrap_or_default();
                            self.find_resource(&type_name, &title).is_some()
                        }
                        Value::Str(name) if name.starts_with('$') => {
                            let name = &name[1..];
                            self.scope_chain(scope)
                                .iter()
                                .any(|s| self.scopes[*s].variables.contains_key(name))
                        }
                        other => {
                            let name = other.to_text().trim_start_matches("::").to_lowercase();
                            self.classes.contains_key(&name)
                                || self.defines.contains_key(&name)
                                || self.functions.contains_key(&name)
                        }
                    };
                }
                Ok(Value::Bool(all))
            }
            "getvar" => {
                let name = args.first().map(Value::to_text).unwrap_or_default();
                Ok(self.lookup(&name, scope, span).unwrap_or(Value::Undef))
            }
            "ensure_packages" => {
                let defaults = match args.get(1) {
                    Some(Value::Hash(entries)) => entries.clone(),
                    _ => Vec::new(),
                };
                let packages: Vec<(String, Vec<(Value, Value)>)> = match args.first() {
                    Some(Value::Hash(entries)) => entries
                        .iter()
                        .map(|(name, settings)| {
                            let settings = match settings {
                                Value::Hash(entries) => entries.clone(),
                                _ => Vec::new(),
                            };
                            (name.to_text(), settings)
                        })
                        .collect(),
                    Some(value) => flatten(std::slice::from_ref(value))
                        .iter()
                        .map(|name| (name.to_text(), Vec::new()))
                        .collect(),
                    None => Vec::new(),
                };
                for (package, settings) in packages {
                    let mut attributes =
                        vec![("ensure".to_string(), Value::Str("installed".to_string()))];
                    for (key, value) in defaults.iter().chain(&settings) {
                        attributes.retain(|(name, _)| *name != key.to_text());
                        attributes.push((key.to_text(), value.clone()));
                    }
                    self.ensure_resource("package", &package, attributes, scope, span)?;
                }
                Ok(Value::Undef)
            }
            "ensure_resource" | "ensure_resources" | "create_resources" => {
                let type_name = args.first().map(Value::to_text).unwrap_or_default();
                let defaults: Vec<(String, Value)> =
                    match args.get(if name == "ensure_resource" { 3 } else { 2 }) {
                        Some(Value::Hash(entries)) => entries
                            .iter()
                            .map(|(k, v)| (k.to_text(), v.clone()))
                            .collect(),
                        _ => Vec::new(),
                    };
                let instances: Vec<(String, Vec<(String, Value)>)> = if name == "ensure_resource" {
                    let parameters: Vec<(String, Value)> = match args.get(2) {
                        Some(Value::Hash(entries)) => entries
                            .iter()
                            .map(|(k, v)| (k.to_text(), v.clone()))
                            .collect(),
                        _ => Vec::new(),
                    };
                    flatten(&args[1..args.len().min(2)])
                        .iter()
                        .map(|title| (title.to_text(), parameters.clone()))
                        .collect()
                } else {
                    match args.get(1) {
                        Some(Value::Hash(entries)) => entries
                            .iter()
                            .map(|(title, parameters)| {
                                let parameters = match parameters {
                                    Value::Hash(entries) => entries
                                        .iter()
                                        .map(|(k, v)| (k.to_text(), v.clone()))
                                        .collect(),
                                    _ => Vec::new(),
                                };
                                (title.to_text(), parameters)
                            })
                            .collect(),
                        _ => Vec::new(),
                    }
                };
                for (title, parameters) in instances {
                    let mut attributes = defaults.clone();
                    for (key, value) in parameters {
                        attributes.retain(|(name, _)| *name != key);
                        attributes.push((key, value));
                    }
                    if name == "create_resources" {
                        self.declare_resource(
                            &type_name,
                            &title,
                            attributes,
                            Form::Regular,
                            scope,
                            span,
                        )?;
                        self.mark_by_function(&type_name, &title);
                    } else {
                        self.ensure_resource(&type_name, &title, attributes, scope, span)?;
                    }
                }
                Ok(Value::Undef)
            }
            "assert_type" => Ok(args.get(1).cloned().unwrap_or(Value::Undef)),
            // stdlib: the class or define may be declared only from its own
            // module.
            "assert_private" => {
                let variable = |name: &str| {
                    self.scope_chain(scope)
                        .iter()
                        .find_map(|s| self.scopes[*s].variables.get(name))
                        .map(Value::to_text)
                        .unwrap_or_default()
                };
                if variable("module_name") == variable("caller_module_name") {
                    return Ok(Value::Undef);
                }
                let resource = &self.resources[self.scopes[scope].resource];
                let message = match args.first() {
                    Some(message) => message.to_text(),
                    None if resource.type_name == "Class" => {
                        format!("Class {} is private", resource.title.to_lowercase())
                    }
                    None => format!(
                        "Definition {} is private",
                        resource.type_name.to_lowercase()
                    ),
                };
                Err(error(message, span))
            }
            "lookup" => {
                let key = args.first().map(Value::to_text).unwrap_or_default();
                // lookup(name, type, merge, default) or lookup(name, options).
                let option = |name: &str| {
                    args.get(1)
                        .and_then(|options| options.hash_get(&Value::Str(name.to_string())))
                };
                let (merge, default) = match args.get(1) {
                    Some(Value::Hash(_)) => (option("merge"), option("default_value")),
                    _ => (args.get(2), args.get(3)),
                };
                let strategy = merge.and_then(hiera::Merge::of);
                let top = &self.scopes[TOP].variables;
                let variables = |name: &str| top.get(name).cloned();
                let found = self
                    .hiera
                    .lookup_merged(&key, &variables, strategy)
                    .map_err(|e| Self::hiera_error(e, error(String::new(), span)))?;
                match (found, default) {
                    (Some(value), _) => Ok(value),
                    (None, Some(default)) => Ok(default.clone()),
                    (None, None) => Err(error(
                        format!("Function lookup() did not find a value for the name '{key}'"),
                        span,
                    )),
                }
            }
            name if name == "validate_legacy" || name.starts_with("validate_") => Ok(Value::Undef),
            "each" | "map" | "filter" | "reduce" | "with" => {
                let lambda =
                    lambda.ok_or_else(|| error(format!("{name}() needs a block"), span))?;
                self.iterate(name, &args, lambda, scope, span)
            }
            "template" | "inline_template" => self.erb(name, &args, scope, span),
            "epp" | "inline_epp" => self.epp(name, &args, scope, span),
            // Tags the class or define whose body calls it; its built-in
            // resources take the tags at the end (`finish`).
            "tag" => {
                let resource = &mut self.resources[self.scopes[scope].resource];
                resource
                    .tags_before_function
                    .get_or_insert(resource.tags.len());
                for value in flatten(&args) {
                    let name = value.to_text().to_lowercase();
                    if !is_tag(&name) {
                        return Err(error(format!("Invalid tag '{name}'"), span));
                    }
                    let tags = &mut resource.tags;
                    let parts = name
                        .contains("::")
                        .then(|| name.split("::").map(str::to_string).collect::<Vec<_>>());
                    for tag in std::iter::once(name).chain(parts.into_iter().flatten()) {
                        if !tags.contains(&tag) {
                            tags.push(tag);
                        }
                    }
                }
                Ok(Value::Undef)
            }
            // Whether the calling class or define, or the catalog (its
            // classes), has every tag given.
            "tagged" => {
                let resource = &self.resources[self.scopes[scope].resource];
                let tagged = flatten(&args).iter().all(|value| {
                    let tag = value.to_text().to_lowercase();
                    resource.tags.contains(&tag)
                        || self.resources.iter().any(|other| {
                            let own = other.tags_before_function.unwrap_or(other.tags.len());
                            matches!(other.type_name.as_str(), "Class" | "Node")
                                && other.tags[..own].contains(&tag)
                        })
                });
                Ok(Value::Bool(tagged))
            }
            // stdlib: a fact by its dotted path (`os.release.major`; a
            // quoted part may hold dots); undef where the path leads nowhere.
            "fact" => {
                let path = args.first().map(Value::to_text).unwrap_or_default();
                static PART: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
                    regex::Regex::new(r#"([^."]+)|"([^"]+)""#).expect("a valid pattern")
                });
                let parts = PART
                    .captures_iter(&path)
                    .filter_map(|part| part.get(1).or(part.get(2)))
                    .map(|part| part.as_str().to_string())
                    .collect::<Vec<_>>();
                let mut value = self.facts.clone();
                for part in parts {
                    value = match &value {
                        Value::Array(items) => part
                            .parse::<usize>()
                            .ok()
                            .and_then(|index| items.get(index).cloned())
                            .unwrap_or(Value::Undef),
                        Value::Hash(_) => value
                            .hash_get(&Value::Str(part))
                            .cloned()
                            .unwrap_or(Value::Undef),
                        _ => Value::Undef,
                    };
                }
                Ok(value)
            }
            epp::RENDER_TEXT | epp::RENDER_EXPR if !self.epp_output.is_empty() => {
                if let Some((output, sensitive)) = self.epp_output.last_mut() {
                    match args.first() {
                        Some(Value::Sensitive(value)) => {
                            output.push_str(&value.to_text());
                            *sensitive = true;
                        }
                        Some(value) => output.push_str(&value.to_text()),
                        None => {}
                    }
                }
                Ok(Value::Undef)
            }
            _ => {
                if let Some(result) = functions::call(name, &args) {
                    return result.map_err(|message| error(message, span));
                }
                match self.functions.get(name).copied() {
                    Some((file, function)) => self.call_puppet_function(file, function, args, span),
                    None => Err(error(format!("Unknown function: '{name}'"), span)),
                }
            }
        }
    }

    pub(super) fn iterate(
        &mut self,
        name: &str,
        args: &[Value],
        lambda: &ast::Lambda,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let subject = args.first().cloned().unwrap_or(Value::Undef);
        if name == "with" {
            return self.call_lambda(lambda, args.to_vec(), scope);
        }
        // Each element as the lambda's arguments: a value, or an index (a
        // key) and a value.
        let elements: Vec<(Value, Value)> = match &subject {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(index, item)| (Value::Integer(index as i64), item.clone()))
                .collect(),
            Value::Hash(entries) => entries.clone(),
            Value::Integer(count) => (0..*count)
                .map(|index| (Value::Integer(index), Value::Integer(index)))
                .collect(),
            _ => {
                return Err(error(
                    format!("{name}() cannot iterate over this value"),
                    span,
                ))
            }
        };
        let is_hash = matches!(subject, Value::Hash(_));
        let arguments = |key: &Value, value: &Value| {
            if lambda.params.len() >= 2 {
                vec![key.clone(), value.clone()]
            } else if is_hash {
                vec![Value::Array(vec![key.clone(), value.clone()])]
            } else {
                vec![value.clone()]
            }
        };
        match name {
            "each" => {
                for (key, value) in &elements {
                    self.call_lambda(lambda, arguments(key, value), scope)?;
                }
                Ok(subject)
            }
            "map" => {
                let mut results = Vec::new();
                for (key, value) in &elements {
                    results.push(self.call_lambda(lambda, arguments(key, value), scope)?);
                }
                Ok(Value::Array(results))
            }
            "filter" => {
                let mut kept = Vec::new();
                for (key, value) in &elements {
                    if self
                        .call_lambda(lambda, arguments(key, value), scope)?
                        .is_truthy()
                    {
                        kept.push((key.clone(), value.clone()));
                    }
                }
                Ok(if is_hash {
                    Value::Hash(kept)
                } else {
                    Value::Array(kept.into_iter().map(|(_, value)| value).collect())
                })
            }
            _ => {
                let mut values = elements.into_iter().map(|(key, value)| {
                    if is_hash {
                        Value::Array(vec![key, value])
                    } else {
                        value
                    }
                });
                let mut memo = match args.get(1) {
                    Some(start) => start.clone(),
                    None => values.next().unwrap_or(Value::Undef),
                };
                for value in values {
                    memo = self.call_lambda(lambda, vec![memo, value], scope)?;
                }
                Ok(memo)
            }
        }
    }

    pub(super) fn call_lambda(
        &mut self,
        lambda: &ast::Lambda,
        args: Vec<Value>,
        scope: ScopeId,
    ) -> Result<Value> {
        let local = self.new_scope(Some(scope), Some(scope));
        self.bind(&lambda.params, args, local)?;
        self.block(&lambda.body, local)
    }

    pub(super) fn call_puppet_function(
        &mut self,
        file: usize,
        function: &ast::Definition,
        args: Vec<Value>,
        span: ast::Span,
    ) -> Result<Value> {
        for (param, value) in function.params.iter().zip(&args) {
            if param.splat {
                continue;
            }
            if let Some(problem) = self.parameter_mismatch(param, value)? {
                let message = format!("'{}' parameter '{}' {problem}", function.name, param.name);
                return Err(error(message, span));
            }
        }
        let saved = self.file.replace(file);
        let scope = self.new_scope(Some(TOP), Some(TOP));
        let result = self
            .bind(&function.params, args, scope)
            .and_then(|()| self.block(&function.body, scope))
            .map_err(|e| {
                let e = self.locate(e, file);
                EvalError {
                    span: if e.file.is_some() { e.span } else { span },
                    ..e
                }
            });
        self.file = saved;
        result
    }
}
