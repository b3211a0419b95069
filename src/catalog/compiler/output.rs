//! The catalog in Puppet's JSON format.

use serde_json::json;

use super::*;

impl<'e> Compiler<'e> {
    /// The catalog in Puppet's format: resources with their tags, file,
    /// line and parameters; containment edges; class names; the tags of
    /// classes and nodes.
    pub(super) fn to_json(&self) -> Json {
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
            .map(|&index| {
                let r = &self.resources[index];
                let structural =
                    matches!(r.type_name.as_str(), "Class" | "Node" | "Stage") && !r.resource_like;
                if matches!(r.type_name.as_str(), "Class" | "Node") {
                    let own = r.tags_before_function.unwrap_or(r.tags.len());
                    catalog_tags.extend(r.tags[..own].iter().cloned());
                }
                // Puppet leaves out the namevar when it repeats the title.
                let namevar = match r.type_name.as_str() {
                    "Class" | "Stage" | "Node" => "",
                    _ if r.defined => "name",
                    other => self.env.namevar(&other.to_lowercase()),
                };
                // The namevar, when set, comes first, as in Puppet's.
                let namevar_first = r.parameters.get_key_value(namevar).into_iter().chain(
                    r.parameters
                        .iter()
                        .filter(|(name, _)| name.as_str() != namevar),
                );
                let parameters: serde_json::Map<String, Json> = namevar_first
                    .filter(|(_, value)| **value != Value::Undef)
                    .filter(|(name, value)| {
                        !(name.as_str() == namevar
                            && matches!(value, Value::Str(text) if *text == r.title))
                    })
                    .map(|(name, value)| (name.clone(), value.to_json()))
                    .collect();
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
                    resource["exported"] = json!(false);
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
                resource
            })
            .collect();
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
        classes.push("settings".to_string());
        classes.extend(
            self.resources
                .iter()
                .filter(|r| r.type_name == "Node")
                .map(|r| r.title.clone()),
        );
        classes.sort();
        json!({
            "tags": catalog_tags,
            "resources": resources,
            "edges": edges,
            "classes": classes,
        })
    }
}
