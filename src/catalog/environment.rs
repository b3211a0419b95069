//! An environment's code: its manifests and its modules, parsed and lowered
//! in parallel, and where Puppet's autoloader finds each definition.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;

use crate::facts::ast;
use crate::facts::layout::{autoload_path, Role};

/// The code of an environment: its manifests and its modules. Files are
/// numbered manifests first, then modules.
pub struct Environment {
    manifests: Vec<(PathBuf, ast::Program)>,
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
        let discovery =
            crate::source::discover(&[manifest.to_path_buf()], crate::source::is_manifest);
        let errors: Vec<String> = discovery.errors.iter().map(|e| e.to_string()).collect();
        let (manifests, errors) = lower_all(discovery.files, errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Environment {
            manifests,
            modules,
            root: manifest.parent().unwrap_or(manifest).to_path_buf(),
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
        self.manifests.iter().enumerate()
    }

    /// Whether the file with index `index` is an environment manifest.
    pub(super) fn is_manifest(&self, index: usize) -> bool {
        index < self.manifests.len()
    }

    /// The modulepath's directories that exist.
    pub(super) fn modulepath(&self) -> &[PathBuf] {
        &self.modules.directories
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
        let (files, errors) = lower_all(discovery.files, errors);
        if errors.is_empty() {
            Ok(Modules { files, directories })
        } else {
            Err(errors)
        }
    }
}

/// Parses and lowers `paths` in parallel, in their order; adds their
/// syntax errors to `errors`.
fn lower_all(
    paths: Vec<PathBuf>,
    mut errors: Vec<String>,
) -> (Vec<(PathBuf, ast::Program)>, Vec<String>) {
    let lowered: Vec<(PathBuf, Vec<String>, Option<ast::Program>)> = paths
        .into_par_iter()
        .map_init(crate::syntax::new_parser, |parser, path| {
            let parsed = crate::syntax::parse_file(parser, &path);
            let mut messages: Vec<String> =
                parsed.diagnostics.iter().map(|d| d.to_string()).collect();
            let program = parsed.syntax.as_ref().map(|(source, tree)| {
                let program = ast::lower(tree, &source.text);
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
