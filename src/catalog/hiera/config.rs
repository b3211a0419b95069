//! `hiera.yaml`, version 5, read as Puppet's `HieraConfigV5` reads it: the
//! levels of one layer, each a name and the data files it may read.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use yaml_rust2::Yaml;

use super::{HieraError, Result};

/// One level of a hierarchy (a hierarchy entry): data files in one
/// directory, one format.
#[derive(Clone, Debug)]
pub(super) struct Level {
    pub name: String,
    pub datadir: PathBuf,
    /// Each path with its line in `hiera.yaml`.
    pub paths: Vec<(String, u32)>,
}

/// One `hiera.yaml`: its levels, highest priority first.
#[derive(Clone, Debug)]
pub(super) struct Layer {
    pub config: PathBuf,
    /// Shared, so that a lookup holds them while it reads data.
    pub levels: Rc<[Level]>,
}

/// Which of Hiera's layers a `hiera.yaml` configures: some keys are
/// allowed in one only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Owner {
    Global,
    Environment,
    Module,
}

/// The `hiera.yaml` of `dir` (none when there is no file).
pub(super) fn read_layer(dir: &Path, owner: Owner) -> Result<Option<Layer>> {
    read_config(&dir.join("hiera.yaml"), owner)
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

/// A `hiera.yaml`, version 5, read as Puppet's `HieraConfigV5` reads it:
/// without `defaults`, the data hash is YAML and the data directory
/// `data`; without `hierarchy`, one level `common.yaml`; a level must have
/// a backend, its own or the defaults'. Each level's data files are in its
/// own `datadir` or the default one; levels of other kinds (`glob`,
/// `mapped_paths`, Ruby backends) have no file pfacts reads.
pub(super) fn read_config(config_path: &Path, owner: Owner) -> Result<Option<Layer>> {
    const BACKENDS: [&str; 3] = ["data_hash", "lookup_key", "data_dig"];
    const LOCATIONS: [&str; 7] = [
        "path",
        "paths",
        "glob",
        "globs",
        "uri",
        "uris",
        "mapped_paths",
    ];
    let dir = config_path.parent().unwrap_or(Path::new("."));
    let Ok(text) = std::fs::read_to_string(config_path) else {
        return Ok(None);
    };
    let failure_at = |message: String, line: u32| HieraError {
        message,
        at: Some((config_path.to_path_buf(), line)),
    };
    let failure = |message: String| failure_at(message, 0);
    let config = crate::yaml::load(&text)
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
            key_line(&text, "default_hierarchy"),
        ));
    }
    for level in hierarchy.as_vec().into_iter().flatten() {
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
                key_line(&text, "hiera3_backend"),
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
            name: level["name"].as_str().unwrap_or_default().to_string(),
            datadir: dir.join(datadir),
            paths,
        });
    }
    Ok(Some(Layer {
        config: config_path.to_path_buf(),
        levels: levels.into(),
    }))
}
