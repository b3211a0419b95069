//! An environment's code: its manifests and its modules, parsed and lowered
//! in parallel, and where Puppet's autoloader finds each definition.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::facts::ast;
use crate::facts::layout::{autoload_path, Role};

/// The code of an environment, by file.
pub struct Environment {
    pub(super) files: Vec<(PathBuf, ast::Program)>,
    /// How many of `files`, first, are environment manifests (`site.pp`).
    pub(super) manifests: usize,
    /// The environment's directory and its modulepath, for Hiera.
    pub(super) root: PathBuf,
    pub(super) modulepath: Vec<PathBuf>,
}

impl Environment {
    /// Parses and lowers the environment manifests under `manifest` and the
    /// modules under `modulepath`; syntax errors are returned as messages.
    pub fn load(
        manifest: &Path,
        modulepath: &[PathBuf],
    ) -> std::result::Result<Environment, Vec<String>> {
        let manifests =
            crate::source::discover(&[manifest.to_path_buf()], crate::source::is_manifest);
        let modules: Vec<PathBuf> = modulepath
            .iter()
            .filter(|dir| dir.exists())
            .cloned()
            .collect();
        let mut discovery = crate::source::discover(&modules, crate::source::is_manifest);
        let manifest_count = manifests.files.len();
        let mut all = manifests.files;
        all.append(&mut discovery.files);
        discovery.files = all;
        let mut errors: Vec<String> = manifests.errors.iter().map(|e| e.to_string()).collect();
        errors.extend(discovery.errors.iter().map(|e| e.to_string()));
        // Parsed and lowered in parallel; in file order.
        let lowered: Vec<(PathBuf, Vec<String>, Option<ast::Program>)> = discovery
            .files
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
        if errors.is_empty() {
            Ok(Environment {
                files,
                manifests: manifest_count,
                root: manifest.parent().unwrap_or(manifest).to_path_buf(),
                modulepath: modules,
            })
        } else {
            Err(errors)
        }
    }
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
