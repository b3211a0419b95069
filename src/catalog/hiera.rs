//! Hiera 5 lookups: the environment's layer, then the module's, each a
//! `hiera.yaml` (version 5) hierarchy of YAML data files whose paths are
//! interpolated from facts. The first value found wins.

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

    /// The value of `key` (`ntp::servers`) for a node with `facts`.
    pub fn lookup(&mut self, key: &str, facts: &Value) -> Option<Value> {
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
        for file in files {
            let data = self.data.entry(file.clone()).or_insert_with(|| {
                let text = std::fs::read_to_string(&file).ok()?;
                YamlLoader::load_from_str(&text).ok()?.into_iter().next()
            });
            if let Some(Yaml::Hash(entries)) = data {
                if let Some(value) = entries.get(&Yaml::String(key.to_string())) {
                    return Some(from_yaml(value, facts));
                }
            }
        }
        None
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
