//! Hiera 5 lookups: the global layer (when given), the environment's, then
//! the module's, each a `hiera.yaml` (version 5) hierarchy of YAML or JSON
//! data files whose paths are interpolated from the node's top-scope
//! variables (facts, `$trusted`). The first value found wins, unless a merge strategy
//! (`unique`, `hash`, `deep`), given to `lookup()` or found in the data's
//! `lookup_options`, combines them all.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

use super::values::types::data_type::new_value;
use super::values::Value;

/// One level of a hierarchy: data files in one directory, one format.
#[derive(Debug)]
struct Level {
    datadir: PathBuf,
    /// Each path with its line in `hiera.yaml`.
    paths: Vec<(String, u32)>,
}

/// One `hiera.yaml`: its levels, highest priority first.
#[derive(Debug)]
struct Layer {
    config: PathBuf,
    levels: Vec<Level>,
}

/// The node's top-scope variables by name, for interpolation.
pub type Variables<'v> = &'v dyn Fn(&str) -> Option<Value>;

/// The key whose options the data may set, reserved: never found as data.
const LOOKUP_OPTIONS: &str = "lookup_options";

pub struct Hiera {
    global: Option<Layer>,
    environment: Option<Layer>,
    /// An error in the global or the environment's `hiera.yaml`: every
    /// lookup fails with it, as in Puppet.
    broken: Option<HieraError>,
    /// Module name → its directory.
    modules: HashMap<String, PathBuf>,
    /// Each module's layer, or the error in its `hiera.yaml`.
    layers: HashMap<String, Result<Option<Layer>>>,
    data: HashMap<PathBuf, Option<Yaml>>,
    /// The keys being looked up, innermost last: an interpolation that
    /// looks one up again is a cycle, not found.
    looking_up: Vec<String>,
    /// The `lookup_options` read so far, by module (Puppet reads them once
    /// per module too).
    options: HashMap<String, OptionEntries>,
}

/// What stops a lookup: an unknown variable in the data or in a
/// hierarchy path, as Puppet (with `strict_variables`) refuses it.
#[derive(Clone, Debug)]
pub struct HieraError {
    pub message: String,
    /// The `hiera.yaml` and line of a hierarchy path; none for data,
    /// which Puppet blames on the lookup.
    pub at: Option<(PathBuf, u32)>,
}

type Result<T> = std::result::Result<T, HieraError>;

fn undefined(name: &str) -> HieraError {
    HieraError {
        message: format!("Undefined variable '{}'", name.trim_start_matches("::")),
        at: None,
    }
}

/// The `lookup_options` of a module's keys: name or pattern, the pattern
/// compiled, and the options.
type OptionEntries = Vec<(String, Option<regex::Regex>, Yaml)>;

/// The `lookup_options` of one key: how its values merge.
#[derive(Clone, Debug, Default)]
struct Options {
    merge: Option<Merge>,
    /// `convert_to`: the type (and its arguments) the value is made.
    convert_to: Option<Vec<Value>>,
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
        let (environment, broken) = match read_layer(environment) {
            Ok(layer) => (layer, None),
            Err(error) => (None, Some(error)),
        };
        Hiera {
            global: None,
            environment,
            broken,
            modules,
            layers: HashMap::new(),
            data: HashMap::new(),
            looking_up: Vec::new(),
            options: HashMap::new(),
        }
    }

    /// The value of `key` (`ntp::servers`) for a node whose top-scope
    /// variables are `variables`, merged as the key's `lookup_options` say
    /// (the first found when they say nothing). `Some(Undef)` is a value
    /// the data sets to `~`.
    pub fn lookup(&mut self, key: &str, variables: Variables) -> Result<Option<Value>> {
        self.lookup_merged(key, variables, None)
    }

    /// The values of `key` at every level, merged by `strategy`, or as the
    /// key's `lookup_options` say when it is `None`. A dotted key
    /// (`app::settings.log.level`) digs into the value of its root.
    pub fn lookup_merged(
        &mut self,
        key: &str,
        variables: Variables,
        strategy: Option<Merge>,
    ) -> Result<Option<Value>> {
        let key = key.trim_start_matches("::");
        let (root, path) = match key.split_once('.') {
            Some((root, path)) => (root, Some(path)),
            None => (key, None),
        };
        if root == LOOKUP_OPTIONS || self.looking_up.iter().any(|open| open == root) {
            return Ok(None);
        }
        self.looking_up.push(root.to_string());
        let found = self.options(root, variables).and_then(|options| {
            let strategy = strategy.or(options.merge).unwrap_or(Merge::First);
            Ok((
                merge(self.found(root, variables)?, strategy),
                options.convert_to,
            ))
        });
        self.looking_up.pop();
        let (found, convert_to) = found?;
        let Some(mut value) = found else {
            return Ok(None);
        };
        for segment in path.into_iter().flat_map(|path| path.split('.')) {
            let inner = match &value {
                Value::Array(items) => segment
                    .parse::<usize>()
                    .ok()
                    .and_then(|index| items.get(index)),
                other => other.hash_get(&Value::Str(segment.to_string())),
            };
            let Some(inner) = inner else { return Ok(None) };
            value = inner.clone();
        }
        match convert_to {
            Some(type_and_arguments) => convert(value, &type_and_arguments).map(Some),
            None => Ok(Some(value)),
        }
    }

    /// The layers that hold `key`: the global one, the environment's,
    /// then its module's (the last).
    fn layers_of(&mut self, key: &str) -> Result<[Option<&Layer>; 3]> {
        if let Some(error) = &self.broken {
            return Err(error.clone());
        }
        let module = key.split("::").next().unwrap_or_default().to_string();
        if !self.layers.contains_key(&module) {
            let layer = match self.modules.get(&module) {
                Some(dir) => read_layer(dir),
                None => Ok(None),
            };
            self.layers.insert(module.clone(), layer);
        }
        let module_layer = self.layers[&module].as_ref().map_err(Clone::clone)?;
        Ok([
            self.global.as_ref(),
            self.environment.as_ref(),
            module_layer.as_ref(),
        ])
    }

    /// Hiera's global layer, read from `config` (Puppet's `hiera_config`);
    /// an error in it fails every lookup, as in Puppet.
    pub fn set_global(&mut self, config: &Path) {
        match read_config(config) {
            Ok(layer) => self.global = layer,
            Err(error) => {
                self.broken.get_or_insert(error);
            }
        }
    }

    /// The data files of the layers of `key`, highest priority first, each
    /// with whether it belongs to the module's layer.
    fn files(&mut self, key: &str, variables: Variables) -> Result<Vec<(PathBuf, bool)>> {
        let mut files = Vec::new();
        for (index, layer) in self.layers_of(key)?.into_iter().enumerate() {
            let Some(layer) = layer else { continue };
            for level in &layer.levels {
                for (template, line) in &level.paths {
                    let path = interpolate_path(template, variables).map_err(|mut error| {
                        error.at = Some((layer.config.clone(), *line));
                        error
                    })?;
                    files.extend(path.map(|path| (level.datadir.join(path), index == 2)));
                }
            }
        }
        Ok(files)
    }

    fn data(&mut self, file: &Path) -> Option<&Yaml> {
        self.data
            .entry(file.to_path_buf())
            .or_insert_with(|| {
                let text = std::fs::read_to_string(file).ok()?;
                // JSON is YAML, so one loader reads both formats.
                YamlLoader::load_from_str(&text).ok()?.into_iter().next()
            })
            .as_ref()
    }

    /// The values of `key`, highest priority first: the environment's
    /// levels, then the module's.
    fn found(&mut self, key: &str, variables: Variables) -> Result<Vec<Value>> {
        let mut found = Vec::new();
        for (file, _) in self.files(key, variables)? {
            let value = match self.data(&file) {
                Some(Yaml::Hash(entries)) => entries.get(&Yaml::String(key.to_string())).cloned(),
                _ => None,
            };
            if let Some(value) = value {
                found.push(self.value_of(&value, variables)?);
            }
        }
        Ok(found)
    }

    /// The `lookup_options` of `key`: those of every level of its layers,
    /// hash-merged (the highest level's entry for a key wins); the entry
    /// named `key`, else the first pattern (`^app::.*`) that matches it. A
    /// module's options name only its own keys.
    fn options(&mut self, key: &str, variables: Variables) -> Result<Options> {
        let module = key.split("::").next().unwrap_or_default().to_string();
        if !self.options.contains_key(&module) {
            let entries = self.module_options(key, &module, variables)?;
            self.options.insert(module.clone(), entries);
        }
        let entries = &self.options[&module];
        let chosen = entries
            .iter()
            .find(|(name, ..)| name == key)
            .or_else(|| {
                entries
                    .iter()
                    .find(|(_, pattern, _)| pattern.as_ref().is_some_and(|p| p.is_match(key)))
            })
            .map(|(_, _, options)| options.clone());
        let Some(options) = chosen else {
            return Ok(Options::default());
        };
        let merge = Merge::of(&self.value_of(&options["merge"], variables)?);
        let convert_to = match self.value_of(&options["convert_to"], variables)? {
            Value::Undef => None,
            Value::Array(type_and_arguments) => Some(type_and_arguments),
            type_name => Some(vec![type_name]),
        };
        Ok(Options { merge, convert_to })
    }

    /// The `lookup_options` entries that apply to the keys of `module`
    /// (`key` one of them), each with its pattern compiled when it is one.
    fn module_options(
        &mut self,
        key: &str,
        module: &str,
        variables: Variables,
    ) -> Result<OptionEntries> {
        let module_prefix = format!("{module}::");
        let mut entries: OptionEntries = Vec::new();
        for (file, in_module) in self.files(key, variables)? {
            let Some(Yaml::Hash(data)) = self.data(&file) else {
                continue;
            };
            let Some(Yaml::Hash(options)) = data.get(&Yaml::String(LOOKUP_OPTIONS.to_string()))
            else {
                continue;
            };
            for (name, value) in options {
                let Some(name) = name.as_str() else { continue };
                let own = name
                    .strip_prefix('^')
                    .unwrap_or(name)
                    .starts_with(&module_prefix);
                if (in_module && !own) || entries.iter().any(|(seen, ..)| seen == name) {
                    continue;
                }
                let pattern = name
                    .starts_with('^')
                    .then(|| regex::Regex::new(name).ok())
                    .flatten();
                entries.push((name.to_string(), pattern, value.clone()));
            }
        }
        Ok(entries)
    }

    /// A value of the data: strings interpolated.
    fn value_of(&mut self, yaml: &Yaml, variables: Variables) -> Result<Value> {
        Ok(match yaml {
            Yaml::Real(text) => Value::Float(text.parse().unwrap_or(0.0)),
            Yaml::Integer(value) => Value::Integer(*value),
            Yaml::String(text) => self.interpolate(text, variables)?,
            Yaml::Boolean(value) => Value::Bool(*value),
            Yaml::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| self.value_of(item, variables))
                    .collect::<Result<_>>()?,
            ),
            Yaml::Hash(entries) => Value::Hash(
                entries
                    .iter()
                    .map(|(key, value)| {
                        Ok((
                            self.value_of(key, variables)?,
                            self.value_of(value, variables)?,
                        ))
                    })
                    .collect::<Result<_>>()?,
            ),
            _ => Value::Undef,
        })
    }

    /// A data string with its `%{...}` replaced: variables (`%{facts.os.family}`,
    /// `%{::fqdn}`, `%{trusted.certname}`; an unknown one is empty), and the
    /// interpolation functions `lookup`/`hiera` (another key's value as
    /// text), `alias` (another key's value itself, when it is the whole
    /// string), `literal` and `scope`.
    fn interpolate(&mut self, text: &str, variables: Variables) -> Result<Value> {
        if let Some(key) = text
            .strip_prefix("%{")
            .and_then(|rest| rest.strip_suffix('}'))
            .and_then(|call| function_call(call, "alias"))
        {
            return Ok(self.lookup(key, variables)?.unwrap_or(Value::Undef));
        }
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("%{") {
            out.push_str(&rest[..start]);
            let Some(end) = rest[start..].find('}').map(|end| end + start) else {
                break;
            };
            let expression = rest[start + 2..end].trim();
            if let Some(key) =
                function_call(expression, "lookup").or_else(|| function_call(expression, "hiera"))
            {
                let value = self.lookup(key, variables)?.unwrap_or(Value::Undef);
                out.push_str(&value.to_text());
            } else if let Some(literal) = function_call(expression, "literal") {
                out.push_str(literal);
            } else {
                let name = function_call(expression, "scope").unwrap_or(expression);
                out.push_str(&variable(name, variables)?.to_text());
            }
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(Value::Str(out))
    }
}

/// A value made the type `lookup_options`' `convert_to` names (with its
/// arguments), as `Type.new` makes it; types pfacts cannot make are an
/// error, not a value left as it was.
fn convert(value: Value, type_and_arguments: &[Value]) -> Result<Value> {
    let failure = |message: String| HieraError { message, at: None };
    let Some((type_name, arguments)) = type_and_arguments.split_first() else {
        return Ok(value);
    };
    let type_name = type_name.to_text();
    let mut call = vec![value];
    call.extend(arguments.iter().cloned());
    match super::functions::signature::parse_type(&type_name) {
        Ok(ty) => new_value(&ty, &call).map_err(failure),
        Err(_) => Err(failure(format!(
            "lookup_options: pfacts cannot convert a value to {type_name}"
        ))),
    }
}

/// The values found, highest priority first, combined by `strategy`.
fn merge(found: Vec<Value>, strategy: Merge) -> Option<Value> {
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

/// A hierarchy path with its variables replaced; `None` when a hash
/// holds no entry for a dotted name (`%{facts.missing}`: the level has no
/// file for this node).
fn interpolate_path(template: &str, variables: Variables) -> Result<Option<String>> {
    let mut rest = template;
    let mut out = String::new();
    while let Some(start) = rest.find("%{") {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find('}').map(|end| end + start) else {
            break;
        };
        let name = rest[start + 2..end].trim();
        let name = function_call(name, "scope").unwrap_or(name);
        match variable(name, variables) {
            Ok(value) => out.push_str(&value.to_text()),
            Err(error) if !name.contains('.') => return Err(error),
            Err(_) => return Ok(None),
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    Ok(Some(out))
}

/// `name('argument')` or `name("argument")`: the argument.
fn function_call<'t>(expression: &'t str, name: &str) -> Option<&'t str> {
    let argument = expression
        .strip_prefix(name)?
        .trim_start()
        .strip_prefix('(')?
        .strip_suffix(')')?
        .trim();
    argument
        .strip_prefix('\'')
        .and_then(|quoted| quoted.strip_suffix('\''))
        .or_else(|| {
            argument
                .strip_prefix('"')
                .and_then(|quoted| quoted.strip_suffix('"'))
        })
}

/// A top-scope variable, `::` or not, dotted into hashes
/// (`facts.os.family`); a missing entry of a hash is undef, a missing
/// variable an error.
fn variable(name: &str, variables: Variables) -> Result<Value> {
    let mut segments = name.trim_start_matches("::").split('.');
    let root = segments.next().unwrap_or_default();
    let mut value = variables(root).ok_or_else(|| undefined(root))?;
    for segment in segments {
        value = value
            .hash_get(&Value::Str(segment.to_string()))
            .cloned()
            .unwrap_or(Value::Undef);
    }
    Ok(value)
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

/// The `hiera.yaml` of `dir` (none when there is no file).
fn read_layer(dir: &Path) -> Result<Option<Layer>> {
    read_config(&dir.join("hiera.yaml"))
}

/// A `hiera.yaml`, version 5, read as Puppet's `HieraConfigV5` reads it:
/// without `defaults`, the data hash is YAML and the data directory
/// `data`; without `hierarchy`, one level `common.yaml`; a level must have
/// a backend, its own or the defaults'. Each level's data files are in its
/// own `datadir` or the default one; levels of other kinds (`glob`,
/// `mapped_paths`, Ruby backends) have no file pfacts reads.
fn read_config(config_path: &Path) -> Result<Option<Layer>> {
    const BACKENDS: [&str; 3] = ["data_hash", "lookup_key", "data_dig"];
    let dir = config_path.parent().unwrap_or(Path::new("."));
    let Ok(text) = std::fs::read_to_string(config_path) else {
        return Ok(None);
    };
    let failure = |message: String| HieraError {
        message,
        at: Some((config_path.to_path_buf(), 0)),
    };
    let config = YamlLoader::load_from_str(&text)
        .map_err(|e| failure(format!("Unable to parse {}: {e}", config_path.display())))?
        .into_iter()
        .next()
        .unwrap_or(Yaml::Null);
    if config["version"].as_i64() != Some(5) {
        return Err(failure(
            "pfacts reads Hiera configurations of version 5 only".to_string(),
        ));
    }
    let defaults = match &config["defaults"] {
        Yaml::BadValue => {
            let mut defaults = yaml_rust2::yaml::Hash::new();
            for (key, value) in [("datadir", "data"), ("data_hash", "yaml_data")] {
                defaults.insert(
                    Yaml::String(key.to_string()),
                    Yaml::String(value.to_string()),
                );
            }
            Yaml::Hash(defaults)
        }
        given => given.clone(),
    };
    let default_datadir = defaults["datadir"].as_str().unwrap_or("data");
    let common = YamlLoader::load_from_str("[{name: Common, path: common.yaml}]")
        .expect("a YAML literal")
        .remove(0);
    let hierarchy = match &config["hierarchy"] {
        Yaml::BadValue => &common,
        given => given,
    };
    let mut levels = Vec::new();
    for level in hierarchy.as_vec().into_iter().flatten() {
        let own = BACKENDS
            .into_iter()
            .chain(["hiera3_backend"])
            .find(|backend| !level[*backend].is_badvalue());
        let backend = match own {
            Some(backend) => level[backend].as_str(),
            None => match BACKENDS.into_iter().find(|backend| !defaults[*backend].is_badvalue()) {
                Some(backend) => defaults[backend].as_str().filter(|_| backend == "data_hash"),
                None => {
                    return Err(failure(format!(
                        "One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in hierarchy '{}'",
                        level["name"].as_str().unwrap_or_default()
                    )))
                }
            },
        };
        let is_data_hash = own.is_none_or(|backend| backend == "data_hash");
        if !is_data_hash || !matches!(backend, Some("yaml_data" | "json_data")) {
            continue;
        }
        let line_of = |path: &str| {
            text.lines()
                .position(|line| line.contains(path))
                .map_or(0, |index| index as u32 + 1)
        };
        let paths = level["path"]
            .as_str()
            .into_iter()
            .chain(
                level["paths"]
                    .as_vec()
                    .into_iter()
                    .flatten()
                    .filter_map(Yaml::as_str),
            )
            .map(|path| (path.to_string(), line_of(path)))
            .collect();
        let datadir = level["datadir"].as_str().unwrap_or(default_datadir);
        levels.push(Level {
            datadir: dir.join(datadir),
            paths,
        });
    }
    Ok(Some(Layer {
        config: config_path.to_path_buf(),
        levels,
    }))
}
