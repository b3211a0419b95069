//! What Puppet does once the code has run, and what it does between the
//! passes over the defines waiting: collectors, realizations, overrides,
//! inherited tags and relationships.

use super::resources::append_values;
use super::*;
use crate::catalog::values::types::array::flatten;

impl<'e> Compiler<'e> {
    /// What Puppet does once the code and the defines have run: virtual
    /// resources `realize` named are realized, then the overrides of
    /// resources declared after them are merged.
    pub(super) fn finish(&mut self) -> Result<()> {
        // Puppet gives a built-in resource the tags of its class or define
        // when the compilation finishes: those `tag()` added later count.
        for index in 0..self.resources.len() {
            let resource = &self.resources[index];
            let source = self.scopes[resource.scope].resource;
            if resource.defined
                || source == index
                || matches!(resource.type_name.as_str(), "Class" | "Node" | "Stage")
            {
                continue;
            }
            let inherited = self.resources[source].tags.clone();
            let tags = &mut self.resources[index].tags;
            for tag in inherited {
                if !tags.contains(&tag) {
                    tags.push(tag);
                }
            }
        }
        let mut missing = Vec::new();
        for reference in std::mem::take(&mut self.realized) {
            match self.find_resource(&reference.0, &reference.1) {
                Some(index) => {
                    if self.resources[index].form == Form::Virtual {
                        self.resources[index].form = Form::Regular;
                    }
                }
                None => missing.push(format!("{}[{}]", reference.0, reference.1)),
            }
        }
        if !missing.is_empty() {
            return Err(error(
                format!("Failed to realize virtual resources {}", missing.join(", ")),
                ast::Span::default(),
            ));
        }
        // Overrides of resources declared after them.
        for override_ in std::mem::take(&mut self.overrides) {
            if let Some(index) = self.find_resource(&override_.reference.0, &override_.reference.1)
            {
                self.apply_override(index, override_, true)?;
            }
        }
        Ok(())
    }

    /// Puppet's `Resource#merge` of an override into resource `index`;
    /// `checked`, as for all but a collector's: only the class declaring
    /// the resource, or one inheriting from it, may override, and the
    /// declaring class not an attribute it set itself, unless by a
    /// resource default. `+>` adds to the value.
    pub(super) fn apply_override(
        &mut self,
        index: usize,
        override_: Override,
        checked: bool,
    ) -> Result<()> {
        let declaring = self.scopes[self.resources[index].scope].resource;
        if checked && !self.inherits_from(override_.source, declaring) {
            let message = "Only subclasses can override parameters".to_string();
            return Err(self.error_at(override_.site, message));
        }
        if self.resources[index].evaluated {
            self.override_of_evaluated(index, override_.site)?;
        }
        for (name, value, append, span) in override_.attributes {
            let current = self.resources[index].parameters.get(&name).cloned();
            if let (true, Some(current)) = (checked && override_.source == declaring, &current) {
                let resource = &self.resources[index];
                let by_default = self
                    .defaults_for(&resource.type_name, resource.scope)
                    .iter()
                    .any(|(default, value, _)| *default == name && value == current);
                if !by_default {
                    let message = format!(
                        "Parameter '{name}' is already set on {}[{}]; cannot redefine",
                        override_.reference.0, override_.reference.1
                    );
                    return Err(self.error_at((override_.site.0, span), message));
                }
            }
            let value = match (append, current) {
                (true, Some(current)) => Value::Array(flatten(&[current, value])),
                _ => value,
            };
            self.tag_with(index, &name, &value, span)?;
            self.resources[index].parameters.insert(name, value);
        }
        Ok(())
    }

    /// An override, written at `site`, of the define instance `index`
    /// whose body has already run, and so read the values it had: a
    /// warning, or an error under `strict=error` (Puppet 8's default).
    /// The values are still set, as Puppet sets them.
    fn override_of_evaluated(
        &mut self,
        index: usize,
        site: (Option<usize>, ast::Span),
    ) -> Result<()> {
        let resource = &self.resources[index];
        let message = match resource.file {
            Some(file) => format!(
                "Attempt to override an already evaluated resource, defined at (file: {}, line: {}), with new values",
                Self::relative(&self.env.file(file).0, &self.env.root).display(),
                resource.line
            ),
            None => "Attempt to override an already evaluated resource with new values".to_string(),
        };
        match self.options.strict {
            Strict::Off => Ok(()),
            Strict::Warning => {
                self.logs.push(Log {
                    level: Level::Warning,
                    message,
                    at: site.0.map(|file| (self.env.file(file).0.clone(), site.1)),
                });
                Ok(())
            }
            Strict::Error => Err(self.error_at(site, message)),
        }
    }

    /// Puppet's collectors, as each pass of `evaluate_generators` runs
    /// them before the defines waiting: each collects the resources of its
    /// type its query selects, realizing virtual ones and overriding each
    /// the first time. Whether any collected a resource it had not.
    pub(super) fn collect(&mut self) -> Result<bool> {
        let mut found = false;
        for position in 0..self.collectors.len() {
            let (scope, collector) = self.collectors[position].clone();
            let type_name = capitalize(&collector.type_name);
            for index in 0..self.resources.len() {
                let resource = &self.resources[index];
                if resource.type_name != type_name {
                    continue;
                }
                let reference = (resource.type_name.clone(), resource.title.clone());
                if self.collected[position].contains(&reference) {
                    continue;
                }
                let selected = match &collector.query {
                    Some(query) => self.query_matches(query, index, scope)?,
                    None => true,
                };
                if !selected {
                    continue;
                }
                found = true;
                self.collected[position].insert(reference.clone());
                if self.resources[index].form == Form::Virtual {
                    self.resources[index].form = Form::Regular;
                }
                let mut attributes = Vec::new();
                for attribute in &collector.attributes {
                    let values = self.attributes(std::slice::from_ref(attribute), scope)?;
                    attributes.extend(
                        values
                            .into_iter()
                            .map(|(name, value)| (name, value, attribute.append, attribute.span)),
                    );
                }
                let override_ = Override {
                    reference,
                    attributes,
                    source: self.scopes[scope].resource,
                    site: (self.file, ast::Span::default()),
                };
                self.apply_override(index, override_, false)?;
            }
        }
        Ok(found)
    }

    /// Whether the body of resource `source` is that of `base`, or of a
    /// class inheriting, directly or not, from class `base`.
    pub(super) fn inherits_from(&self, source: usize, base: usize) -> bool {
        if source == base {
            return true;
        }
        let class_name = |index: usize| {
            let resource = &self.resources[index];
            (resource.type_name == "Class").then(|| resource.title.to_lowercase())
        };
        let (Some(mut class), Some(base)) = (class_name(source), class_name(base)) else {
            return false;
        };
        for _ in 0..self.classes.len() {
            match self
                .classes
                .get(&class)
                .and_then(|(_, definition)| definition.parent.clone())
            {
                Some(parent) if parent.trim_start_matches("::") == base => return true,
                Some(parent) => class = parent.trim_start_matches("::").to_string(),
                None => return false,
            }
        }
        false
    }

    /// The resources a side of an arrow stands for: a collector's, once
    /// collected; on the left, where it collected nothing, what stood left
    /// of it (Puppet's `leftmost_alternative`).
    fn resolve_side(&self, sides: &[Side], left: bool) -> Vec<Reference> {
        let mut resolved = Vec::new();
        for side in sides {
            match side {
                Side::Resource(reference) => resolved.push(reference.clone()),
                Side::Collected(collector) => {
                    let collected: Vec<Reference> = self
                        .collected
                        .get(*collector)
                        .map(|set| set.iter().cloned().collect())
                        .unwrap_or_default();
                    match self.empty_alternatives.get(collector) {
                        Some(alternative) if left && collected.is_empty() => {
                            resolved.extend(self.resolve_side(alternative, true));
                        }
                        _ => resolved.extend(collected),
                    }
                }
            }
        }
        resolved
    }

    /// Relationships become `before` and `notify` of their source; a
    /// side naming no resource of the catalog is Puppet's error
    /// (`Relationship#mk_relationship`).
    pub(super) fn add_relationships(&mut self, aliases: &HashMap<Reference, usize>) -> Result<()> {
        for (sources, targets, arrow) in std::mem::take(&mut self.relationships) {
            let targets = self.resolve_side(&targets, false);
            for source in self.resolve_side(&sources, true) {
                let name = if arrow == "~>" { "notify" } else { "before" };
                for target in &targets {
                    let Some(index) = self.in_catalog(aliases, &source) else {
                        return Err(error(
                            format!(
                                "Could not find resource '{}' for relationship on '{}'",
                                reference_text(&source),
                                reference_text(target)
                            ),
                            ast::Span::default(),
                        ));
                    };
                    if self.in_catalog(aliases, target).is_none() {
                        return Err(error(
                            format!(
                                "Could not find resource '{}' for relationship from '{}'",
                                reference_text(target),
                                reference_text(&source)
                            ),
                            ast::Span::default(),
                        ));
                    }
                    let reference = Value::of_type(Type::reference(&target.0, &target.1));
                    let parameters = &mut self.resources[index].parameters;
                    let value = match parameters.get(name).cloned() {
                        Some(existing) => append_values(existing, reference),
                        None => Value::Array(vec![reference]),
                    };
                    parameters.insert(name.to_string(), value);
                }
            }
        }
        Ok(())
    }

    /// Puppet's check of each resource of a type of its own or of a
    /// module's Ruby when the compilation finishes
    /// (`Parser::Resource#validate`): every parameter is one of the type's.
    pub(super) fn check_parameter_names(&self) -> Result<()> {
        for resource in &self.resources {
            let type_name = resource.type_name.to_lowercase();
            if resource.defined {
                continue;
            }
            let ruby = self.env.ruby_type(&type_name);
            for name in resource.parameters.keys() {
                let accepted = if ruby {
                    self.env.ruby_type_accepts(&type_name, name)
                } else {
                    crate::facts::builtins::accepts_parameter(&type_name, name)
                };
                if accepted == Some(false) {
                    return Err(self.error_at(
                        (
                            resource.file,
                            ast::Span {
                                line: resource.line,
                                col: 0,
                            },
                        ),
                        format!(
                            "no parameter named '{name}' on {}[{}]",
                            resource.type_name, resource.title
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The other names of the catalog's resources, as `(type, name)`: their
    /// `alias`, and their namevar where it is not their title.
    pub(super) fn aliases(&self) -> HashMap<Reference, usize> {
        let mut aliases = HashMap::new();
        for (index, resource) in self.resources.iter().enumerate() {
            let type_name = resource.type_name.as_str();
            let namevar = self
                .env
                .naming(&type_name.to_lowercase())
                .map_or("name", |naming| naming.namevar.as_str());
            for parameter in ["alias", namevar, "name"] {
                if let Some(value) = resource.parameters.get(parameter) {
                    for alias in flatten_values(value) {
                        aliases
                            .entry((type_name.to_string(), alias.to_text()))
                            .or_insert(index);
                    }
                }
            }
        }
        aliases
    }

    /// The resource of the catalog that `reference` names, by its title or
    /// one of its `aliases`.
    fn in_catalog(
        &self,
        aliases: &HashMap<Reference, usize>,
        reference: &Reference,
    ) -> Option<usize> {
        self.find_resource(&reference.0, &reference.1)
            .or_else(|| aliases.get(reference).copied())
    }

    /// Puppet's final check of the catalog (`RelationshipValidator`): each
    /// resource that a relationship metaparameter of a resource in the
    /// catalog names is in the catalog, under its title or one of its
    /// aliases (its `alias`, its namevar).
    pub(super) fn check_relationship_parameters(
        &self,
        aliases: &HashMap<Reference, usize>,
    ) -> Result<()> {
        for resource in &self.resources {
            if matches!(resource.form, Form::Virtual | Form::Exported) {
                continue;
            }
            for parameter in RELATIONSHIP_METAPARAMETERS {
                let Some(value) = resource.parameters.get(parameter) else {
                    continue;
                };
                let line = resource
                    .relationship_lines
                    .iter()
                    .rev()
                    .find(|(name, _)| name == parameter)
                    .map_or(resource.line, |&(_, line)| line);
                let at = (resource.file, ast::Span { line, col: 0 });
                for referenced in flatten_values(value) {
                    let reference = match &referenced {
                        Value::Undef | Value::Unevaluated(_) => continue,
                        Value::Str(text) => match parse_reference(text) {
                            Some(reference) => reference,
                            None => {
                                return Err(self.error_at(
                                    at,
                                    format!(
                                        "No title provided and \"{text}\" is not a valid resource reference"
                                    ),
                                ))
                            }
                        },
                        other => match other.as_reference() {
                            Some(reference) => reference,
                            None => continue,
                        },
                    };
                    if self.in_catalog(aliases, &reference).is_none() {
                        return Err(self.error_at(
                            at,
                            format!(
                                "Could not find resource '{}' in parameter '{parameter}'",
                                reference_text(&reference)
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// `Type[title]`, as Puppet writes a reference in its messages.
fn reference_text((type_name, title): &Reference) -> String {
    format!("{type_name}[{title}]")
}

/// The values of `value`, arrays flattened.
fn flatten_values(value: &Value) -> Vec<Value> {
    crate::catalog::values::types::array::flatten(std::slice::from_ref(value))
}

/// `Type[title]` written as a string, as Puppet reads it in a
/// relationship metaparameter or operand; `None` for a string that is no
/// reference.
pub(super) fn parse_reference(text: &str) -> Option<Reference> {
    let (type_name, rest) = text.split_once('[')?;
    let title = rest.strip_suffix(']')?;
    let type_name = crate::catalog::capitalize(type_name);
    let title = match type_name.as_str() {
        "Class" => crate::catalog::capitalize(title),
        _ => title.trim_matches(|c| c == '\'' || c == '"').to_string(),
    };
    Some((type_name, title))
}
