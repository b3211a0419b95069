//! An environment's code: its manifests and its modules, parsed and lowered
//! in parallel, and where Puppet's autoloader finds each definition.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::facts::ast;
use crate::facts::layout::{autoload_path, Layout, Placement, Role};
use crate::facts::loading::Loader;

/// The code of an environment: its manifests and its modules. Files are
/// numbered manifests first, then the environment's own functions and
/// types, then modules.
pub struct Environment {
    /// The manifests, then the files of the environment's `functions/`
    /// and `types/` (`environment::data`), which only define.
    manifests: Vec<(PathBuf, ast::Program)>,
    /// How many of them are manifests.
    main: usize,
    modules: Arc<Modules>,
    /// The environment's directory, for Hiera.
    pub(super) root: PathBuf,
}

/// The modules of a modulepath, parsed and lowered: shared by the
/// environments that have the same modulepath.
pub struct Modules {
    files: Vec<(PathBuf, ast::Program)>,
    /// The modulepath's directories that exist.
    directories: Vec<PathBuf>,
    /// The functions the modules write in Ruby, by name: the first on the
    /// modulepath, as Puppet's loaders find them.
    ruby_functions: HashMap<String, RubyFunction>,
    /// Resource types of modules' Ruby, with how they name resources.
    ruby_types: HashMap<String, crate::facts::ruby::TypeNaming>,
    /// The parameters and properties of those whose Ruby declares them
    /// plainly (`newparam(:x)`).
    ruby_type_parameters: HashMap<String, Vec<String>>,
    /// The modules whose `metadata.json` does not parse.
    faulty: Vec<FaultyModule>,
}

/// A module whose `metadata.json` does not parse: Puppet 7 loads it
/// without its metadata, with a warning; under `strict=error` Puppet
/// leaves it out of the environment (`Puppet::Module::FaultyMetadata`).
#[derive(Clone, Debug)]
pub struct FaultyModule {
    pub name: String,
    pub root: PathBuf,
    /// Why the JSON does not parse.
    pub reason: String,
}

impl FaultyModule {
    /// Puppet's words for it.
    pub fn message(&self) -> String {
        format!(
            "{} has an invalid and unparsable metadata.json file. The parse error: {}",
            self.name, self.reason
        )
    }
}

/// A function a module writes in Ruby.
#[derive(Clone, Debug)]
pub struct RubyFunction {
    /// The module's directory name.
    pub module: String,
    pub path: PathBuf,
}

impl Environment {
    /// Parses and lowers the environment manifests under `manifest` and the
    /// modules under `modulepath`; syntax errors are returned as messages.
    pub fn load(manifest: &Path, modulepath: &[PathBuf]) -> Result<Environment, Vec<String>> {
        let modules = Modules::load(modulepath);
        let environment = Environment::with_modules(
            manifest,
            Arc::new(Modules {
                files: Vec::new(),
                directories: Vec::new(),
                ruby_functions: HashMap::new(),
                ruby_types: HashMap::new(),
                ruby_type_parameters: HashMap::new(),
                faulty: Vec::new(),
            }),
        );
        match (environment, modules) {
            (Ok(environment), Ok(modules)) => Ok(Environment {
                modules: Arc::new(modules),
                ..environment
            }),
            (environment, modules) => Err(environment
                .err()
                .into_iter()
                .chain(modules.err())
                .flatten()
                .collect()),
        }
    }

    /// The environment manifests under `manifest`, with modules already
    /// loaded.
    pub fn with_modules(
        manifest: &Path,
        modules: Arc<Modules>,
    ) -> Result<Environment, Vec<String>> {
        let mut discovery =
            crate::source::discover(&[manifest.to_path_buf()], crate::source::is_manifest);
        // Evaluated one after the other, in the order Puppet reads them.
        discovery
            .files
            .sort_by(|one, other| crate::source::glob_order(one, other));
        let main = discovery.files.len();
        let root = manifest.parent().unwrap_or(manifest).to_path_buf();
        let own = [root.join("functions"), root.join("types")];
        let own: Vec<PathBuf> = own.into_iter().filter(|dir| dir.is_dir()).collect();
        let defining = crate::source::discover(&own, crate::source::is_manifest);
        let mut files = discovery.files;
        files.extend(defining.files);
        let errors: Vec<String> = discovery
            .errors
            .iter()
            .chain(&defining.errors)
            .map(|e| e.to_string())
            .collect();
        let (manifests, errors) = lower_all(files, &modules.directories, errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Environment {
            manifests,
            main,
            modules,
            root,
        })
    }

    /// An environment whose one manifest is `text`, named `path`, with
    /// modules already loaded: for suites of many small programs.
    pub fn with_source(
        path: PathBuf,
        text: &str,
        modules: Arc<Modules>,
    ) -> Result<Environment, Vec<String>> {
        let mut parser = crate::syntax::new_parser();
        let tree = crate::syntax::parse(&mut parser, text)
            .map_err(|_| vec![format!("{}: error: too long to parse", path.display())])?;
        let errors: Vec<String> = crate::syntax::syntax_errors(&tree, text)
            .iter()
            .map(|e| {
                format!(
                    "{}:{}:{}: error: {}",
                    path.display(),
                    e.location.line,
                    e.location.column,
                    e.message
                )
            })
            .collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        let placement = Layout::default().place(&path);
        let program = Loader::default().lower(&tree, text, &placement, &path);
        Ok(Environment {
            root: path.parent().unwrap_or(&path).to_path_buf(),
            manifests: vec![(path, program)],
            main: 1,
            modules,
        })
    }

    /// The file with index `index`, and its code.
    pub(super) fn file(&self, index: usize) -> &(PathBuf, ast::Program) {
        match index.checked_sub(self.manifests.len()) {
            Some(module_file) => &self.modules.files[module_file],
            None => &self.manifests[index],
        }
    }

    /// Every file with its index, manifests first.
    pub(super) fn files(&self) -> impl Iterator<Item = (usize, &(PathBuf, ast::Program))> {
        self.manifests.iter().chain(&self.modules.files).enumerate()
    }

    /// The environment manifests (`site.pp`, ...), with their indexes.
    pub(super) fn manifests(&self) -> impl Iterator<Item = (usize, &(PathBuf, ast::Program))> {
        self.manifests[..self.main].iter().enumerate()
    }

    /// Whether the file with index `index` is an environment manifest.
    pub(super) fn is_manifest(&self, index: usize) -> bool {
        index < self.main
    }

    /// Whether the file with index `index` is the environment's own (a
    /// manifest, or a file of its `functions/` or `types/`), whose
    /// definitions Puppet finds whatever their file is named.
    pub(super) fn is_own(&self, index: usize) -> bool {
        index < self.manifests.len()
    }

    /// The modules whose `metadata.json` does not parse.
    pub(super) fn faulty_modules(&self) -> &[FaultyModule] {
        &self.modules.faulty
    }

    /// The modulepath's directories that exist.
    pub(super) fn modulepath(&self) -> &[PathBuf] {
        &self.modules.directories
    }

    /// The function `name` that a module writes in Ruby.
    pub(super) fn ruby_function(&self, name: &str) -> Option<&RubyFunction> {
        self.modules.ruby_functions.get(name)
    }

    /// Whether a module writes resource type `name` in Ruby.
    pub(super) fn ruby_type(&self, name: &str) -> bool {
        self.modules.ruby_types.contains_key(name)
    }

    /// Whether a module's Ruby type `name` (lower case) takes the
    /// parameter: one it declares, `name`, or a metaparameter; `None` for
    /// a type whose parameters pfacts cannot read from its Ruby.
    pub(super) fn ruby_type_accepts(&self, name: &str, parameter: &str) -> Option<bool> {
        let declared = self.modules.ruby_type_parameters.get(name)?;
        Some(
            parameter == "name"
                || declared.iter().any(|known| known == parameter)
                || crate::facts::builtins::METAPARAMETERS.contains(&parameter),
        )
    }

    /// How resources of type `name` (lower case) are named, where a type
    /// of Puppet's or of a module's Ruby says so.
    pub(super) fn naming(&self, name: &str) -> Option<&crate::facts::ruby::TypeNaming> {
        crate::facts::builtins::naming(name).or_else(|| self.modules.ruby_types.get(name))
    }
}

impl Modules {
    /// Parses and lowers every manifest of the modules under `modulepath`;
    /// syntax errors are returned as messages.
    pub fn load(modulepath: &[PathBuf]) -> Result<Modules, Vec<String>> {
        let directories: Vec<PathBuf> = modulepath
            .iter()
            .filter(|dir| dir.exists())
            .cloned()
            .collect();
        let discovery = crate::source::discover(&directories, crate::source::is_manifest);
        let errors: Vec<String> = discovery.errors.iter().map(|e| e.to_string()).collect();
        let (files, errors) = lower_all(discovery.files, &directories, errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut ruby_functions = HashMap::new();
        let mut ruby_types = HashMap::new();
        let mut ruby_type_parameters = HashMap::new();
        let mut faulty = Vec::new();
        for (module, root) in module_roots(&directories) {
            if let Ok(text) = std::fs::read_to_string(root.join("metadata.json")) {
                if let Some(failure) = crate::facts::text_reads::json_failure(&text) {
                    faulty.push(FaultyModule {
                        name: module.clone(),
                        root: root.clone(),
                        reason: format!(
                            "{} at line {} column {}",
                            failure.reason, failure.line, failure.col
                        ),
                    });
                }
            }
            let lib = root.join("lib/puppet");
            for path in ruby_files(&lib.join("functions")) {
                if let Some(name) = autoloaded_name(&lib.join("functions"), &path) {
                    ruby_functions.entry(name).or_insert_with(|| RubyFunction {
                        module: module.clone(),
                        path: path.clone(),
                    });
                }
            }
            for dir in [lib.join("parser/functions"), lib.join("type")] {
                let is_type = dir.ends_with("type");
                for path in ruby_files(&dir) {
                    let Some(name) = autoloaded_name(&dir, &path).filter(|n| !n.contains("::"))
                    else {
                        continue;
                    };
                    if is_type {
                        let text = std::fs::read_to_string(&path).unwrap_or_default();
                        if let Some(parameters) = crate::facts::ruby::type_parameters(&text) {
                            ruby_type_parameters.insert(name.clone(), parameters);
                        }
                        ruby_types.insert(name, crate::facts::ruby::type_naming(&text));
                    } else {
                        ruby_functions.entry(name).or_insert_with(|| RubyFunction {
                            module: module.clone(),
                            path: path.clone(),
                        });
                    }
                }
            }
        }
        Ok(Modules {
            files,
            directories,
            ruby_functions,
            ruby_types,
            ruby_type_parameters,
            faulty,
        })
    }
}

/// Each module of the modulepath's directories, by name, with its root:
/// the first of a name wins, as on Puppet's modulepath.
fn module_roots(directories: &[PathBuf]) -> Vec<(String, PathBuf)> {
    let mut seen = HashSet::new();
    let mut roots = Vec::new();
    for dir in directories {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut here: Vec<(String, PathBuf)> = entries
            .flatten()
            .filter(|entry| entry.path().is_dir())
            .filter_map(|entry| Some((entry.file_name().into_string().ok()?, entry.path())))
            .collect();
        here.sort();
        for (name, root) in here {
            if seen.insert(name.clone()) {
                roots.push((name, root));
            }
        }
    }
    roots
}

/// The `.rb` files under `dir`, sorted.
fn ruby_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(ruby_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rb") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// `a/b.rb` below `dir`: `a::b`, the name Puppet's autoloader finds there.
fn autoloaded_name(dir: &Path, path: &Path) -> Option<String> {
    let below = path.strip_prefix(dir).ok()?.with_extension("");
    let parts: Vec<&str> = below
        .iter()
        .map(|part| part.to_str())
        .collect::<Option<_>>()?;
    Some(parts.join("::"))
}

/// Parses and lowers `paths` in parallel, in their order, each placed in
/// the environment and modules of `modulepath`; adds their syntax errors
/// to `errors`.
fn lower_all(
    paths: Vec<PathBuf>,
    modulepath: &[PathBuf],
    mut errors: Vec<String>,
) -> (Vec<(PathBuf, ast::Program)>, Vec<String>) {
    let mut layout = Layout::with_modulepath(modulepath.to_vec());
    let placed: Vec<(PathBuf, Placement)> = paths
        .into_iter()
        .map(|path| {
            let placement = layout.place(&path);
            (path, placement)
        })
        .collect();
    let loader = Loader::default();
    let lowered: Vec<(PathBuf, Vec<String>, Option<ast::Program>)> =
        crate::syntax::read_in_parallel(placed, |parser, (path, placement)| {
            let parsed = crate::syntax::parse_file(parser, &path);
            let mut messages: Vec<String> =
                parsed.diagnostics.iter().map(|d| d.to_string()).collect();
            let program = parsed.syntax.as_ref().map(|(source, tree)| {
                let program = loader.lower(tree, &source.text, &placement, &path);
                if let Some(span) = program.too_deep {
                    messages.push(format!(
                        "{}:{}:{}: error: code nested deeper than {} levels: not evaluated",
                        path.display(),
                        span.line,
                        span.col,
                        ast::MAX_DEPTH
                    ));
                }
                program
            });
            (path, messages, program)
        })
        .collect();
    let mut files = Vec::new();
    for (path, messages, program) in lowered {
        errors.extend(messages);
        if let Some(program) = program {
            files.push((path, program));
        }
    }
    (files, errors)
}

/// Whether Puppet's autoloader reads `path` when it looks for `name`: the
/// file of the name or of one of its namespaces (`a::b` is also looked for
/// in `a/manifests/init.pp`).
pub(super) fn autoloaded(path: &Path, role: Role, name: &str) -> bool {
    let path = path.to_string_lossy().replace('\\', "/");
    let segments: Vec<&str> = name.split("::").collect();
    (1..=segments.len()).any(|count| {
        autoload_path(role, &segments[..count].join("::"))
            .is_some_and(|file| path == file || path.ends_with(&format!("/{file}")))
    })
}
