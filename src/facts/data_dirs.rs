//! Where Hiera reads data: the directories a layer's `hiera.yaml` names
//! (`defaults.datadir`, each level's `datadir`, default `data`), relative
//! to the file. A layer whose configuration pfacts cannot read (version
//! 3, which Puppet ignores there, a `datadir` that interpolates, a file
//! that does not parse), and a file in no layer, keep the usual names:
//! YAML, eyaml or JSON below a `data` or `hieradata` directory.

use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;
use yaml_rust2::Yaml;

use crate::source;

/// The data directories of each layer with a `hiera.yaml`, by the layer's
/// directory.
#[derive(Default)]
pub struct DataDirs {
    /// `None` where the configuration does not say them all.
    layers: FxHashMap<PathBuf, Option<Vec<PathBuf>>>,
    /// Each configuration's bytes as read, so that its facts are taken from
    /// them rather than from a second read.
    configs: FxHashMap<PathBuf, Vec<u8>>,
}

impl DataDirs {
    /// Reads each layer's `hiera.yaml` (at an environment's or module's
    /// root); one that cannot be read leaves its layer to the usual names.
    pub fn read<'p>(configs: impl Iterator<Item = &'p Path>) -> DataDirs {
        let mut data_dirs = DataDirs::default();
        for config in configs {
            let Some(dir) = config.parent() else {
                continue;
            };
            let bytes = std::fs::read(config).ok();
            let named = bytes
                .as_deref()
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .and_then(datadirs)
                .map(|dirs| dirs.iter().map(|datadir| dir.join(datadir)).collect());
            data_dirs.layers.insert(dir.to_path_buf(), named);
            if let Some(bytes) = bytes {
                data_dirs.configs.insert(config.to_path_buf(), bytes);
            }
        }
        data_dirs
    }

    /// The bytes of the layer configuration at `path`, as read first.
    pub fn config(&self, path: &Path) -> Option<&[u8]> {
        self.configs.get(path).map(Vec::as_slice)
    }

    /// Whether the walked file at `path` is Hiera's: a `hiera.yaml`, or a
    /// data file of its layer, the module at `module_root` for a module's
    /// file, else the nearest environment above it.
    pub fn is_hiera_file(&self, path: &Path, module_root: Option<&Path>) -> bool {
        if path.file_name().is_some_and(|name| name == "hiera.yaml") {
            return true;
        }
        if !source::is_data_text(path) {
            return false;
        }
        let layer = match module_root {
            Some(root) => self.layers.get(root),
            None => path
                .ancestors()
                .skip(1)
                .find_map(|dir| self.layers.get(dir)),
        };
        match layer {
            Some(Some(datadirs)) => datadirs.iter().any(|datadir| path.starts_with(datadir)),
            _ => source::is_hiera_file(path),
        }
    }
}

/// The data directories a `hiera.yaml` of version 4 or 5 names, as
/// written; `None` for version 3 (or none), for text that does not parse,
/// and when one interpolates.
fn datadirs(text: &str) -> Option<Vec<String>> {
    let config = crate::yaml::load_first(text).ok()??;
    let version = match &config["version"] {
        Yaml::Integer(version) => *version,
        Yaml::String(version) => version.trim().parse().ok()?,
        _ => return None,
    };
    let default = match version {
        5 => &config["defaults"]["datadir"],
        4 => &config["datadir"],
        _ => return None,
    };
    let default = match default {
        Yaml::BadValue => "data",
        datadir => datadir.as_str()?,
    };
    let mut dirs = vec![default.to_string()];
    for hierarchy in ["hierarchy", "default_hierarchy"] {
        for level in config[hierarchy].as_vec().into_iter().flatten() {
            match &level["datadir"] {
                Yaml::BadValue => {}
                datadir => dirs.push(datadir.as_str()?.to_string()),
            }
        }
    }
    dirs.sort();
    dirs.dedup();
    (!dirs.iter().any(|dir| dir.contains("%{"))).then_some(dirs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datadirs_are_the_defaults_and_the_levels() {
        let config = "version: 5\ndefaults:\n  datadir: hieradata\nhierarchy:\n  - name: a\n    path: a.yaml\n  - name: b\n    datadir: secrets\n    path: b.eyaml\n";
        assert_eq!(datadirs(config).unwrap(), ["hieradata", "secrets"]);
        assert_eq!(datadirs("version: 5\n").unwrap(), ["data"]);
        assert_eq!(datadirs("version: 4\ndatadir: d\n").unwrap(), ["d"]);
        assert_eq!(datadirs("---\n:backends: [yaml]\n"), None);
        assert_eq!(
            datadirs("version: 5\ndefaults:\n  datadir: \"data/%{environment}\"\n"),
            None
        );
    }

    #[test]
    fn a_layer_reads_only_its_data_directories() {
        let dir = tempfile::tempdir().unwrap();
        let module = dir.path().join("web");
        std::fs::create_dir_all(&module).unwrap();
        let config = module.join("hiera.yaml");
        std::fs::write(&config, "version: 5\ndefaults:\n  datadir: settings\n").unwrap();
        let dirs = DataDirs::read(std::iter::once(config.as_path()));
        let in_module = |file: &str| dirs.is_hiera_file(&module.join(file), Some(&module));
        assert!(in_module("settings/common.yaml"));
        assert!(!in_module("data/common.yaml"));
        // A module without configuration keeps the usual names, even below
        // a layer that has one.
        let other = module.join("modules/other");
        assert!(dirs.is_hiera_file(&other.join("data/common.yaml"), Some(&other)));
        assert!(!dirs.is_hiera_file(&other.join("files/common.yaml"), Some(&other)));
        assert!(dirs.is_hiera_file(&module.join("settings/nodes/a.yaml"), None));
    }
}
