//! `hiera.yaml`, version 5, read as Puppet's `HieraConfigV5` reads it: the
//! levels of one layer, each a name and the data files it may read.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use yaml_rust2::Yaml;

use super::{HieraError, Result};
use crate::catalog::values::Value;

/// One level of a hierarchy (a hierarchy entry): data files in one
/// directory, one format.
#[derive(Clone, Debug)]
pub(super) struct Level {
    pub name: String,
    pub datadir: PathBuf,
    pub locations: Locations,
    pub backend: Backend,
    /// The level's `options`, given to a backend function.
    pub options: Vec<(Value, Value)>,
}

/// How a level reads its data files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Backend {
    /// `yaml_data` or `json_data` (JSON is YAML to the loader).
    DataHash,
    /// `eyaml_lookup_key` (hiera-eyaml): YAML whose `ENC[...]` strings
    /// are encrypted.
    Eyaml,
    /// A function the compiler calls (one written in Puppet, or in Ruby
    /// where pfacts runs it).
    Function { kind: FunctionKind, name: String },
}

/// What a backend function is called for, and with what (Puppet's
/// `DataHashFunctionProvider`, `LookupKeyFunctionProvider`,
/// `DataDigFunctionProvider`, `V4DataHashFunctionProvider`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FunctionKind {
    /// `data_hash`: `f(options, context)`, all the keys of a location at
    /// once, their values interpolated.
    DataHash,
    /// `lookup_key`: `f(key, options, context)`, one key at a time, its
    /// value as the function gives it.
    LookupKey,
    /// `data_dig`: `f(segments, options, context)`, a dotted key at once.
    DataDig,
    /// The deprecated `data_provider: function` of `environment.conf` or
    /// `metadata.json`: `environment::data()` or `<module>::data()`, a
    /// hash of every key.
    V4DataHash,
}

impl FunctionKind {
    /// How Puppet names the kind in messages (its `TAG`).
    pub fn tag(self) -> &'static str {
        match self {
            FunctionKind::DataHash => "data_hash",
            FunctionKind::LookupKey => "lookup_key",
            FunctionKind::DataDig => "data_dig",
            FunctionKind::V4DataHash => "v4_data_hash",
        }
    }
}

/// Where a level's data files are, each template with its line in
/// `hiera.yaml` (Puppet's `LocationResolver`).
#[derive(Clone, Debug)]
pub(super) enum Locations {
    /// `path` or `paths`: one file each, which may not exist.
    Paths(Vec<(String, u32)>),
    /// None given: a backend function is called once, without a path.
    Unset,
    /// `glob` or `globs`: the files each pattern matches, in name order.
    Globs(Vec<(String, u32)>),
    /// `mapped_paths: [variable, key, template]`: one file for each value
    /// the variable holds (an array's items, a hash's entries as pairs, a
    /// string), the template interpolated with `key` set to it.
    Mapped {
        variable: String,
        key: String,
        template: String,
        line: u32,
    },
}

/// One `hiera.yaml`: its levels, highest priority first.
#[derive(Clone, Debug)]
pub(super) struct Layer {
    pub config: PathBuf,
    /// Shared, so that a lookup holds them while it reads data.
    pub levels: Rc<[Level]>,
    /// A module's `default_hierarchy`: searched only when no layer has
    /// the key.
    pub default_levels: Option<Rc<[Level]>>,
}

/// Which of Hiera's layers a `hiera.yaml` configures: some keys are
/// allowed in one only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Owner {
    Global,
    Environment,
    Module,
}

/// The layer of an environment's or a module's directory `dir`: its
/// `hiera.yaml`; without one, Hiera's default configuration where the
/// directory's data provider (`environment_data_provider` in
/// `environment.conf`, `data_provider` in `metadata.json`) is `hiera`,
/// else none. A version 3 file there is ignored, with Puppet's warning.
pub(super) fn read_layer(
    dir: &Path,
    owner: Owner,
    strict_error: bool,
    warnings: &mut Vec<String>,
) -> Result<Option<Layer>> {
    let config_path = dir.join("hiera.yaml");
    if config_path.exists() {
        return read_config_warning(&config_path, owner, strict_error, warnings);
    }
    let provider = match owner {
        Owner::Environment => std::fs::read_to_string(dir.join("environment.conf"))
            .ok()
            .and_then(|text| {
                text.lines().find_map(|line| {
                    let (key, value) = line.split_once('=')?;
                    (key.trim() == "environment_data_provider")
                        .then(|| value.trim().trim_matches('"').to_string())
                })
            }),
        Owner::Module => std::fs::read_to_string(dir.join("metadata.json"))
            .ok()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .and_then(|metadata| metadata["data_provider"].as_str().map(str::to_string)),
        Owner::Global => None,
    };
    if provider.as_deref() == Some("function") {
        // `environment::data()`, or the module's `<module>::data()`.
        let name = match owner {
            Owner::Module => format!(
                "{}::data",
                dir.file_name().unwrap_or_default().to_string_lossy()
            ),
            _ => "environment::data".to_string(),
        };
        let level = Level {
            name: name.clone(),
            datadir: dir.to_path_buf(),
            locations: Locations::Unset,
            backend: Backend::Function {
                kind: FunctionKind::V4DataHash,
                name,
            },
            options: Vec::new(),
        };
        return Ok(Some(Layer {
            config: config_path,
            levels: Rc::from(vec![level]),
            default_levels: None,
        }));
    }
    if provider.as_deref() != Some("hiera") {
        return Ok(None);
    }
    let default = crate::yaml::load("version: 5")
        .expect("a YAML literal")
        .remove(0);
    layer_v5(&default, "", &config_path, owner)
}

/// The line of the first line from `from` (0-based) that `pattern`
/// matches (Puppet's `find_line_matching`); 0 for none.
fn line_matching(text: &str, pattern: &regex::Regex, from: usize) -> u32 {
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, line)| pattern.is_match(line))
        .map_or(0, |(index, _)| index as u32 + 1)
}

/// The line of the first line of `text` whose key, after indentation or a
/// list's dash, is `key` (Puppet's `find_line_matching`); 0 for none.
fn key_line(text: &str, key: &str) -> u32 {
    text.lines()
        .position(|line| {
            let line = line.trim_start().trim_start_matches("- ").trim_start();
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map_or(0, |index| index as u32 + 1)
}

/// A `hiera.yaml` as Puppet's `HieraConfig.create` reads it, by its
/// version (none given: 3): 5, or 4 outside the global layer; version 3
/// is Hiera's own configuration, which pfacts reads only as a global one
/// it does not support, and which the other layers ignore (with
/// `warnings`). None when there is no file.
pub(super) fn read_config(config_path: &Path, owner: Owner) -> Result<Option<Layer>> {
    read_config_warning(config_path, owner, false, &mut Vec::new())
}

/// [`read_config`]; a version 3 file outside the global layer is refused
/// under `strict_error` (Puppet's HIERA_VERSION_3_NOT_GLOBAL), else
/// ignored with Puppet's warnings.
fn read_config_warning(
    config_path: &Path,
    owner: Owner,
    strict_error: bool,
    warnings: &mut Vec<String>,
) -> Result<Option<Layer>> {
    let Ok(text) = std::fs::read_to_string(config_path) else {
        return Ok(None);
    };
    let failure = |message: String| HieraError {
        message,
        at: Some((config_path.to_path_buf(), 0)),
        raised: None,
    };
    let config = crate::yaml::load(&text)
        .map_err(|e| failure(format!("Unable to parse {}: {e}", config_path.display())))?
        .into_iter()
        .next()
        .unwrap_or(Yaml::Null);
    // A file that holds no hash is Hiera 3's default configuration.
    let version = match &config {
        Yaml::Hash(_) => match &config["version"] {
            Yaml::BadValue | Yaml::Null => 3,
            Yaml::Integer(version) => *version,
            Yaml::String(text) => text.trim().parse().unwrap_or(0),
            _ => 0,
        },
        _ => 3,
    };
    match (version, owner) {
        (5, _) => layer_v5(&config, &text, config_path, owner),
        (4, Owner::Global) => Err(failure(
            "hiera.yaml version 4 cannot be used in the global layer".to_string(),
        )),
        (4, _) => {
            warnings.push(format!(
                "{}: Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5",
                config_path.display()
            ));
            layer_v4(&config, &text, config_path).map(Some)
        }
        (3, Owner::Global) => Err(failure(
            "pfacts reads Hiera configurations of version 4 and 5 only".to_string(),
        )),
        (3, owner) => {
            warnings.push(format!(
                "{}: Use of 'hiera.yaml' version 3 is deprecated. It should be converted to version 5",
                config_path.display()
            ));
            let (place, location) = match owner {
                Owner::Module => ("module root", "a module"),
                _ => ("the environment root", "an environment"),
            };
            if strict_error {
                return Err(failure(format!(
                    "hiera.yaml version 3 cannot be used in {location}"
                )));
            }
            warnings.push(format!("hiera.yaml version 3 found at {place} was ignored"));
            Ok(None)
        }
        (other, _) => Err(failure(format!(
            "This runtime does not support hiera.yaml version {other}"
        ))),
    }
}

/// A `hiera.yaml` of version 4 (`HieraConfigV4`): a data directory
/// (`data`), and levels of a name, a backend (`yaml` or `json`) and
/// paths (the name by default) to which the backend's extension is added.
fn layer_v4(config: &Yaml, text: &str, config_path: &Path) -> Result<Layer> {
    let dir = config_path.parent().unwrap_or(Path::new("."));
    let failure_at = |message: String, line: u32| HieraError {
        message,
        at: Some((config_path.to_path_buf(), line)),
        raised: None,
    };
    let datadir = config["datadir"].as_str().unwrap_or("data");
    let common = crate::yaml::load("[{name: common, backend: yaml}]")
        .expect("a YAML literal")
        .remove(0);
    let hierarchy = match &config["hierarchy"] {
        Yaml::BadValue | Yaml::Null => &common,
        given => given,
    };
    let mut levels: Vec<Level> = Vec::new();
    for entry in hierarchy.as_vec().into_iter().flatten() {
        let name = entry["name"].as_str().unwrap_or_default();
        if levels.iter().any(|level| level.name == name) {
            let named = regex::Regex::new(&format!(
                r#"\s+name:\s+['"]?{}(?:[^\w]|$)"#,
                regex::escape(name)
            ))
            .expect("a valid pattern");
            let first = line_matching(text, &named, 0);
            let again = line_matching(text, &named, first as usize);
            return Err(failure_at(
                format!(
                    "Hierarchy name '{name}' defined more than once. First defined at (line: {first})"
                ),
                again,
            ));
        }
        let backend = entry["backend"].as_str().unwrap_or_default();
        if !matches!(backend, "yaml" | "json") {
            let named = regex::Regex::new(&format!(r"[^\w]{}(?:[^\w]|$)", regex::escape(backend)))
                .expect("a valid pattern");
            return Err(failure_at(
                format!("No data provider is registered for backend '{backend}'"),
                line_matching(text, &named, 0),
            ));
        }
        let extension = format!(".{backend}");
        let given: Vec<&str> = match entry["paths"].as_vec() {
            Some(paths) => paths.iter().filter_map(Yaml::as_str).collect(),
            None => vec![entry["path"].as_str().unwrap_or(name)],
        };
        let paths = given
            .into_iter()
            .map(|path| {
                let line = text
                    .lines()
                    .position(|line| line.contains(path))
                    .map_or(0, |index| index as u32 + 1);
                if path.ends_with(&extension) {
                    (path.to_string(), line)
                } else {
                    (format!("{path}{extension}"), line)
                }
            })
            .collect();
        levels.push(Level {
            name: name.to_string(),
            datadir: dir.join(entry["datadir"].as_str().unwrap_or(datadir)),
            locations: Locations::Paths(paths),
            backend: Backend::DataHash,
            options: Vec::new(),
        });
    }
    Ok(Layer {
        config: config_path.to_path_buf(),
        levels: levels.into(),
        default_levels: None,
    })
}

/// A `hiera.yaml`, version 5, read as Puppet's `HieraConfigV5` reads it:
/// without `defaults`, the data hash is YAML and the data directory
/// `data`; without `hierarchy`, one level `common.yaml`; a level must have
/// a backend, its own or the defaults'. Each level's data files are in its
/// own `datadir` or the default one; levels of other backends (`uri`s,
/// other Ruby functions) have no file pfacts reads.
fn layer_v5(config: &Yaml, text: &str, config_path: &Path, owner: Owner) -> Result<Option<Layer>> {
    const LOCATIONS: [&str; 7] = [
        "path",
        "paths",
        "glob",
        "globs",
        "uri",
        "uris",
        "mapped_paths",
    ];
    let failure_at = |message: String, line: u32| HieraError {
        message,
        at: Some((config_path.to_path_buf(), line)),
        raised: None,
    };
    let failure = |message: String| failure_at(message, 0);
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
    let common = crate::yaml::load("[{name: Common, path: common.yaml}]")
        .expect("a YAML literal")
        .remove(0);
    let hierarchy = match &config["hierarchy"] {
        Yaml::BadValue => &common,
        given => given,
    };
    // Puppet's HieraConfigV5#validate_config.
    if !config["default_hierarchy"].is_badvalue() && owner != Owner::Module {
        return Err(failure_at(
            "'default_hierarchy' is only allowed in the module layer".to_string(),
            key_line(text, "default_hierarchy"),
        ));
    }
    let default_hierarchy = &config["default_hierarchy"];
    let every_level = hierarchy
        .as_vec()
        .into_iter()
        .chain(default_hierarchy.as_vec())
        .flatten();
    for level in every_level {
        let name = level["name"].as_str().unwrap_or_default();
        let given = |keys: &[&str]| {
            keys.iter()
                .filter(|key| !level[**key].is_badvalue())
                .count()
        };
        if given(&[
            "data_hash",
            "lookup_key",
            "data_dig",
            "hiera3_backend",
            "v3_data_hash",
        ]) > 1
        {
            return Err(failure(format!(
                "Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in hierarchy '{name}'"
            )));
        }
        if !level["hiera3_backend"].is_badvalue() && owner != Owner::Global {
            return Err(failure_at(
                "'hiera3_backend' is only allowed in the global layer".to_string(),
                key_line(text, "hiera3_backend"),
            ));
        }
        if given(&LOCATIONS) > 1 {
            return Err(failure(format!(
                "Only one of path, paths, glob, globs, uri, uris, or mapped_paths can be defined in hierarchy '{name}'"
            )));
        }
        for reserved in ["path", "uri"] {
            if !level["options"][reserved].is_badvalue() {
                return Err(failure(format!(
                    "Option key '{reserved}' used in hierarchy '{name}' is reserved by Puppet"
                )));
            }
        }
    }
    let levels = |hierarchy: &Yaml| -> Result<Rc<[Level]>> {
        let mut levels = Vec::new();
        for level in hierarchy.as_vec().into_iter().flatten() {
            if let Some(level) = data_file_level(level, &defaults, text, config_path)? {
                levels.push(level);
            }
        }
        Ok(levels.into())
    };
    Ok(Some(Layer {
        config: config_path.to_path_buf(),
        levels: levels(hierarchy)?,
        default_levels: match default_hierarchy {
            Yaml::BadValue => None,
            given => Some(levels(given)?),
        },
    }))
}

/// A hierarchy entry whose backend reads YAML or JSON files (`yaml_data`,
/// `json_data`, its own or the defaults', or `eyaml_lookup_key`); `None`
/// for other backends.
fn data_file_level(
    level: &Yaml,
    defaults: &Yaml,
    text: &str,
    config_path: &Path,
) -> Result<Option<Level>> {
    let dir = config_path.parent().unwrap_or(Path::new("."));
    const BACKENDS: [&str; 3] = ["data_hash", "lookup_key", "data_dig"];
    let own = BACKENDS
        .into_iter()
        .chain(["hiera3_backend"])
        .find(|backend| !level[*backend].is_badvalue());
    // The level's own backend, else the defaults' (Puppet's FUNCTION_KEYS).
    let (kind, function) = match own {
        Some(kind) => (kind, level[kind].as_str()),
        None => match BACKENDS
            .into_iter()
            .find(|kind| !defaults[*kind].is_badvalue())
        {
            Some(kind) => (kind, defaults[kind].as_str()),
            None => {
                return Err(HieraError {
                    message: format!(
                        "One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in hierarchy '{}'",
                        level["name"].as_str().unwrap_or_default()
                    ),
                    at: Some((config_path.to_path_buf(), 0)),
                    raised: None,
                })
            }
        },
    };
    let backend = match (kind, function) {
        ("data_hash", Some("yaml_data" | "json_data")) => Backend::DataHash,
        ("lookup_key", Some("eyaml_lookup_key")) => Backend::Eyaml,
        ("data_hash" | "lookup_key" | "data_dig", Some(name)) => Backend::Function {
            kind: match kind {
                "data_hash" => FunctionKind::DataHash,
                "lookup_key" => FunctionKind::LookupKey,
                _ => FunctionKind::DataDig,
            },
            name: name.to_string(),
        },
        _ => return Ok(None),
    };
    let line_of = |path: &str| {
        text.lines()
            .position(|line| line.contains(path))
            .map_or(0, |index| index as u32 + 1)
    };
    // One string, or a list of them.
    let templates = |one: &str, many: &str| -> Vec<(String, u32)> {
        level[one]
            .as_str()
            .into_iter()
            .chain(
                level[many]
                    .as_vec()
                    .into_iter()
                    .flatten()
                    .filter_map(Yaml::as_str),
            )
            .map(|path| (path.to_string(), line_of(path)))
            .collect()
    };
    let locations = match level["mapped_paths"].as_vec().map(Vec::as_slice) {
        Some([variable, key, template]) => {
            let text = |yaml: &Yaml| yaml.as_str().unwrap_or_default().to_string();
            Locations::Mapped {
                variable: text(variable),
                key: text(key),
                template: text(template),
                line: line_of("mapped_paths"),
            }
        }
        _ if !level["glob"].is_badvalue() || !level["globs"].is_badvalue() => {
            Locations::Globs(templates("glob", "globs"))
        }
        _ if level["path"].is_badvalue() && level["paths"].is_badvalue() => Locations::Unset,
        _ => Locations::Paths(templates("path", "paths")),
    };
    let default_datadir = defaults["datadir"].as_str().unwrap_or("data");
    let datadir = level["datadir"].as_str().unwrap_or(default_datadir);
    Ok(Some(Level {
        name: level["name"].as_str().unwrap_or_default().to_string(),
        datadir: dir.join(datadir),
        locations,
        backend,
        options: match Value::from_yaml(&level["options"]) {
            Value::Hash(entries) => entries,
            _ => Vec::new(),
        },
    }))
}
