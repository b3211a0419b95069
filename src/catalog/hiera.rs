//! Hiera 5 lookups: the environment's layer, then the module's, each a
//! `hiera.yaml` (version 5) hierarchy of YAML data files whose paths are
//! interpolated from facts. The first value found wins, unless a merge
//! strategy (`unique`, `hash`, `deep`) combines them all.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

use super::value::Value;

/// One `hiera.yaml`: its directory, data directory and hierarchy paths.
#[derive(Debug)]
struct Layer {
    datadir: PathBuf,
    paths: Vec<String>,
}

pub struct Hiera {
    environment: Option<Layer>,
    /// Module name → its directory.
    modules: HashMap<String, PathBuf>,
    layers: HashMap<String, Option<Layer>>,
    data: HashMap<PathBuf, Option<Yaml>>,
}

impl Hiera {
    /// `environment`: the environment's directory; `modulepath`: where the
    /// modules are.
    pub fn new(environment: &Path, modulepath: &[PathBuf]) -> Hiera {
        let mut modules = HashMap::new();
        for dir in modulepath.iter().rev() {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().to_string();
                modules.insert(name, entry.path());
            }
        }
        Hiera {
            environment: read_layer(environment),
            modules,
            layers: HashMap::new(),
            data: HashMap::new(),
        }
    }

    /// The value of `key` (`ntp::servers`) for a node with `facts`: the
    /// first found.
    pub fn lookup(&mut self, key: &str, facts: &Value) -> Option<Value> {
        self.lookup_merged(key, facts, Merge::First)
    }

    /// The values of `key` at every level, merged by `strategy`.
    pub fn lookup_merged(&mut self, key: &str, facts: &Value, strategy: Merge) -> Option<Value> {
        let found = self.found(key, facts);
        let mut highest_first = found.into_iter();
        match strategy {
            Merge::First => highest_first.next(),
            Merge::Unique => {
                let mut merged: Vec<Value> = Vec::new();
                let mut any = false;
                for value in highest_first {
                    any = true;
                    let items = match value {
                        Value::Array(items) => items,
                        single => vec![single],
                    };
                    for item in items {
                        if !merged.contains(&item) {
                            merged.push(item);
                        }
                    }
                }
                any.then_some(Value::Array(merged))
            }
            Merge::Hash | Merge::Deep => {
                let levels: Vec<Value> = highest_first.collect();
                let mut merged: Option<Value> = None;
                for value in levels.into_iter().rev() {
                    merged = Some(match merged {
                        None => value,
                        Some(lower) => merge_hashes(lower, value, strategy == Merge::Deep),
                    });
                }
                merged
            }
        }
    }

    /// The values of `key`, highest priority first: the environment's
    /// levels, then the module's.
    fn found(&mut self, key: &str, facts: &Value) -> Vec<Value> {
        let key = key.trim_start_matches("::");
        let module = key.split("::").next().unwrap_or_default().to_string();
        if !self.layers.contains_key(&module) {
            let layer = self.modules.get(&module).and_then(|dir| read_layer(dir));
            self.layers.insert(module.clone(), layer);
        }
        let mut files = Vec::new();
        for layer in [self.environment.as_ref(), self.layers[&module].as_ref()]
            .into_iter()
            .flatten()
        {
            for path in &layer.paths {
                if let Some(path) = interpolate(path, facts) {
                    files.push(layer.datadir.join(path));
                }
            }
        }
        let mut found = Vec::new();
        for file in files {
            let data = self.data.entry(file.clone()).or_insert_with(|| {
                let text = std::fs::read_to_string(&file).ok()?;
                YamlLoader::load_from_str(&text).ok()?.into_iter().next()
            });
            if let Some(Yaml::Hash(entries)) = data {
                if let Some(value) = entries.get(&Yaml::String(key.to_string())) {
                    found.push(from_yaml(value, facts));
                }
            }
        }
        found
    }
}

/// A merge strategy of `lookup()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merge {
    First,
    Unique,
    Hash,
    Deep,
}

impl Merge {
    /// `'deep'`, or `{ 'strategy' => 'deep' }`; `None` for what is no
    /// strategy.
    pub fn of(value: &Value) -> Option<Merge> {
        let name = match value {
            Value::Hash(_) => value
                .hash_get(&Value::Str("strategy".to_string()))?
                .to_text(),
            other => other.to_text(),
        };
        match name.as_str() {
            "first" => Some(Merge::First),
            "unique" => Some(Merge::Unique),
            "hash" => Some(Merge::Hash),
            "deep" => Some(Merge::Deep),
            _ => None,
        }
    }
}

/// `higher` merged into `lower`: the keys in `lower`'s order, then the new
/// ones; `higher`'s values win, hashes of both merged again when `deep`,
/// arrays of both joined without duplicates.
fn merge_hashes(lower: Value, higher: Value, deep: bool) -> Value {
    match (lower, higher) {
        (Value::Hash(mut entries), Value::Hash(higher)) => {
            for (key, value) in higher {
                match entries.iter_mut().find(|(existing, _)| *existing == key) {
                    Some((_, existing)) => {
                        let lower_value = std::mem::replace(existing, Value::Undef);
                        *existing = if deep {
                            merge_hashes(lower_value, value, true)
                        } else {
                            value
                        };
                    }
                    None => entries.push((key, value)),
                }
            }
            Value::Hash(entries)
        }
        (Value::Array(lower), Value::Array(mut higher)) if deep => {
            for item in lower {
                if !higher.contains(&item) {
                    higher.push(item);
                }
            }
            Value::Array(higher)
        }
        (_, higher) => higher,
    }
}

/// The `hiera.yaml` of `dir`, version 5.
fn read_layer(dir: &Path) -> Option<Layer> {
    let text = std::fs::read_to_string(dir.join("hiera.yaml")).ok()?;
    let config = YamlLoader::load_from_str(&text).ok()?.into_iter().next()?;
    if config["version"].as_i64() != Some(5) {
        return None;
    }
    let datadir = config["defaults"]["datadir"].as_str().unwrap_or("data");
    let mut paths = Vec::new();
    for level in config["hierarchy"].as_vec().into_iter().flatten() {
        if let Some(path) = level["path"].as_str() {
            paths.push(path.to_string());
        }
        for path in level["paths"].as_vec().into_iter().flatten() {
            if let Some(path) = path.as_str() {
                paths.push(path.to_string());
            }
        }
    }
    Some(Layer {
        datadir: dir.join(datadir),
        paths,
    })
}

/// `%{facts.os.family}`, `%{::osfamily}` and `%{osfamily}` replaced by the
/// facts; `None` when one is missing (Hiera skips that level).
fn interpolate(template: &str, facts: &Value) -> Option<String> {
    let mut out = String::new();
    let mut rest = template;
    while let Some(start) = rest.find("%{") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}')? + start;
        let name = rest[start + 2..end].trim().trim_start_matches("::");
        let path = name.strip_prefix("facts.").unwrap_or(name);
        let mut value = facts.clone();
        for segment in path.split('.') {
            value = value.hash_get(&Value::Str(segment.to_string()))?.clone();
        }
        out.push_str(&value.to_text());
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

fn from_yaml(yaml: &Yaml, facts: &Value) -> Value {
    match yaml {
        Yaml::Real(text) => Value::Float(text.parse().unwrap_or(0.0)),
        Yaml::Integer(value) => Value::Integer(*value),
        Yaml::String(text) => Value::Str(interpolate(text, facts).unwrap_or_else(|| text.clone())),
        Yaml::Boolean(value) => Value::Bool(*value),
        Yaml::Array(items) => Value::Array(items.iter().map(|i| from_yaml(i, facts)).collect()),
        Yaml::Hash(entries) => Value::Hash(
            entries
                .iter()
                .map(|(key, value)| (from_yaml(key, facts), from_yaml(value, facts)))
                .collect(),
        ),
        _ => Value::Undef,
    }
}
