//! Hiera 5 lookups: the global layer (when given), the environment's, then
//! the module's, each a `hiera.yaml` (version 5) hierarchy of YAML or JSON
//! data files whose paths are interpolated from the node's top-scope
//! variables (facts, `$trusted`). The first value found wins, unless a
//! merge strategy (`unique`, `hash`, `deep`), given to `lookup()` or found
//! in the data's `lookup_options`, combines them all.
//!
//! The search follows Puppet's (`LookupAdapter`, `ConfiguredDataProvider`,
//! `DataHashFunctionProvider`): providers, then hierarchy entries, then
//! their paths, each set of variants merged by the strategy, so that it
//! can be explained as `puppet lookup --explain` explains it
//! ([`explain`]).

mod config;
mod default_hierarchy;
pub mod explain;
mod eyaml;
mod functions;
mod interpolation;
mod key;
mod locations;
mod merge;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use yaml_rust2::Yaml;

use self::config::{read_config, read_layer, Backend, Layer, Level, Locations, Owner};
use self::explain::{Explanation, Node};
use self::interpolation::Unknown;
use self::key::{segment_of, LookupKey, Segment};
use self::locations::{data_files, DataFile, Globbed};
use self::merge::merge;
pub use self::merge::Merge;
use super::values::types::data_type::new_value;
use super::values::Value;

/// What Hiera asks of the compilation it serves.
pub trait Host {
    /// A top-scope variable of the node, for interpolation.
    fn variable(&self, name: &str) -> Option<Value>;
    /// The environment's name, as a lookup context gives it.
    fn environment_name(&self) -> String;
    /// Calls a backend function of `kind` (`data_hash`, `lookup_key`,
    /// ..., as Puppet's messages name it) with `args`; `Ok(None)` when it
    /// found nothing (its context's `not_found`). Hiera is handed over for
    /// the time of the call: the function may look keys up itself.
    fn call_backend(
        &self,
        hiera: &mut Hiera,
        kind: &str,
        function: &str,
        args: Vec<Value>,
    ) -> Result<Option<Value>>;
}

/// Variables alone: no backend function is run (their levels find
/// nothing), as for `pfacts lookup`.
impl<F: Fn(&str) -> Option<Value>> Host for F {
    fn variable(&self, name: &str) -> Option<Value> {
        self(name)
    }

    fn environment_name(&self) -> String {
        "production".to_string()
    }

    fn call_backend(
        &self,
        _: &mut Hiera,
        _: &str,
        _: &str,
        _: Vec<Value>,
    ) -> Result<Option<Value>> {
        Ok(None)
    }
}

/// The compilation a lookup serves.
pub type Variables<'v> = &'v dyn Host;

/// The key whose options the data may set, reserved: never found as data.
const LOOKUP_OPTIONS: &str = "lookup_options";

/// How Puppet names the version of the configurations pfacts reads.
const VERSION_5: &str = "(hiera configuration version 5)";

/// `Default`: an empty Hiera, which the compiler holds while its own serves
/// a lookup.
#[derive(Default)]
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
    /// Each data file read: `None` when there is no such file, the error
    /// when it does not parse.
    data: HashMap<PathBuf, Option<std::result::Result<Yaml, String>>>,
    /// The keys being looked up, innermost last: an interpolation that
    /// looks one up again is a cycle, Puppet's error.
    looking_up: Vec<String>,
    /// The `lookup_options` of the global and the environment's layers,
    /// merged, once read.
    environment_options: Option<Option<Value>>,
    /// The `lookup_options` that apply to each module's keys (`""`: the
    /// unqualified keys), read once per module as Puppet reads them.
    options: HashMap<String, OptionEntries>,
    /// The `lookup_options` of each module's `default_hierarchy`, read
    /// once per module.
    default_options: HashMap<String, OptionEntries>,
    /// What the lookups searched, when they are to be explained.
    explanation: Option<Explanation>,
    /// The overrides and defaults of the `lookup()` being run.
    invocation: Invocation,
    /// Puppet's `strict_variables` and `strict` settings.
    strictness: Strictness,
    /// Warnings not yet taken ([`Hiera::take_warnings`]).
    warnings: Vec<String>,
    /// The files of each glob pattern, matched once.
    globbed: Globbed,
    /// What each backend function's level and location keep.
    contexts: functions::FunctionContexts,
}

/// The `override` and `default_values_hash` given to the `lookup()` being
/// run: Puppet consults them for its keys, and for every key and variable
/// its data interpolates on the way (`Lookup::Invocation`).
#[derive(Clone, Debug, Default)]
pub struct Invocation {
    pub overrides: Vec<(Value, Value)>,
    pub defaults: Vec<(Value, Value)>,
}

impl Invocation {
    fn value_in<'v>(entries: &'v [(Value, Value)], name: &str) -> Option<&'v Value> {
        entries
            .iter()
            .find(|(key, _)| matches!(key, Value::Str(key) if key == name))
            .map(|(_, value)| value)
    }

    fn override_of(&self, name: &str) -> Option<&Value> {
        Invocation::value_in(&self.overrides, name)
    }

    fn default_of(&self, name: &str) -> Option<&Value> {
        Invocation::value_in(&self.defaults, name)
    }
}

/// What stops a lookup: an unknown variable in the data or in a
/// hierarchy path, as Puppet (with `strict_variables`) refuses it.
#[derive(Clone, Debug)]
pub struct HieraError {
    pub message: String,
    /// The `hiera.yaml` and line of a hierarchy path; none for data,
    /// which Puppet blames on the lookup.
    pub at: Option<(PathBuf, u32)>,
    /// An error of the code a backend function ran, passed on as it is.
    pub raised: Option<std::rc::Rc<crate::catalog::EvalError>>,
}

type Result<T> = std::result::Result<T, HieraError>;

fn undefined(name: &str) -> HieraError {
    HieraError {
        message: format!("Undefined variable '{}'", name.trim_start_matches("::")),
        at: None,
        raised: None,
    }
}

fn failure(message: String) -> HieraError {
    HieraError {
        message,
        at: None,
        raised: None,
    }
}

/// The `lookup_options` of a module's keys: name or pattern, the pattern
/// compiled, and the options.
type OptionEntries = Vec<(String, Option<regex::Regex>, Value)>;

/// The `lookup_options` of one key: how its values merge.
#[derive(Clone, Debug, Default)]
struct Options {
    merge: Option<Merge>,
    /// What the `merge` hash says beyond its strategy.
    merge_options: Option<Value>,
    /// `convert_to`: the type (and its arguments) the value is made.
    convert_to: Option<Vec<Value>>,
}

/// The layers Puppet searches, in its order.
#[derive(Clone, Copy, Debug)]
enum Provider {
    Global,
    Environment,
    Module,
    /// A module's `default_hierarchy`.
    ModuleDefaults,
}

/// What a provider is asked: the values of `key` (a root key) for the
/// key `asked` (dotted, maybe), whose module is `module`.
#[derive(Clone, Copy)]
struct Request<'k> {
    asked: &'k str,
    key: &'k str,
    module: Option<&'k str>,
}

impl Request<'_> {
    /// The `lookup_options` of a module's keys (or the unqualified ones).
    fn options(module: Option<&str>) -> Request<'_> {
        Request {
            asked: LOOKUP_OPTIONS,
            key: LOOKUP_OPTIONS,
            module,
        }
    }
}

/// A merge as one lookup applies it at every level: the strategy and the
/// options given with it (which an explanation shows).
#[derive(Clone, Debug)]
struct Strategy {
    merge: Merge,
    options: Option<Value>,
}

impl Strategy {
    fn of(merge: Merge) -> Strategy {
        Strategy {
            merge,
            options: None,
        }
    }

    /// A merge as `lookup()` or `lookup_options` give it: a strategy's
    /// name, or a hash of it (`strategy`) and its options.
    fn given(merge: &Value) -> Option<Strategy> {
        Some(Strategy {
            merge: Merge::of(merge)?,
            options: merge_options(merge),
        })
    }
}

/// What a merge hash gives beyond its `strategy`; `None` when nothing.
fn merge_options(merge: &Value) -> Option<Value> {
    let Value::Hash(entries) = merge else {
        return None;
    };
    let rest: Vec<(Value, Value)> = entries
        .iter()
        .filter(|(name, _)| name.to_text() != "strategy")
        .cloned()
        .collect();
    (!rest.is_empty()).then_some(Value::Hash(rest))
}

/// What Puppet's settings make of Hiera's doubtful cases (the default is
/// Puppet 7's).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Strictness {
    /// `strict_variables`: an unknown variable fails the lookup (else it
    /// is empty, with a warning).
    pub variables: bool,
    /// `strict=error`: a `hiera.yaml` of version 3 in an environment or a
    /// module, and a data file that holds no hash, fail the lookups that
    /// read them (else they are ignored, with a warning).
    pub error: bool,
}

impl Hiera {
    /// `environment`: the environment's directory; `modulepath`: where the
    /// modules are.
    pub fn new(environment: &Path, modulepath: &[PathBuf], strictness: Strictness) -> Hiera {
        let mut modules = HashMap::new();
        for dir in modulepath.iter().rev() {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().to_string();
                modules.insert(name, entry.path());
            }
        }
        let mut warnings = Vec::new();
        let (environment, broken) = match read_layer(
            environment,
            Owner::Environment,
            strictness.error,
            &mut warnings,
        ) {
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
            environment_options: None,
            options: HashMap::new(),
            default_options: HashMap::new(),
            explanation: None,
            invocation: Invocation::default(),
            strictness,
            warnings,
            globbed: Globbed::new(),
            contexts: functions::FunctionContexts::default(),
        }
    }

    /// Forgets the module `name`, which the environment leaves out: its
    /// data binds nothing.
    pub fn leave_out_module(&mut self, name: &str) {
        self.modules.remove(name);
    }

    /// The warnings of the lookups so far (unknown variables, when
    /// `strict_variables` is off), each once.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Hiera's global layer, read from `config` (Puppet's `hiera_config`);
    /// an error in it fails every lookup, as in Puppet.
    pub fn set_global(&mut self, config: &Path) {
        match read_config(config, Owner::Global) {
            Ok(layer) => self.global = layer,
            Err(error) => {
                self.broken.get_or_insert(error);
            }
        }
    }

    /// The value of `key` (`ntp::servers`) for a node whose top-scope
    /// variables are `variables`, merged as the key's `lookup_options` say
    /// (the first found when they say nothing). `Some(Undef)` is a value
    /// the data sets to `~`. A dotted key (`app::settings.log.level`) digs
    /// into the value of its root.
    pub fn lookup(&mut self, key: &str, variables: Variables) -> Result<Option<Value>> {
        self.lookup_key(key, variables, None)
    }

    /// A lookup as `lookup()` makes it: merged as `merge` says (a
    /// strategy's name, or a hash of it and its options), with overrides
    /// and defaults, which the keys and variables its data interpolates
    /// consult too.
    pub fn lookup_invoked(
        &mut self,
        key: &str,
        variables: Variables,
        merge: Option<&Value>,
        invocation: Invocation,
    ) -> Result<Option<Value>> {
        let outer = std::mem::replace(&mut self.invocation, invocation);
        let found = self.lookup_key(key, variables, merge.and_then(Strategy::given));
        self.invocation = outer;
        found
    }

    /// A lookup as `puppet lookup --explain KEY [--merge STRATEGY]` runs
    /// it: its value, and the explanation Puppet prints (which ends with
    /// Puppet's error when nothing is found). `merge_options`: what is
    /// given with the strategy (`--merge deep` gives Puppet's two array
    /// options).
    pub fn explain(
        &mut self,
        key: &str,
        variables: Variables,
        strategy: Option<Merge>,
        merge_options: Option<Value>,
    ) -> (Result<Option<Value>>, Explanation) {
        self.explanation = Some(Explanation::default());
        let strategy = strategy.map(|merge| Strategy {
            merge,
            options: merge_options,
        });
        let outcome = self.lookup_key(key, variables, strategy);
        let mut explanation = self.explanation.take().unwrap_or_default();
        match &outcome {
            Ok(Some(_)) => {}
            Ok(None) => explanation.text(format!(
                "Function lookup() did not find a value for the name '{key}'"
            )),
            Err(error) => explanation.text(error.message.clone()),
        }
        (outcome, explanation)
    }

    fn lookup_key(
        &mut self,
        key: &str,
        variables: Variables,
        strategy: Option<Strategy>,
    ) -> Result<Option<Value>> {
        let key = key.trim_start_matches("::");
        let parsed = LookupKey::parse(key)?;
        let root = parsed.root.as_str();
        if root == LOOKUP_OPTIONS {
            return Ok(None);
        }
        if self.looking_up.iter().any(|open| open == root) {
            // Puppet's `Invocation#check`, reported for the outermost key.
            return Err(failure(format!(
                "Lookup of key '{}' failed: Recursive lookup detected in [{}]",
                self.looking_up[0],
                self.looking_up.join(", ")
            )));
        }
        self.looking_up.push(root.to_string());
        let found = self.lookup_root(key, root, &parsed.segments, variables, strategy);
        self.looking_up.pop();
        found
    }

    /// Puppet's `LookupAdapter#lookup`: the key's options, then the
    /// search, then the sub key dug and the value converted.
    fn lookup_root(
        &mut self,
        key: &str,
        root: &str,
        path: &[Segment],
        variables: Variables,
        strategy: Option<Strategy>,
    ) -> Result<Option<Value>> {
        let options = self.options(root, variables)?;
        let strategy = match (strategy, options.merge) {
            (Some(given), _) => given,
            (None, Some(merge)) => {
                self.explain_leaf(|| Node::MergeSource);
                Strategy {
                    merge,
                    options: options.merge_options,
                }
            }
            (None, None) => Strategy::of(Merge::First),
        };
        let found = self.within(
            || Node::Search(key.to_string()),
            |hiera| match hiera.search(key, root, variables, &strategy)? {
                Some(value) => hiera.dig(value, key, path),
                None => match hiera.search_default_hierarchy(key, root, variables)? {
                    Some(value) => hiera.dig(value, key, path),
                    None => Ok(None),
                },
            },
        )?;
        let (Some(value), Some(type_and_arguments)) = (&found, &options.convert_to) else {
            return Ok(found);
        };
        let converted = convert(value.clone(), type_and_arguments)?;
        self.explain_with(|explanation| {
            explanation.text(format!(
                "Applying convert_to lookup_option with arguments {}",
                describe_conversion(type_and_arguments)
            ))
        });
        Ok(Some(converted))
    }

    /// The global layer, the environment's and the key's module's, merged:
    /// the values of `key`, the root of the key `asked`.
    fn search(
        &mut self,
        asked: &str,
        key: &str,
        variables: Variables,
        strategy: &Strategy,
    ) -> Result<Option<Value>> {
        if let Some(error) = &self.broken {
            return Err(error.clone());
        }
        let module = key.split_once("::").map(|(module, _)| module.to_string());
        let providers = [Provider::Global, Provider::Environment, Provider::Module];
        self.merge_variants(strategy, &providers, |hiera, provider| {
            let request = Request {
                asked,
                key,
                module: module.as_deref(),
            };
            hiera.search_provider(*provider, request, variables, strategy)
        })
    }

    /// Puppet's `MergeStrategy#lookup`: the first variant that finds the
    /// key, or (other strategies) all that do, merged; explained as a
    /// merge when there are several.
    fn merge_variants<T>(
        &mut self,
        strategy: &Strategy,
        variants: &[T],
        mut each: impl FnMut(&mut Hiera, &T) -> Result<Option<Value>>,
    ) -> Result<Option<Value>> {
        if strategy.merge == Merge::First {
            for variant in variants {
                if let Some(value) = each(self, variant)? {
                    return Ok(Some(value));
                }
            }
            return Ok(None);
        }
        if let [only] = variants {
            return Ok(each(self, only)?
                .and_then(|value| merge(vec![value], strategy.merge, strategy.options.as_ref())));
        }
        let node = || Node::Merge {
            strategy: strategy.merge,
            options: strategy.options.clone(),
        };
        self.within(node, |hiera| {
            let mut found = Vec::new();
            for variant in variants {
                found.extend(each(hiera, variant)?);
            }
            let merged = merge(found, strategy.merge, strategy.options.as_ref());
            if let Some(merged) = &merged {
                hiera.explain_with(|explanation| explanation.result(merged));
            }
            Ok(merged)
        })
    }

    /// One provider's hierarchy: nothing when the environment has no
    /// `hiera.yaml` or the key no module; explained as missing when its
    /// module is.
    fn search_provider(
        &mut self,
        provider: Provider,
        Request { asked, key, module }: Request,
        variables: Variables,
        strategy: &Strategy,
    ) -> Result<Option<Value>> {
        let (name, layer) = match provider {
            Provider::Global => (
                format!("Global Data Provider {VERSION_5}"),
                self.global.clone(),
            ),
            Provider::Environment => match &self.environment {
                Some(layer) => (
                    format!("Environment Data Provider {VERSION_5}"),
                    Some(layer.clone()),
                ),
                None => return Ok(None),
            },
            Provider::ModuleDefaults => {
                let Some(module) = module else {
                    return Ok(None);
                };
                let layer = self.module_layer(module)?.and_then(|layer| {
                    let levels = layer.default_levels.clone()?;
                    Some(Layer { levels, ..layer })
                });
                (
                    format!("Module \"{module}\" Data Provider {VERSION_5}"),
                    layer,
                )
            }
            Provider::Module => {
                let Some(module) = module else {
                    return Ok(None);
                };
                match self.module_layer(module)? {
                    Some(layer) => (
                        format!("Module \"{module}\" Data Provider {VERSION_5}"),
                        Some(layer),
                    ),
                    None => {
                        let has_directory = self.modules.contains_key(module);
                        self.explain_leaf(|| Node::ModuleMissing {
                            module: module.to_string(),
                            has_directory,
                        });
                        return Ok(None);
                    }
                }
            }
        };
        let config = layer.as_ref().map(|layer| layer.config.clone());
        let node = || Node::Provider { name, config };
        self.within(node, |hiera| {
            let Some(layer) = layer.filter(|layer| !layer.levels.is_empty()) else {
                hiera.explain_with(|explanation| explanation.not_found(asked));
                return Ok(None);
            };
            hiera.merge_variants(strategy, &layer.levels, |hiera, level| {
                let owner = match provider {
                    Provider::Module | Provider::ModuleDefaults => module,
                    Provider::Global | Provider::Environment => None,
                };
                hiera.search_level(&layer.config, level, key, owner, variables, strategy)
            })
        })
    }

    /// A module's layer (none without a `hiera.yaml`), read once.
    fn module_layer(&mut self, module: &str) -> Result<Option<Layer>> {
        if !self.layers.contains_key(module) {
            let layer = match self.modules.get(module) {
                Some(dir) => read_layer(
                    dir,
                    Owner::Module,
                    self.strictness.error,
                    &mut self.warnings,
                ),
                None => Ok(None),
            };
            self.layers.insert(module.to_string(), layer);
        }
        self.layers[module].clone()
    }

    /// One hierarchy entry: its data files for the node, or the calls of
    /// its backend function. `module`: the module whose layer it is.
    fn search_level(
        &mut self,
        config: &Path,
        level: &Level,
        key: &str,
        module: Option<&str>,
        variables: Variables,
        strategy: &Strategy,
    ) -> Result<Option<Value>> {
        let node = || Node::Provider {
            name: format!("Hierarchy entry \"{}\"", level.name),
            config: None,
        };
        self.within(node, |hiera| {
            let mut unknown = Unknown {
                strict: hiera.strictness.variables,
                warnings: &mut hiera.warnings,
            };
            let files = data_files(config, level, variables, &mut unknown, &mut hiera.globbed)?;
            if let Backend::Function { kind, name } = &level.backend {
                let locations: Vec<Option<DataFile>> = match level.locations {
                    Locations::Unset => vec![None],
                    _ => files.into_iter().map(Some).collect(),
                };
                let call = functions::Call {
                    config,
                    level,
                    kind: *kind,
                    function: name,
                    module,
                };
                return hiera.merge_variants(strategy, &locations, |hiera, location| {
                    hiera.search_function(&call, location.as_ref(), key, variables)
                });
            }
            hiera.merge_variants(strategy, &files, |hiera, file| {
                hiera.search_path(file, &level.backend, key, variables)
            })
        })
    }

    /// One data file: the key's value in it, interpolated (and, read by
    /// eyaml, its encrypted strings marked).
    fn search_path(
        &mut self,
        file: &DataFile,
        backend: &Backend,
        key: &str,
        variables: Variables,
    ) -> Result<Option<Value>> {
        let node = || Node::Path {
            path: file.path.clone(),
            original: file.original.clone(),
        };
        self.within(node, |hiera| {
            let found = match hiera.data(&file.path)? {
                None => {
                    hiera.explain_with(Explanation::path_not_found);
                    return Ok(None);
                }
                Some(Yaml::Hash(entries)) => entries.get(&Yaml::String(key.to_string())).cloned(),
                Some(_) => None,
            };
            let Some(found) = found else {
                hiera.explain_with(|explanation| explanation.not_found(key));
                return Ok(None);
            };
            let value = match backend {
                Backend::DataHash => hiera.value_of(&found, variables)?,
                Backend::Eyaml => hiera.eyaml_value_of(&found, variables, &file.path, key)?,
                Backend::Function { .. } => unreachable!("a function's level reads no file"),
            };
            hiera.explain_with(|explanation| explanation.found(key, &value));
            Ok(Some(value))
        })
    }

    /// A data file, read once: `None` when there is none; a file that does
    /// not parse fails every lookup that reads it, in Puppet's words
    /// (`yaml_data`, `json_data`). A YAML file that holds no hash is read
    /// as empty, with Puppet's warning, unless it holds something and
    /// `strict` is `error`: then it fails them too.
    fn data(&mut self, file: &Path) -> Result<Option<&Yaml>> {
        if !self.data.contains_key(file) {
            let read = self.read_data(file);
            self.data.insert(file.to_path_buf(), read);
        }
        match &self.data[file] {
            None => Ok(None),
            Some(Ok(yaml)) => Ok(Some(yaml)),
            Some(Err(message)) => Err(failure(message.clone())),
        }
    }

    fn read_data(&mut self, file: &Path) -> Option<std::result::Result<Yaml, String>> {
        let text = std::fs::read_to_string(file).ok()?;
        // JSON is YAML, so one loader reads both formats.
        let document = match crate::yaml::load_first(&text) {
            Ok(document) => document.unwrap_or(Yaml::Null),
            Err(failure) => {
                return Some(Err(format!(
                    "Unable to parse ({}): {} at line {} column {}",
                    file.display(),
                    failure.reason,
                    failure.line,
                    failure.col
                )))
            }
        };
        // `json_data` takes what the file holds; `yaml_data` and
        // `eyaml_lookup_key` want a hash (Ruby's nil and false: none).
        let json = file
            .extension()
            .is_some_and(|extension| extension == "json");
        if json || matches!(document, Yaml::Hash(_)) {
            return Some(Ok(document));
        }
        let message = format!(
            "{}: file does not contain a valid yaml hash",
            file.display()
        );
        let empty = matches!(document, Yaml::Null | Yaml::Boolean(false));
        if self.strictness.error && !empty {
            return Some(Err(message));
        }
        self.warnings.push(message);
        Some(Ok(Yaml::Hash(Default::default())))
    }

    /// Puppet's `SubLookup#sub_lookup`: the value dug into along the
    /// segments `path` (an index into an array, a key into a hash); `None`
    /// when a segment is not there, an error when the value is no hash.
    fn dig(&mut self, value: Value, key: &str, path: &[Segment]) -> Result<Option<Value>> {
        if path.is_empty() {
            return Ok(Some(value));
        }
        let sub_key = path.iter().map(Segment::text).collect::<Vec<_>>().join(".");
        self.within(
            || Node::SubKey(sub_key.clone()),
            |hiera| {
                let mut value = value;
                for segment in path {
                    let inner = segment_of(&value, segment).map_err(|class| {
                        failure(format!(
                            "Data Provider type mismatch: Got {class} when a hash-like object was expected to access value using '{}' from key '{}'",
                            segment.text(),
                            key,
                        ))
                    })?;
                    hiera.within(
                        || Node::Segment,
                        |hiera| {
                            hiera.explain_with(|explanation| match &inner {
                                Some(inner) => explanation.found(&segment.text(), inner),
                                None => explanation.not_found(&segment.text()),
                            });
                            Ok(())
                        },
                    )?;
                    match inner {
                        Some(inner) => value = inner,
                        None => return Ok(None),
                    }
                }
                Ok(Some(value))
            },
        )
    }

    /// The `lookup_options` of `key`: the entry named `key`, else the
    /// first pattern (`^app::.*`) that matches it, among those of the
    /// global and environment layers and of the key's module.
    fn options(&mut self, key: &str, variables: Variables) -> Result<Options> {
        let module = key.split_once("::").map_or("", |(module, _)| module);
        if !self.options.contains_key(module) {
            let entries = self.within(
                || Node::Search(LOOKUP_OPTIONS.to_string()),
                |hiera| hiera.read_options(module, variables),
            )?;
            self.options.insert(module.to_string(), entries);
        }
        Ok(options_for(&self.options[module], key))
    }

    /// Puppet's `retrieve_lookup_options`: those of the global and the
    /// environment's layers (hash-merged, the global's first; read once),
    /// then, for a module's keys, the module's own, which may name only
    /// the module's keys.
    fn read_options(&mut self, module: &str, variables: Variables) -> Result<OptionEntries> {
        let hash = Strategy::of(Merge::Hash);
        if self.environment_options.is_none() {
            let mut found = Vec::new();
            // `lookup_options:` with no value is no options.
            for provider in [Provider::Global, Provider::Environment] {
                let request = Request::options(None);
                let options = self.search_provider(provider, request, variables, &hash)?;
                found.extend(options.filter(|options| *options != Value::Undef));
            }
            self.environment_options = Some(merge(found, Merge::Hash, None));
        }
        let mut options = self.environment_options.clone().flatten();
        if !module.is_empty() {
            let request = Request::options(Some(module));
            let own = self.search_provider(Provider::Module, request, variables, &hash)?;
            if let Some(own) = own.filter(|own| *own != Value::Undef) {
                check_module_options(module, &own)?;
                options = Some(match options {
                    None => own,
                    Some(environment) => self.merge_module_options(module, environment, own),
                });
            }
        }
        option_entries(options)
    }

    /// The environment's options over the module's, explained as Puppet's
    /// merge of its two scopes.
    fn merge_module_options(&mut self, module: &str, environment: Value, own: Value) -> Value {
        let node = || Node::Merge {
            strategy: Merge::Hash,
            options: None,
        };
        let sides = [
            ("Global and Environment".to_string(), environment),
            (format!("Module {module}"), own),
        ];
        let merged = self.within(node, |hiera| {
            for (scope, options) in &sides {
                hiera.within(
                    || Node::Scope(scope.clone()),
                    |hiera| {
                        hiera
                            .explain_with(|explanation| explanation.found(LOOKUP_OPTIONS, options));
                        Ok(())
                    },
                )?;
            }
            let merged = merge(
                sides.iter().map(|(_, options)| options.clone()).collect(),
                Merge::Hash,
                None,
            );
            if let Some(merged) = &merged {
                hiera.explain_with(|explanation| explanation.result(merged));
            }
            Ok(merged)
        });
        merged.ok().flatten().unwrap_or(Value::Undef)
    }

    /// Runs `body` within a node of the explanation (when there is one).
    fn within<R>(
        &mut self,
        node: impl FnOnce() -> Node,
        body: impl FnOnce(&mut Hiera) -> Result<R>,
    ) -> Result<R> {
        if let Some(explanation) = &mut self.explanation {
            explanation.push(node());
        }
        let outcome = body(self);
        if let Some(explanation) = &mut self.explanation {
            explanation.pop();
        }
        outcome
    }

    fn explain_leaf(&mut self, node: impl FnOnce() -> Node) {
        if let Some(explanation) = &mut self.explanation {
            explanation.leaf(node());
        }
    }

    fn explain_with(&mut self, record: impl FnOnce(&mut Explanation)) {
        if let Some(explanation) = &mut self.explanation {
            record(explanation);
        }
    }
}

/// Puppet's `validate_lookup_options` for a module: every key (or
/// pattern) names the module's own keys.
fn check_module_options(module: &str, options: &Value) -> Result<()> {
    let Value::Hash(entries) = options else {
        return Err(failure(format!("value of {LOOKUP_OPTIONS} must be a hash")));
    };
    let prefix = format!("{module}::");
    for (name, _) in entries {
        let name = name.to_text();
        match name.strip_prefix('^') {
            Some(pattern) if !pattern.starts_with(&prefix) => {
                return Err(failure(format!(
                    "all {LOOKUP_OPTIONS} patterns must match a key starting with module name '{module}'"
                )))
            }
            None if !name.starts_with(&prefix) => {
                return Err(failure(format!(
                    "all {LOOKUP_OPTIONS} keys must start with module name '{module}'"
                )))
            }
            _ => {}
        }
    }
    Ok(())
}

/// `convert_to`'s type and arguments as Puppet's explanation writes them:
/// `[Sensitive]`, `[Integer, 16]`.
fn describe_conversion(type_and_arguments: &[Value]) -> String {
    let parts: Vec<String> = type_and_arguments
        .iter()
        .enumerate()
        .map(|(index, value)| match value {
            Value::Str(text) if index == 0 => text.clone(),
            Value::Str(text) => super::values::display::quoted(text),
            other => other.to_text(),
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

/// A value made the type `lookup_options`' `convert_to` names (with its
/// arguments), as `Type.new` makes it; types pfacts cannot make are an
/// error, not a value left as it was.
fn convert(value: Value, type_and_arguments: &[Value]) -> Result<Value> {
    let failure = |message: String| self::failure(message);
    let Some((type_name, arguments)) = type_and_arguments.split_first() else {
        return Ok(value);
    };
    let type_name = type_name.to_text();
    let mut call = vec![value];
    call.extend(arguments.iter().cloned());
    match crate::catalog::values::types::data_type::text::parse(&type_name) {
        Ok(ty) => new_value(&ty, &call).map_err(|e| failure(e.into_message())),
        Err(_) => Err(failure(format!(
            "lookup_options: pfacts cannot convert a value to {type_name}"
        ))),
    }
}

/// The options `lookup_options` give `key`: those of the entry named
/// `key`, else of the first pattern (`^app::.*`) that matches it.
fn options_for(entries: &OptionEntries, key: &str) -> Options {
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
        return Options::default();
    };
    let option = |name: &str| options.hash_get(&Value::string(name)).cloned();
    let merge_given = option("merge").unwrap_or(Value::Undef);
    let merge_options = merge_options(&merge_given);
    let convert_to = match option("convert_to").unwrap_or(Value::Undef) {
        Value::Undef => None,
        Value::Array(type_and_arguments) => Some(type_and_arguments),
        type_name => Some(vec![type_name]),
    };
    Options {
        merge: Merge::of(&merge_given),
        merge_options,
        convert_to,
    }
}

/// A `lookup_options` hash as entries, each pattern compiled.
fn option_entries(options: Option<Value>) -> Result<OptionEntries> {
    let Some(Value::Hash(entries)) = options else {
        return match options {
            None => Ok(Vec::new()),
            Some(_) => Err(failure(format!("value of {LOOKUP_OPTIONS} must be a hash"))),
        };
    };
    Ok(entries
        .into_iter()
        .map(|(name, options)| {
            let name = name.to_text();
            let pattern = name
                .starts_with('^')
                .then(|| regex::Regex::new(&name).ok())
                .flatten();
            (name, pattern, options)
        })
        .collect())
}
