//! Levels whose backend is a function (`data_hash`, `lookup_key` or
//! `data_dig` naming one that is not Hiera's YAML, JSON or eyaml reader,
//! and the deprecated `data_provider: function`), searched as Puppet's
//! function providers search them: the function is called through the
//! compiler with the level's options (and the location's `path`) and a
//! `Puppet::LookupContext`, whose cache is kept for each level and
//! location for the whole compilation (Puppet's `FunctionContext`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::config::{FunctionKind, Level};
use super::explain::{Explanation, Node};
use super::key::split;
use super::locations::DataFile;
use super::{failure, Hiera, Result, Variables};
use crate::catalog::values::types::data_type::{generalized, infer};
use crate::catalog::values::types::object::lookup_context::{new_context, LookupCache};
use crate::catalog::values::Value;

/// A level's function, and whose layer it is in.
pub(super) struct Call<'c> {
    pub config: &'c Path,
    pub level: &'c Level,
    pub kind: FunctionKind,
    pub function: &'c str,
    /// The module of a module's layer: its context's `module_name`.
    pub module: Option<&'c str>,
}

/// What one level and location keep between lookups.
#[derive(Default)]
pub(super) struct FunctionContext {
    cache: Rc<LookupCache>,
    /// A `data_hash` function's hash, once called.
    data_hash: Option<Vec<(Value, Value)>>,
    /// The values a `lookup_key` or `data_dig` function gave, by key.
    found: HashMap<String, Value>,
}

/// The contexts by hiera.yaml, level name and location.
pub(super) type FunctionContexts = HashMap<(PathBuf, String, Option<PathBuf>), FunctionContext>;

impl Hiera {
    /// One location of a function's level (`None`: the level has none).
    pub(super) fn search_function(
        &mut self,
        call: &Call,
        location: Option<&DataFile>,
        key: &str,
        variables: Variables,
    ) -> Result<Option<Value>> {
        match location {
            Some(file) => {
                let node = || Node::Path {
                    path: file.path.clone(),
                    original: file.original.clone(),
                };
                self.within(node, |hiera| {
                    if !file.path.exists() {
                        hiera.explain_with(Explanation::path_not_found);
                        return Ok(None);
                    }
                    hiera.call_function(call, Some(&file.path), key, variables)
                })
            }
            None => self.call_function(call, None, key, variables),
        }
    }

    fn call_function(
        &mut self,
        call: &Call,
        path: Option<&Path>,
        key: &str,
        variables: Variables,
    ) -> Result<Option<Value>> {
        let id = (
            call.config.to_path_buf(),
            call.level.name.clone(),
            path.map(Path::to_path_buf),
        );
        let context = self.contexts.entry(id.clone()).or_default();
        let cache = Rc::clone(&context.cache);
        let data_hash = context.data_hash.clone();
        let known = context.found.get(key).cloned();
        let mut options = call.level.options.clone();
        if let Some(path) = path {
            let path = Value::string(path.to_string_lossy());
            match options
                .iter_mut()
                .find(|(name, _)| name.to_text() == "path")
            {
                Some((_, value)) => *value = path,
                None => options.push((Value::string("path"), path)),
            }
        }
        let context_value = new_context(cache, &variables.environment_name(), call.module);
        let found = match call.kind {
            FunctionKind::DataHash | FunctionKind::V4DataHash => {
                let hash = match data_hash {
                    Some(hash) => hash,
                    None => {
                        let args = match call.kind {
                            FunctionKind::V4DataHash => Vec::new(),
                            _ => vec![Value::Hash(options), context_value],
                        };
                        let returned =
                            variables.call_backend(self, call.kind.tag(), call.function, args)?;
                        let hash = match returned {
                            Some(Value::Hash(entries)) => entries,
                            other => {
                                let got = other.unwrap_or(Value::Undef);
                                let location = path.map_or(String::new(), |path| {
                                    format!(", when using location '{}',", path.display())
                                });
                                return Err(failure(format!(
                                    "Value returned from {} function '{}'{location} has wrong type, expects a Hash value, got {}",
                                    call.kind.tag(),
                                    call.function,
                                    generalized(&infer(&got))
                                )));
                            }
                        };
                        self.contexts.entry(id).or_default().data_hash = Some(hash.clone());
                        hash
                    }
                };
                match Value::entry(&hash, key) {
                    Some(value) => Some(self.interpolate_value(value, variables)?),
                    None => None,
                }
            }
            FunctionKind::LookupKey | FunctionKind::DataDig => {
                if let Some(value) = known {
                    self.explain_with(|explanation| explanation.found(key, &value));
                    return Ok(Some(value));
                }
                let key_value = match call.kind {
                    FunctionKind::DataDig => Value::Array(
                        split(key)
                            .unwrap_or_default()
                            .iter()
                            .map(|segment| Value::string(segment.text()))
                            .collect(),
                    ),
                    _ => Value::string(key),
                };
                let args = vec![key_value, Value::Hash(options), context_value];
                let found = variables.call_backend(self, call.kind.tag(), call.function, args)?;
                if let Some(value) = &found {
                    let context = self.contexts.entry(id).or_default();
                    context.found.insert(key.to_string(), value.clone());
                }
                found
            }
        };
        match &found {
            Some(value) => self.explain_with(|explanation| explanation.found(key, value)),
            None => self.explain_with(|explanation| explanation.not_found(key)),
        }
        Ok(found)
    }

    /// A value with the `%{...}` of its strings replaced (keys too), as
    /// Puppet interpolates what a `data_hash` function gives and what a
    /// lookup context's `interpolate` is given.
    pub fn interpolate_value(&mut self, value: &Value, variables: Variables) -> Result<Value> {
        Ok(match value {
            Value::Str(text) if text.contains("%{") => self.within(
                || Node::Interpolation(text.clone()),
                |hiera| hiera.interpolate(text, variables),
            )?,
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| self.interpolate_value(item, variables))
                    .collect::<Result<_>>()?,
            ),
            Value::Hash(entries) => Value::Hash(
                entries
                    .iter()
                    .map(|(key, value)| {
                        Ok((
                            self.interpolate_value(key, variables)?,
                            self.interpolate_value(value, variables)?,
                        ))
                    })
                    .collect::<Result<_>>()?,
            ),
            other => other.clone(),
        })
    }
}
