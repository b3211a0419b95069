//! The catalog in Puppet's JSON format.

use serde_json::json;

use crate::catalog::values::rich_data::{all_to_json, Serialized, Unserializable};

use super::*;

impl<'e> Compiler<'e> {
    /// The catalog in Puppet's format: resources with their tags, file,
    /// line and parameters; containment edges; class names; the tags of
    /// classes and nodes.
    pub(super) fn to_json(&self) -> Result<Json> {
        let mut titles = super::titles::Titles::default();
        let reference = |index: usize| {
            let resource = &self.resources[index];
            format!("{}[{}]", resource.type_name, resource.title)
        };
        let mut order: Vec<usize> = (0..self.resources.len())
            .filter(|&index| self.resources[index].form != Form::Virtual)
            .collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.resources[a], &self.resources[b]);
            (&a.type_name, &a.title).cmp(&(&b.type_name, &b.title))
        });
        let mut catalog_tags = std::collections::BTreeSet::new();
        let resources: Vec<Json> = order
            .iter()
            .map(|&index| -> Result<Json> {
                let r = &self.resources[index];
                let structural =
                    matches!(r.type_name.as_str(), "Class" | "Node" | "Stage") && !r.resource_like;
                // The catalog takes the tags of each class and node it
                // instantiates; Puppet's compiler makes `main` and
                // `Settings` itself, giving the latter's name only.
                match (r.type_name.as_str(), r.title.as_str()) {
                    ("Class", "main") => {}
                    ("Class", "Settings") => {
                        catalog_tags.insert("settings".to_string());
                    }
                    ("Class" | "Node", _) => {
                        catalog_tags.extend(r.tags[..r.own_tags].iter().cloned());
                    }
                    _ => {}
                }
                // Puppet's `to_hash`: what the title gives first, the
                // resource's own values overriding it, then the others;
                // without the namevar where it repeats the title.
                let type_name = r.type_name.to_lowercase();
                let (namevar, from_title) = match r.type_name.as_str() {
                    "Class" | "Stage" | "Node" => ("", Vec::new()),
                    _ if r.defined => ("name", titles.parse(&type_name, None, &r.title)),
                    _ => {
                        let naming = self.env.naming(&type_name);
                        let namevar = naming.map_or("name", |naming| naming.namevar.as_str());
                        (namevar, titles.parse(&type_name, naming, &r.title))
                    }
                };
                let mut entries: Vec<(&str, Option<&Value>)> = from_title
                    .iter()
                    .map(|(name, value)| (name.as_str(), r.parameters.get(name).or(value.as_ref())))
                    .collect();
                entries.extend(
                    r.parameters
                        .iter()
                        .filter(|(name, _)| !from_title.iter().any(|(given, _)| given == *name))
                        .map(|(name, value)| (name.as_str(), Some(value))),
                );
                let mut parameters = serde_json::Map::new();
                for (name, value) in entries {
                    if value == Some(&Value::Undef)
                        || (name == namevar
                            && r.title_is_text
                            && matches!(value, Some(Value::Str(text)) if *text == r.title))
                    {
                        continue;
                    }
                    let json = match value {
                        Some(value) => catalog_value(name, value).map_err(|unserializable| {
                            // Puppet names the resource's place, when it can.
                            let place = match unserializable {
                                Unserializable::RecursiveAlias => r.file,
                                Unserializable::TypeSet => None,
                            };
                            let span = ast::Span {
                                line: r.line,
                                col: 0,
                            };
                            self.error_at((place, span), unserializable.message().to_string())
                        })?,
                        None => Json::Null,
                    };
                    parameters.insert(name.to_string(), json);
                }
                let kind = if r.resource_like {
                    "class"
                } else if matches!(r.type_name.as_str(), "Class" | "Node") {
                    "unknown"
                } else if r.defined {
                    "defined_type"
                } else {
                    "compilable_type"
                };
                // Keys in the order of Puppet's `to_data_hash`.
                let mut resource = json!({
                    "type": r.type_name,
                    "title": r.title,
                    "tags": r.tags,
                });
                if !structural {
                    resource["file"] =
                        json!(r
                            .file
                            .map(|f| self.env.file(f).0.to_string_lossy().to_string()));
                    resource["line"] = json!(r.line);
                }
                if r.by_function {
                    resource["kind"] = json!(kind);
                    resource["exported"] = json!(r.form == Form::Exported);
                } else {
                    resource["exported"] = json!(r.form == Form::Exported);
                    resource["kind"] = json!(kind);
                }
                if !parameters.is_empty() {
                    resource["parameters"] = Json::Object(parameters);
                }
                let sensitive: Vec<&String> = r
                    .parameters
                    .iter()
                    .filter(|(_, value)| matches!(value, Value::Sensitive(_)))
                    .map(|(name, _)| name)
                    .collect();
                if !sensitive.is_empty() {
                    resource["sensitive_parameters"] = json!(sensitive);
                }
                Ok(resource)
            })
            .collect::<Result<_>>()?;
        let mut edges: Vec<(String, String)> = order
            .iter()
            .filter_map(|&index| {
                let container = self.resources[index].container?;
                Some((reference(container), reference(index)))
            })
            .collect();
        edges.sort();
        let edges: Vec<Json> = edges
            .into_iter()
            .map(|(source, target)| json!({ "source": source, "target": target }))
            .collect();
        let mut classes: Vec<String> = self.class_scopes.keys().cloned().collect();
        classes.extend(
            self.resources
                .iter()
                .filter(|r| r.type_name == "Node")
                .map(|r| r.title.clone()),
        );
        classes.sort();
        Ok(json!({
            "tags": catalog_tags,
            "resources": resources,
            "edges": edges,
            "classes": classes,
        }))
    }
}

/// A parameter's value as Puppet's `Puppet::Resource` writes it: a
/// relationship's array flattened, undef dropped (`Parser::Resource#to_hash`);
/// an array holding a reference anywhere flattened; a sensitive value
/// unwrapped (the resource names it among its `sensitive_parameters`).
fn catalog_value(name: &str, value: &Value) -> Serialized {
    match value {
        Value::Array(items) => {
            let mut flat = crate::catalog::values::types::array::flatten(items);
            if RELATIONSHIP_METAPARAMETERS.contains(&name) {
                flat.retain(|item| !matches!(item, Value::Undef));
            } else if !flat.iter().any(|item| item.as_reference().is_some()) {
                return value.to_json();
            }
            Ok(Json::Array(all_to_json(&flat)?))
        }
        Value::Sensitive(value) => value.to_json(),
        _ => value.to_json(),
    }
}
