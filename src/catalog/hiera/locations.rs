//! The data files of one hierarchy entry for one node, as Puppet's
//! `LocationResolver` finds them: paths interpolated, globs expanded,
//! mapped paths made one per value of a variable.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::config::{Level, Locations};
use super::interpolation::{interpolate_path, variable, Unknown};
use super::{Result, Variables};
use crate::catalog::values::Value;

/// One data file of a level, and the location Puppet explains it by
/// (`Original path`): the template, or for a glob the pattern joined to
/// the data directory and interpolated.
pub(super) struct DataFile {
    pub path: PathBuf,
    pub original: String,
}

/// The files each glob pattern matched: Puppet expands a level's globs
/// once per compilation, not once per lookup.
pub(super) type Globbed = HashMap<PathBuf, Vec<PathBuf>>;

/// The data files `level` names for a node whose top-scope variables are
/// `variables`, in Puppet's order; an unknown variable in a template is
/// what `unknown` makes it, an error at its line of `config`.
pub(super) fn data_files(
    config: &Path,
    level: &Level,
    variables: Variables,
    unknown: &mut Unknown,
    globbed: &mut Globbed,
) -> Result<Vec<DataFile>> {
    let mut interpolated = |template: &str, line: u32, variables: Variables| {
        interpolate_path(template, variables, unknown).map_err(|mut error| {
            error.at = Some((config.to_path_buf(), line));
            error
        })
    };
    // Puppet interpolates the data directory too (`datadir:
    // "hieradata/%{environment}"`), blaming `hiera.yaml` as a whole.
    let datadir = level.datadir.to_string_lossy();
    let Some(datadir) = interpolated(&datadir, 0, variables)? else {
        return Ok(Vec::new());
    };
    let datadir = Path::new(&datadir);
    let mut files = Vec::new();
    match &level.locations {
        Locations::Unset => {}
        Locations::Paths(templates) => {
            for (template, line) in templates {
                if let Some(path) = interpolated(template, *line, variables)? {
                    files.push(DataFile {
                        path: datadir.join(path),
                        original: template.clone(),
                    });
                }
            }
        }
        Locations::Globs(patterns) => {
            for (pattern, line) in patterns {
                if let Some(pattern) = interpolated(pattern, *line, variables)? {
                    let pattern = datadir.join(pattern);
                    let original = pattern.display().to_string();
                    let matched = globbed
                        .entry(pattern)
                        .or_insert_with_key(|pattern| matching_files(pattern));
                    files.extend(matched.iter().map(|path| DataFile {
                        path: path.clone(),
                        original: original.clone(),
                    }));
                }
            }
        }
        Locations::Mapped {
            variable: name,
            key,
            template,
            line,
        } => {
            // An array maps each item, a hash each entry as a pair `[key,
            // value]` (Ruby's `Hash#map`), a string one path; nothing (an
            // unknown variable, an empty array) none.
            let values = match variable(name, variables) {
                Ok(Value::Array(values)) => values,
                Ok(Value::Hash(entries)) => entries
                    .into_iter()
                    .map(|(key, value)| Value::Array(vec![key, value]))
                    .collect(),
                Ok(Value::Undef) | Err(_) => Vec::new(),
                Ok(value) => vec![value],
            };
            for value in values {
                let with_key = |name: &str| {
                    if name == key {
                        Some(value.clone())
                    } else {
                        variables.variable(name)
                    }
                };
                if let Some(path) = interpolated(template, *line, &with_key)? {
                    files.push(DataFile {
                        path: datadir.join(path),
                        original: template.clone(),
                    });
                }
            }
        }
    }
    Ok(files)
}

/// The files (never directories) `pattern` matches as Ruby's
/// `Pathname.glob` matches them: sorted by name, `*` not matching a
/// leading dot, `**/` any depth of directories.
fn matching_files(pattern: &Path) -> Vec<PathBuf> {
    let options = glob::MatchOptions {
        case_sensitive: true,
        require_literal_separator: true,
        require_literal_leading_dot: true,
    };
    let Ok(paths) = glob::glob_with(&pattern.to_string_lossy(), options) else {
        return Vec::new();
    };
    paths.flatten().filter(|path| !path.is_dir()).collect()
}
