//! What Puppet does once the code has run: collectors, realizations,
//! overrides, inherited tags and relationships.

use super::resources::append_values;
use super::*;

impl<'e> Compiler<'e> {
    /// What Puppet does once the code has run: collectors realize, then
    /// overrides and defaults complete the resources.
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
        let collectors = std::mem::take(&mut self.collectors);
        for (scope, collector) in &collectors {
            let type_name = capitalize(&collector.type_name);
            let mut collected = Vec::new();
            for index in 0..self.resources.len() {
                let (form, resource_type, title) = {
                    let resource = &self.resources[index];
                    (
                        resource.form,
                        resource.type_name.clone(),
                        resource.title.clone(),
                    )
                };
                if resource_type != type_name || (collector.exported && form != Form::Exported) {
                    continue;
                }
                let selected = match &collector.query {
                    Some(query) => self.query_matches(query, index, *scope)?,
                    None => true,
                };
                if !selected {
                    continue;
                }
                collected.push((resource_type.clone(), title.clone()));
                if form == Form::Virtual || (collector.exported && form == Form::Exported) {
                    self.realized.push((resource_type, title));
                }
                let attributes = self.attributes(&collector.attributes, *scope)?;
                for (name, value) in attributes {
                    let span = collector
                        .attributes
                        .iter()
                        .find(|attribute| attribute.name == name)
                        .map_or_else(Default::default, |attribute| attribute.span);
                    self.tag_with(index, &name, &value, span)?;
                    self.resources[index].parameters.insert(name, value);
                }
            }
            self.collected.push(collected);
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
        for override_ in std::mem::take(&mut self.overrides) {
            let Some(index) = self.find_resource(&override_.reference.0, &override_.reference.1)
            else {
                continue;
            };
            // Puppet's `Resource#merge`: only the class declaring the
            // resource, or one inheriting from it, may override, and not
            // an attribute the declaring class set itself.
            let declaring = self.scopes[self.resources[index].scope].resource;
            if !self.inherits_from(override_.source, declaring) {
                let message = "Only subclasses can override parameters".to_string();
                return Err(self.error_at(override_.site, message));
            }
            for (name, value, append, span) in override_.attributes {
                if override_.source == declaring
                    && self.resources[index].parameters.contains_key(&name)
                {
                    let message = format!(
                        "Parameter '{name}' is already set on {}[{}]; cannot redefine",
                        override_.reference.0, override_.reference.1
                    );
                    return Err(self.error_at((override_.site.0, span), message));
                }
                let parameters = &mut self.resources[index].parameters;
                let value = match (append, parameters.get(&name).cloned()) {
                    (true, Some(existing)) => append_values(existing, value),
                    _ => value,
                };
                self.tag_with(index, &name, &value, span)?;
                self.resources[index].parameters.insert(name, value);
            }
        }
        Ok(())
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
                    let collected = self.collected.get(*collector).cloned().unwrap_or_default();
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

    /// Relationships become `before` and `notify` of their source.
    pub(super) fn add_relationships(&mut self) {
        for (sources, targets, arrow) in std::mem::take(&mut self.relationships) {
            let targets = self.resolve_side(&targets, false);
            for source in self.resolve_side(&sources, true) {
                let Some(index) = self.find_resource(&source.0, &source.1) else {
                    continue;
                };
                let name = if arrow == "~>" { "notify" } else { "before" };
                for target in &targets {
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
    }
}
