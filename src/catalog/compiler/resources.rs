//! Resources: resource expressions, defaults through dynamic scope, and
//! collector queries.

use std::collections::BTreeMap;

use super::operators::references;
use super::*;
use crate::catalog::values::compare::equal;
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::types::data_type::{generalized, infer};
use crate::facts::ast::{BinaryOp, Expr, ExprKind};

impl<'e> Compiler<'e> {
    pub(super) fn resource(
        &mut self,
        resource: &ast::Resource,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        // Puppet's eval_ResourceExpression: a bare name, or a type that
        // is a class or a resource type without a title.
        let type_span = resource.type_expr.span;
        let illegal = |actual: String| {
            error(
                format!("Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got {actual}"),
                type_span,
            )
        };
        let type_value = self.eval(&resource.type_expr, scope)?;
        let type_name = match (&resource.type_expr.kind, &type_value) {
            (ExprKind::Name(_), Value::Str(name)) => name.trim_start_matches("::").to_lowercase(),
            (ExprKind::TypeRef(_) | ExprKind::Access(..), Value::Type(ty)) => match &**ty {
                Type::Resource(Some(name), None) => name.to_lowercase(),
                Type::Class(None) => "class".to_string(),
                other => return Err(illegal(other.to_string())),
            },
            (_, value) => return Err(illegal(generalized(&infer(value)).to_string())),
        };
        if type_name != "class" && !self.is_resource_type(&type_name) {
            return Err(error(format!("Unknown resource type: '{type_name}'"), span));
        }
        // Each body's titles, then its attributes, in order, as Puppet
        // evaluates them; the resources are made once all are known, each
        // with the attributes of the body whose titles hold `default`
        // replaced in place by its own.
        let mut seen_titles = HashSet::new();
        let mut bodies = Vec::with_capacity(resource.bodies.len());
        let mut defaults = Vec::new();
        let mut default_lines: &[ast::Attribute] = &[];
        for body in &resource.bodies {
            let titles = self.eval(&body.title, scope)?;
            check_titles(&titles, body.title.span, span, &mut seen_titles)?;
            let attributes = self.attributes(&body.attributes, scope)?;
            // Puppet's DUPLICATE_ATTRIBUTE: given twice in a body, a splat's
            // included.
            let mut set = HashSet::new();
            for (name, _) in &attributes {
                if !set.insert(name.as_str()) {
                    return Err(error(
                        format!("The attribute '{name}' has already been set"),
                        span,
                    ));
                }
            }
            self.record_metaparameter_endpoints(&body.attributes, &attributes);
            let titles = flatten(&[titles]);
            if titles.iter().any(|title| matches!(title, Value::Default)) {
                defaults = attributes.clone();
                default_lines = &body.attributes;
            }
            bodies.push((body, titles, attributes));
        }
        let mut references = Vec::new();
        for (body, titles, own) in bodies {
            let mut attributes = defaults.clone();
            for (name, value) in own {
                match attributes
                    .iter_mut()
                    .find(|(existing, _)| *existing == name)
                {
                    Some((_, existing)) => *existing = value,
                    None => attributes.push((name, value)),
                }
            }
            for title in titles {
                if matches!(title, Value::Default) {
                    continue;
                }
                if let Some(mark) = title.mark() {
                    self.note_use(mark, body.title.span, "a resource took it as its title");
                }
                let reference = self.declare_resource(
                    &type_name,
                    &title.to_text(),
                    attributes.clone(),
                    resource.form,
                    scope,
                    span,
                )?;
                if let Some(index) = reference
                    .as_reference()
                    .and_then(|(type_name, title)| self.find_resource(&type_name, &title))
                {
                    self.resources[index].relationship_lines = default_lines
                        .iter()
                        .chain(&body.attributes)
                        .filter(|attribute| {
                            RELATIONSHIP_METAPARAMETERS.contains(&attribute.name.as_str())
                        })
                        .map(|attribute| (attribute.name.clone(), attribute.span.line))
                        .collect();
                }
                references.push(reference);
            }
        }
        // An array whatever the count, as Puppet's.
        Ok(Value::Array(references))
    }

    /// stdlib's `ensure_resource`: declares the resource unless it exists.
    pub(super) fn ensure_resource(
        &mut self,
        type_name: &str,
        title: &str,
        attributes: Vec<(String, Value)>,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<()> {
        let capitalized = capitalize(&type_name.to_lowercase());
        if self.find_resource(&capitalized, title).is_none() {
            self.declare_resource(type_name, title, attributes, Form::Regular, scope, span)?;
        }
        Ok(())
    }

    /// Notes that a function declared `Type[title]`: Puppet writes it
    /// otherwise in the catalog, and a title given as no string is no tag
    /// of it and is not its namevar.
    pub(super) fn mark_by_function(&mut self, type_name: &str, title: &str, textual: bool) {
        let type_name = type_name.trim_start_matches("::").to_lowercase();
        let (type_name, title) = if type_name == "class" {
            (
                "Class".to_string(),
                capitalize(&title.trim_start_matches("::").to_lowercase()),
            )
        } else {
            (capitalize(&type_name), title.to_string())
        };
        if let Some(index) = self.find_resource(&type_name, &title) {
            let resource = &mut self.resources[index];
            resource.by_function = true;
            if !textual {
                resource.title_is_text = false;
                let own = resource.own_tags;
                if let Some(at) = resource.tags[..own]
                    .iter()
                    .position(|t| *t == title.to_lowercase())
                {
                    resource.tags.remove(at);
                    resource.own_tags -= 1;
                }
            }
        }
    }

    /// Declares one resource (a class, a define instance or a resource of
    /// a type) and returns its reference.
    pub(super) fn declare_resource(
        &mut self,
        type_name: &str,
        title: &str,
        attributes: Vec<(String, Value)>,
        form: Form,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let type_name = type_name.trim_start_matches("::").to_lowercase();
        if type_name == "class" {
            let class = title.trim_start_matches("::").to_lowercase();
            self.record_use(&class, UseKind::Declaration, self.file, span.line);
            self.declare_class(&class, Some(attributes), scope, span)?;
            let title = capitalize(&class);
            if let Some(index) = self.find_resource("Class", &title) {
                let file = self.file;
                let resource = &mut self.resources[index];
                resource.resource_like = true;
                resource.file = file;
                resource.line = span.line;
            }
            return Ok(Value::of_type(Type::reference("Class", &class)));
        }
        let capitalized = capitalize(&type_name);
        if self.find_resource(&capitalized, title).is_some() {
            return Err(error(
                format!("Duplicate declaration: {capitalized}[{title}] is already declared"),
                span,
            ));
        }
        let index = self.add_resource(&capitalized, title, scope, form, self.file, span.line);
        self.resources[index].container = Some(self.scopes[scope].resource);
        // Puppet tags a resource with its `tag` parameter's values before
        // its type and title.
        if let Some((_, value)) = attributes.iter().find(|(name, _)| name == "tag") {
            let given = tags_of(value).map_err(|message| error(message, span))?;
            let resource = &mut self.resources[index];
            let made = std::mem::take(&mut resource.tags);
            let (own, inherited) = made.split_at(resource.own_tags);
            let mut tags = Vec::new();
            add_tags(&mut tags, given);
            add_tags(&mut tags, own.to_vec());
            resource.own_tags = tags.len();
            add_tags(&mut tags, inherited.to_vec());
            resource.tags = tags;
        }
        let reference = Value::of_type(Type::reference(&capitalized, title));
        if let Some(define) = self.defines.get(&type_name).copied() {
            self.record_use(&type_name, UseKind::Instance, self.file, span.line);
            self.resources[index].defined = true;
            // Its parameters not given come from the defaults in reach now,
            // its body later (`evaluate_instances`).
            let mut attributes = attributes;
            for (name, value) in self.defaults_at_creation(index, &capitalize(&type_name), scope) {
                if !attributes.iter().any(|(given, _)| *given == name) {
                    self.tag_with(index, &name, &value, span)?;
                    attributes.push((name, value));
                }
            }
            // Collectors read them before the body is evaluated.
            for (name, value) in &attributes {
                self.resources[index]
                    .parameters
                    .insert(name.clone(), value.clone());
            }
            let caller = self.module_of(scope);
            self.pending.push(PendingInstance {
                resource: index,
                define,
                attributes,
                scope,
                static_parent: self.node_scope.unwrap_or(TOP),
                caller,
                site: (self.file, span),
            });
            return Ok(reference);
        }
        for (name, value) in attributes {
            self.resources[index].parameters.insert(name, value);
        }
        // Puppet gives a resource the defaults in reach when it is
        // declared: one set later in the same scope does not reach it.
        for (name, value) in self.defaults_at_creation(index, &capitalized, scope) {
            if !self.resources[index].parameters.contains_key(&name) {
                self.tag_with(index, &name, &value, span)?;
                self.resources[index].parameters.insert(name, value);
            }
        }
        Ok(reference)
    }

    /// Adds the tags of a `tag` parameter set on resource `index` after
    /// its declaration (by a default, an override, a collector).
    pub(super) fn tag_with(
        &mut self,
        index: usize,
        name: &str,
        value: &Value,
        span: ast::Span,
    ) -> Result<()> {
        if name == "tag" {
            let given = tags_of(value).map_err(|message| error(message, span))?;
            add_tags(&mut self.resources[index].tags, given);
        }
        Ok(())
    }

    /// The defaults for `type_name` in reach of `scope`, for the resource
    /// `index` being declared there, each recorded in the trace.
    pub(super) fn defaults_at_creation(
        &mut self,
        index: usize,
        type_name: &str,
        scope: ScopeId,
    ) -> Vec<(String, Value)> {
        let mut applied = Vec::new();
        for (name, value, origin) in self.defaults_for(type_name, scope) {
            if self.resources[index].parameters.contains_key(&name) {
                continue;
            }
            if let (Some(trace), (Some(file), line)) = (&mut self.trace, origin) {
                let resource = &self.resources[index];
                trace.defaults.push(DefaultApplied {
                    resource: format!("{}[{}]", resource.type_name, resource.title),
                    attribute: name.clone(),
                    default_at: Site {
                        file: self.env.file(file).0.clone(),
                        line,
                    },
                });
            }
            applied.push((name, value));
        }
        applied
    }

    /// Notes the classes and defines that the relationship metaparameters
    /// among `attributes` name (evaluated as `values`) as used, at each
    /// attribute's line, when the compilation is traced.
    fn record_metaparameter_endpoints(
        &mut self,
        attributes: &[ast::Attribute],
        values: &[(String, Value)],
    ) {
        if self.trace.is_none() {
            return;
        }
        for attribute in attributes
            .iter()
            .filter(|attribute| RELATIONSHIP_METAPARAMETERS.contains(&attribute.name.as_str()))
        {
            let named = values.iter().find(|(name, _)| *name == attribute.name);
            for (type_name, title) in named.map_or_else(Vec::new, |(_, value)| references(value)) {
                self.record_endpoint(&type_name, &title, attribute.span.line);
            }
        }
    }

    pub(super) fn attributes(
        &mut self,
        attributes: &[ast::Attribute],
        scope: ScopeId,
    ) -> Result<Vec<(String, Value)>> {
        let mut values = Vec::new();
        for attribute in attributes {
            let value = self.eval(&attribute.value, scope)?;
            if holds_iterator(&value) {
                // Puppet's converter of resource parameters.
                return Err(error(
                    "Use of an Iterator is not supported here",
                    attribute.span,
                ));
            }
            if attribute.name == "*" {
                if let Value::Hash(entries) = value {
                    for (key, value) in entries {
                        values.push((key.to_text(), value));
                    }
                }
                continue;
            }
            values.push((attribute.name.clone(), value));
        }
        Ok(values)
    }

    /// The resource defaults for `type_name` that reach code of `scope`
    /// through dynamic scope: the nearest wins, `+>` adds to the next
    /// outer one. Each with its origin (file index, line).
    pub(super) fn defaults_for(
        &self,
        type_name: &str,
        scope: ScopeId,
    ) -> Vec<(String, Value, (Option<usize>, u32))> {
        let mut scope = Some(scope);
        let mut found: BTreeMap<String, (Value, (Option<usize>, u32))> = BTreeMap::new();
        let mut appending: BTreeMap<String, (Value, (Option<usize>, u32))> = BTreeMap::new();
        let mut chain = Vec::new();
        while let Some(current) = scope {
            chain.push(current);
            for default in &self.scopes[current].defaults {
                if default.type_name != type_name || found.contains_key(&default.attribute) {
                    continue;
                }
                if default.append {
                    let entry = (default.value.clone(), default.origin);
                    appending.insert(default.attribute.clone(), entry);
                } else {
                    let value = match appending.remove(&default.attribute) {
                        Some((extra, _)) => append_values(default.value.clone(), extra),
                        None => default.value.clone(),
                    };
                    found.insert(default.attribute.clone(), (value, default.origin));
                }
            }
            scope = self.scopes[current].dynamic_parent;
        }
        // In Puppet's order (`lookupdefaults`): the outermost scope's
        // defaults first, each scope's as declared.
        let mut defaults = Vec::new();
        for current in chain.into_iter().rev() {
            for default in &self.scopes[current].defaults {
                let name = &default.attribute;
                if default.type_name != type_name {
                    continue;
                }
                if let Some((value, origin)) = found.remove(name).or_else(|| appending.remove(name))
                {
                    defaults.push((name.clone(), value, origin));
                }
            }
        }
        defaults
    }

    pub(super) fn query_matches(
        &mut self,
        query: &Expr,
        index: usize,
        scope: ScopeId,
    ) -> Result<bool> {
        match &query.kind {
            ExprKind::Binary(BinaryOp::And, left, right) => Ok(self
                .query_matches(left, index, scope)?
                && self.query_matches(right, index, scope)?),
            ExprKind::Binary(BinaryOp::Or, left, right) => Ok(self
                .query_matches(left, index, scope)?
                || self.query_matches(right, index, scope)?),
            ExprKind::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), left, right) => {
                let name = match &left.kind {
                    ExprKind::Name(name) => name.clone(),
                    _ => return Err(error("Illegal collector query", query.span)),
                };
                let wanted = self.eval(right, scope)?;
                let resource = &self.resources[index];
                let actual = if name == "title" {
                    Value::Str(resource.title.clone())
                } else if name == "tag" && *op == BinaryOp::Eq {
                    Value::Array(
                        resource
                            .tags
                            .iter()
                            .map(|t| Value::Str(t.clone()))
                            .collect(),
                    )
                } else {
                    resource
                        .parameters
                        .get(&name)
                        .cloned()
                        .unwrap_or(Value::Undef)
                };
                // Puppet's CollectorTransformer: `==` finds the value in an
                // array, `!=` compares the whole value (the `tag` parameter
                // as given, not the tags).
                Ok(match (&actual, op) {
                    (Value::Array(items), BinaryOp::Eq) => {
                        items.iter().any(|item| equal(item, &wanted))
                    }
                    (_, BinaryOp::Eq) => equal(&actual, &wanted),
                    _ => !equal(&actual, &wanted),
                })
            }
            _ => Err(error("Illegal collector query", query.span)),
        }
    }
}

/// The tags a `tag` parameter gives, as Puppet's `Tagging#tag`: each of
/// its values (arrays flattened) lower-cased, a qualified one also by its
/// segments; Puppet's words for one that is no tag.
pub(super) fn tags_of(value: &Value) -> std::result::Result<Vec<String>, String> {
    let mut tags = Vec::new();
    for value in crate::catalog::values::types::array::flatten(std::slice::from_ref(value)) {
        if value == Value::Undef {
            continue;
        }
        let name = value.to_text().to_lowercase();
        if !is_tag(&name) {
            return Err(format!("Invalid tag '{name}'"));
        }
        if name.contains("::") {
            let parts: Vec<String> = name.split("::").map(str::to_string).collect();
            tags.push(name);
            tags.extend(parts);
        } else {
            tags.push(name);
        }
    }
    Ok(tags)
}

/// Appends the tags a resource does not have yet.
pub(super) fn add_tags(tags: &mut Vec<String>, new: Vec<String>) {
    for tag in new {
        if !tags.contains(&tag) {
            tags.push(tag);
        }
    }
}

/// Whether Puppet accepts `text` as a tag (and so tags a resource with its
/// title).
pub(super) fn is_tag(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|first| first.is_alphanumeric() || first == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

pub(super) fn append_values(existing: Value, extra: Value) -> Value {
    let mut items = match existing {
        Value::Array(items) => items,
        Value::Undef => Vec::new(),
        other => vec![other],
    };
    match extra {
        Value::Array(more) => items.extend(more),
        other => items.push(other),
    }
    Value::Array(items)
}

/// Puppet's checks of a body's titles (`titles`, at `at`), in its order:
/// a title that is undef, not a string or empty, or that an earlier body of
/// the expression (at `expression`) gave (`seen`).
fn check_titles(
    titles: &Value,
    at: ast::Span,
    expression: ast::Span,
    seen: &mut HashSet<Option<String>>,
) -> Result<()> {
    if matches!(titles, Value::Undef) {
        return Err(error(
            "Missing title. The title expression resulted in undef",
            at,
        ));
    }
    for (index, title) in flatten(std::slice::from_ref(titles)).iter().enumerate() {
        let message = match title {
            Value::Undef => format!(
                "Missing title at index {index}. The title expression resulted in an undef title"
            ),
            Value::Str(text) if text.is_empty() => format!(
                "Empty string title at {index}. Title strings must have a length greater than zero."
            ),
            // `default`, the body of the expression's defaults, is a title
            // of its own.
            Value::Str(_) | Value::Default => {
                let key = match title {
                    Value::Str(text) => Some(text.clone()),
                    _ => None,
                };
                if seen.insert(key) {
                    continue;
                }
                return Err(error(
                    format!(
                        "The title '{}' has already been used in this resource expression",
                        title.to_text()
                    ),
                    expression,
                ));
            }
            // Values pfacts did not compute are judged where they are used.
            Value::Unevaluated(_) | Value::Sensitive(_) => continue,
            other => format!(
                "Illegal title type at index {index}. Expected String, got {}",
                generalized(&infer(other))
            ),
        };
        return Err(error(message, at));
    }
    Ok(())
}

/// Whether a value is, or holds, an iterator.
fn holds_iterator(value: &Value) -> bool {
    match value {
        Value::Iterator(_) => true,
        Value::Array(items) => items.iter().any(holds_iterator),
        Value::Hash(entries) => entries
            .iter()
            .any(|(key, value)| holds_iterator(key) || holds_iterator(value)),
        _ => false,
    }
}
