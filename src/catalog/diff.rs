//! What differs between two catalogs of one node: resources only one has,
//! and parameters that one sets otherwise (`pfacts catalog --diff-puppet
//! 8`, where the second is compiled as Puppet 8 does).

use std::fmt;

use rustc_hash::FxHashMap;
use serde_json::Value as Json;

/// One difference, from the first catalog to the second.
#[derive(Debug, PartialEq)]
pub enum Change {
    /// A resource only the second catalog has, as `Type[title]`.
    Added(String),
    /// A resource only the first catalog has.
    Removed(String),
    /// A parameter of a resource both have: its value in each (`None`:
    /// not set).
    Changed {
        resource: String,
        parameter: String,
        before: Option<Json>,
        after: Option<Json>,
    },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value =
            |value: &Option<Json>| value.as_ref().map_or("unset".to_string(), Json::to_string);
        match self {
            Change::Added(resource) => write!(f, "+ {resource}"),
            Change::Removed(resource) => write!(f, "- {resource}"),
            Change::Changed {
                resource,
                parameter,
                before,
                after,
            } => write!(
                f,
                "~ {resource} {parameter}: {} -> {}",
                value(before),
                value(after)
            ),
        }
    }
}

/// The changes from `before` to `after` (catalogs in Puppet's format), in
/// the order of `before`'s resources, then `after`'s new ones.
pub fn diff(before: &Json, after: &Json) -> Vec<Change> {
    let resources = |catalog: &Json| -> Vec<(String, Json)> {
        catalog["resources"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|resource| {
                let name = format!(
                    "{}[{}]",
                    resource["type"].as_str().unwrap_or_default(),
                    resource["title"].as_str().unwrap_or_default()
                );
                (name, resource["parameters"].clone())
            })
            .collect()
    };
    let (before, after) = (resources(before), resources(after));
    let by_name =
        |list: &[(String, Json)]| -> FxHashMap<String, Json> { list.iter().cloned().collect() };
    let (before_by_name, after_by_name) = (by_name(&before), by_name(&after));
    let mut changes = Vec::new();
    for (name, parameters) in &before {
        let Some(now) = after_by_name.get(name) else {
            changes.push(Change::Removed(name.clone()));
            continue;
        };
        let empty = serde_json::Map::new();
        let old = parameters.as_object().unwrap_or(&empty);
        let new = now.as_object().unwrap_or(&empty);
        let keys = old
            .keys()
            .chain(new.keys().filter(|key| !old.contains_key(*key)));
        for key in keys {
            let (was, is) = (old.get(key), new.get(key));
            if was != is {
                changes.push(Change::Changed {
                    resource: name.clone(),
                    parameter: key.clone(),
                    before: was.cloned(),
                    after: is.cloned(),
                });
            }
        }
    }
    for (name, _) in &after {
        if !before_by_name.contains_key(name) {
            changes.push(Change::Added(name.clone()));
        }
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn resources_added_removed_and_parameters_changed() {
        let before = json!({"resources": [
            {"type": "Notify", "title": "a", "parameters": {"message": "x", "withpath": true}},
            {"type": "Notify", "title": "gone"},
            {"type": "Class", "title": "main"},
        ]});
        let after = json!({"resources": [
            {"type": "Class", "title": "main"},
            {"type": "Notify", "title": "a", "parameters": {"message": "", "loglevel": "info"}},
            {"type": "Notify", "title": "new"},
        ]});
        let changes: Vec<String> = diff(&before, &after)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            changes,
            [
                "~ Notify[a] message: \"x\" -> \"\"",
                "~ Notify[a] withpath: true -> unset",
                "~ Notify[a] loglevel: unset -> \"info\"",
                "- Notify[gone]",
                "+ Notify[new]",
            ]
        );
        assert!(diff(&before, &before).is_empty());
    }
}
