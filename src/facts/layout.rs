//! Where a file stands in Puppet's layout: which module, which role, and
//! where the autoloader would look for a name.
//!
//! An environment is a directory with an `environment.conf`, with both
//! `manifests/` and `modules/`, or, unless an environment further up holds
//! it as a module, with a `manifests/site.pp` but no `metadata.json` or
//! `manifests/init.pp` (a module's marks); its `modulepath` (relative entries of
//! `environment.conf`, default `modules`) holds modules and its `manifest`
//! (default `manifests`) the environment manifests. Outside an environment
//! a module is any directory with `manifests/`, `functions/`, `types/`,
//! `examples/`, `tests/` or `lib/puppet/` below it. A module is named as in
//! its `metadata.json` (`puppetlabs-apache` gives `apache`), else after its
//! directory without an `author-` prefix.

use std::ffi::OsString;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::columns::word_column;
use super::names;
use std::path::{Component, Path, PathBuf};

word_column! {
    /// What a file is to Puppet: the `role` column of `file`.
    Role {
        ModuleManifest = "module_manifest",
        EnvironmentManifest = "environment_manifest",
        Function = "function",
        TypeAlias = "type_alias",
        Example = "example",
        RubyType = "ruby_type",
        RubyFunction = "ruby_function",
        RubyFact = "ruby_fact",
        /// Other Ruby code of a module's `lib/` (providers, utilities,
        /// features), which the agent loads.
        RubyLibrary = "ruby_library",
        /// An external fact of a module's `facts.d/`, which Facter reads on
        /// the agent (data: `key=value` text, YAML, JSON; or a program
        /// that prints such).
        ExternalFact = "external_fact",
        /// A module's `files/` or `templates/` directory, whose files
        /// pfacts lists (Puppet finds them by name) but does not read.
        ModuleFiles = "module_files",
        Template = "template",
        /// An ERB template (read for the facts it names).
        ErbTemplate = "erb_template",
        /// A `hiera.yaml`.
        HieraConfig = "hiera_config",
        /// A file of Hiera data (in a layer's `datadir`).
        HieraData = "hiera_data",
        /// An environment's `environment.conf`.
        EnvironmentConf = "environment_conf",
        /// A module's `metadata.json`.
        ModuleMetadata = "module_metadata",
        /// pfacts' own configuration, `pfacts.toml`.
        Config = "config",
        Other = "other",
    }
}

/// A file's module and role.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Empty outside modules.
    pub module: String,
    pub role: Role,
    /// The module's directory, for autoload paths.
    pub module_root: Option<PathBuf>,
    /// An environment manifest's environment directory: the environment's
    /// manifests share one top scope.
    pub environment: Option<PathBuf>,
}

/// An environment's settings that decide placement.
#[derive(Clone, Debug)]
struct Environment {
    modulepath: Vec<PathBuf>,
    manifest: PathBuf,
    /// Only guessed from a `manifests/site.pp`: an environment further up
    /// that has its marks takes precedence (the guess is a module then).
    guessed: bool,
}

/// An environment that holds files, and its directory.
struct Enclosing {
    directory: PathBuf,
    environment: Arc<Environment>,
}

/// Places files, remembering what it read of each directory.
///
/// Its maps are keyed by a directory's path as written: a `Path` hashes
/// and compares part by part, its text at once, and every file asks them.
#[derive(Default)]
pub struct Layout {
    environments: FxHashMap<OsString, Option<Arc<Environment>>>,
    /// By directory, the environment its files are placed in first (see
    /// [`Layout::enclosing`]): the files of a directory share it.
    enclosing: FxHashMap<OsString, Option<Arc<Enclosing>>>,
    module_names: FxHashMap<OsString, String>,
    /// Absolute directories whose subdirectories are modules, from the
    /// configuration.
    modulepath: Vec<PathBuf>,
}

/// Directories directly below a module root and the role of their files.
const MODULE_DIRECTORIES: &[(&str, Role)] = &[
    ("manifests", Role::ModuleManifest),
    ("functions", Role::Function),
    ("types", Role::TypeAlias),
    ("templates", Role::Template),
    ("examples", Role::Example),
    ("tests", Role::Example),
    ("spec", Role::Example),
    ("facts.d", Role::ExternalFact),
];

impl Layout {
    /// A layout that also takes the subdirectories of `modulepath`
    /// (absolute) for modules.
    pub fn with_modulepath(modulepath: Vec<PathBuf>) -> Layout {
        Layout {
            modulepath,
            ..Layout::default()
        }
    }

    pub fn place(&mut self, path: &Path) -> Placement {
        let enclosing = path.parent().and_then(|dir| self.enclosing(dir));
        if let Some(placement) = enclosing.and_then(|enclosing| {
            self.place_in_environment(path, &enclosing.directory, &enclosing.environment)
        }) {
            return placement;
        }
        self.place_in_modulepath(path)
            .or_else(|| self.place_in_module(path))
            .unwrap_or(Placement {
                module: String::new(),
                role: Role::Other,
                module_root: None,
                environment: None,
            })
    }

    /// The environment that the files of `dir` belong to, if any: the
    /// nearest one with its marks above them, or else the nearest one
    /// guessed from a `manifests/site.pp` alone.
    fn enclosing(&mut self, dir: &Path) -> Option<Arc<Enclosing>> {
        if let Some(known) = self.enclosing.get(dir.as_os_str()) {
            return known.clone();
        }
        let mut guessed = None;
        let mut marked = None;
        for ancestor in dir.ancestors() {
            let Some(environment) = self.environment(ancestor) else {
                continue;
            };
            if !environment.guessed {
                marked = Some((ancestor, environment));
                break;
            }
            guessed = guessed.or(Some((ancestor, environment)));
        }
        let found = marked.or(guessed).map(|(directory, environment)| {
            Arc::new(Enclosing {
                directory: directory.to_path_buf(),
                environment,
            })
        });
        self.enclosing
            .insert(dir.as_os_str().to_owned(), found.clone());
        found
    }

    fn environment(&mut self, dir: &Path) -> Option<Arc<Environment>> {
        if let Some(known) = self.environments.get(dir.as_os_str()) {
            return known.clone();
        }
        let environment = read_environment(dir).map(Arc::new);
        self.environments
            .insert(dir.as_os_str().to_owned(), environment.clone());
        environment
    }

    fn place_in_environment(
        &mut self,
        path: &Path,
        directory: &Path,
        environment: &Environment,
    ) -> Option<Placement> {
        if path.starts_with(&environment.manifest) {
            return Some(Placement {
                module: String::new(),
                role: Role::EnvironmentManifest,
                module_root: None,
                environment: Some(directory.to_path_buf()),
            });
        }
        // The environment's own functions and types (Puppet's environment
        // loader: `functions/environment/f.pp` holds `environment::f`,
        // `types/t.pp` the type `T`) belong to no module.
        for (dir, role) in [("functions", Role::Function), ("types", Role::TypeAlias)] {
            if path.starts_with(directory.join(dir)) {
                return Some(Placement {
                    module: String::new(),
                    role,
                    module_root: None,
                    environment: None,
                });
            }
        }
        let within = environment
            .modulepath
            .iter()
            .find_map(|modules| path.strip_prefix(modules).ok().map(|rest| (modules, rest)))?;
        let (modules, rest) = within;
        let module_dir = rest.components().next()?;
        let root = modules.join(module_dir);
        let role = role_below(&root, path);
        Some(Placement {
            module: self.module_name(&root),
            role,
            module_root: Some(root),
            environment: None,
        })
    }

    fn place_in_modulepath(&mut self, path: &Path) -> Option<Placement> {
        if self.modulepath.is_empty() {
            return None;
        }
        let absolute = std::path::absolute(path).ok()?;
        let rest = self
            .modulepath
            .iter()
            .find_map(|dir| absolute.strip_prefix(dir).ok())?;
        // `<module>/<dir>/.../<file>`: the module root is that many
        // levels above the file, in the form the path was given.
        let depth = rest.components().count();
        if depth < 2 {
            return None;
        }
        let root = path.ancestors().nth(depth - 1)?.to_path_buf();
        Some(Placement {
            module: self.module_name(&root),
            role: role_below(&root, path),
            module_root: Some(root),
            environment: None,
        })
    }

    fn place_in_module(&mut self, path: &Path) -> Option<Placement> {
        // The path's parts from the file up: the name of each ancestor,
        // split once, where asking each ancestor would parse the path again.
        let parts: Vec<Component> = path.components().rev().collect();
        let name = |index: usize| match parts.get(index) {
            Some(Component::Normal(name)) => name.to_str(),
            _ => None,
        };
        // How many levels above the file its module's root is, and the root.
        let root_at = |levels: usize| Some((levels, path.ancestors().nth(levels)?));
        // Ruby plugins sit in `<module>/lib/puppet/...` (whose `functions/`
        // is not the module's) and `<module>/lib/facter/`.
        let plugins = (0..parts.len()).find(|&index| {
            matches!(name(index), Some("puppet" | "facter")) && name(index + 1) == Some("lib")
        });
        let (levels, root) = plugins
            .and_then(|plugins| root_at(plugins + 2))
            .or_else(|| {
                let directory = (1..parts.len()).find(|&index| {
                    name(index)
                        .is_some_and(|name| MODULE_DIRECTORIES.iter().any(|(dir, _)| *dir == name))
                })?;
                root_at(directory + 1)
            })?;
        let below = parts[..levels].iter().rev();
        Some(Placement {
            module: self.module_name(root),
            role: role_of_parts(below.filter_map(|part| part.as_os_str().to_str())),
            module_root: Some(root.to_path_buf()),
            environment: None,
        })
    }

    fn module_name(&mut self, root: &Path) -> String {
        if let Some(name) = self.module_names.get(root.as_os_str()) {
            return name.clone();
        }
        let name = metadata_name(root).unwrap_or_else(|| {
            let dir = root
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            strip_author(&dir).to_string()
        });
        self.module_names
            .insert(root.as_os_str().to_owned(), name.clone());
        name
    }
}

/// The role of `path` within the module at `root`.
fn role_below(root: &Path, path: &Path) -> Role {
    let Ok(rest) = path.strip_prefix(root) else {
        return Role::Other;
    };
    role_of_parts(rest.iter().filter_map(|part| part.to_str()))
}

/// The role of a file whose path below its module's root has `parts`.
fn role_of_parts<'a>(mut parts: impl DoubleEndedIterator<Item = &'a str>) -> Role {
    // Every file is placed: its parts are read as they come, not gathered.
    let Some(first) = parts.next() else {
        return Role::Other;
    };
    if first == "lib" {
        let (second, third, fourth) = (parts.next(), parts.next(), parts.next());
        match (second, third, fourth) {
            (Some("puppet"), Some("type"), _) => return Role::RubyType,
            (Some("puppet"), Some("functions"), _)
            | (Some("puppet"), Some("parser"), Some("functions")) => return Role::RubyFunction,
            (Some("facter"), ..) => return Role::RubyFact,
            _ => {}
        }
        let last = parts.next_back().or(fourth).or(third).or(second);
        if last.is_some_and(|last| last.ends_with(".rb")) {
            return Role::RubyLibrary;
        }
    }
    MODULE_DIRECTORIES
        .iter()
        .find(|(dir, _)| *dir == first)
        .map_or(Role::Other, |&(_, role)| role)
}

/// `puppetlabs-apache` and `puppetlabs/apache` name the module `apache`.
fn strip_author(name: &str) -> &str {
    name.split_once(['-', '/'])
        .map_or(name, |(_, module)| module)
}

fn metadata_name(root: &Path) -> Option<String> {
    let text = std::fs::read_to_string(root.join("metadata.json")).ok()?;
    let metadata: serde_json::Value = serde_json::from_str(&text).ok()?;
    let name = metadata.get("name")?.as_str()?;
    Some(strip_author(name).to_string())
}

/// The modulepath and main manifest of the environment at `dir`, from its
/// `environment.conf` or Puppet's defaults.
pub fn environment_paths(dir: &Path) -> (Vec<PathBuf>, PathBuf) {
    match read_environment(dir) {
        Some(environment) => (environment.modulepath, environment.manifest),
        None => (vec![dir.join("modules")], dir.join("manifests")),
    }
}

/// A `modulepath` entry of an `environment.conf`, as written, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathEntry {
    pub written: String,
    pub line: u32,
    /// In characters, from 1.
    pub col: u32,
}

impl PathEntry {
    /// A Puppet setting (`$basemodulepath`), which the server resolves.
    pub fn is_setting(&self) -> bool {
        self.written.starts_with('$')
    }

    /// The directory it names, for an environment at `dir`; `None` for a
    /// setting.
    pub fn directory(&self, dir: &Path) -> Option<PathBuf> {
        (!self.is_setting()).then(|| dir.join(&self.written))
    }
}

/// What an `environment.conf` sets that pfacts reads: `key = value` lines,
/// `#` comments, values optionally quoted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EnvironmentConf {
    pub modulepath: Option<Vec<PathEntry>>,
    pub manifest: Option<String>,
}

impl EnvironmentConf {
    pub fn parse(text: &str) -> EnvironmentConf {
        let mut conf = EnvironmentConf::default();
        for (index, line) in text.lines().enumerate() {
            let Some((name, value)) = line.split_once('=') else {
                continue;
            };
            let name = name.trim();
            if name.starts_with('#') {
                continue;
            }
            let value_start = line.len() - value.len();
            match name {
                "modulepath" => {
                    conf.modulepath = Some(modulepath_entries(
                        index as u32 + 1,
                        &line[..value_start],
                        value,
                    ))
                }
                "manifest" => conf.manifest = Some(value.trim().trim_matches('"').to_string()),
                _ => {}
            }
        }
        conf
    }
}

/// The entries of a `modulepath` value, `:`-separated, located on line
/// `line` after `before` (the key and `=`).
fn modulepath_entries(line: u32, before: &str, value: &str) -> Vec<PathEntry> {
    let mut col = before.chars().count() as u32 + 1;
    let mut entries = Vec::new();
    for part in value.split(':') {
        let leading = part.len() - part.trim_start_matches([' ', '\t', '"']).len();
        let written = part.trim_matches([' ', '\t', '"']);
        if !written.is_empty() {
            entries.push(PathEntry {
                written: written.to_string(),
                line,
                col: col + part[..leading].chars().count() as u32,
            });
        }
        col += part.chars().count() as u32 + 1;
    }
    entries
}

fn read_environment(dir: &Path) -> Option<Environment> {
    let settings = std::fs::read_to_string(dir.join("environment.conf")).ok();
    // Asked once: most directories have no `manifests/`, which also says
    // that they hold no `manifests/site.pp`.
    let has_manifests = settings.is_none() && dir.join("manifests").is_dir();
    let marked = settings.is_some() || has_manifests && dir.join("modules").is_dir();
    if !(marked || has_manifests && has_main_manifest_only(dir)) {
        return None;
    }
    let conf = settings
        .as_deref()
        .map(EnvironmentConf::parse)
        .unwrap_or_default();
    let modulepath = conf.modulepath.map_or_else(
        || vec![dir.join("modules")],
        |entries| {
            entries
                .iter()
                .filter_map(|entry| entry.directory(dir))
                .collect()
        },
    );
    let manifest = conf
        .manifest
        .filter(|value| !value.starts_with('$'))
        .map_or_else(|| dir.join("manifests"), |value| dir.join(value));
    Some(Environment {
        modulepath,
        manifest,
        guessed: !marked,
    })
}

/// A main manifest `manifests/site.pp` in a directory without a module's
/// marks (`metadata.json`, `manifests/init.pp`): an environment without
/// modules (an empty `modules/` is lost in a git checkout), unless an
/// environment further up holds it as a module.
fn has_main_manifest_only(dir: &Path) -> bool {
    dir.join("manifests/site.pp").is_file()
        && !dir.join("manifests/init.pp").exists()
        && !dir.join("metadata.json").exists()
}

/// The file where Puppet's autoloader looks for `name`, a class or define
/// (`role` module manifest), function or type alias, as
/// `<module>/<directory>/<path>.pp`; `None` for a name it cannot load
/// (a function or type alias without a namespace).
pub fn autoload_path(role: Role, name: &str) -> Option<String> {
    let (module, rest) = names::split_first(names::absolute(name));
    let dir = autoload_directory(role, rest.is_some())?;
    let file = rest.map_or_else(|| "init".to_string(), |rest| rest.replace("::", "/"));
    let path = format!("{module}/{dir}/{file}.pp");
    Some(names::lowercase(&path))
}

/// The module directory the autoloader reads a name of `role` from;
/// functions and type aliases need a namespace.
fn autoload_directory(role: Role, namespaced: bool) -> Option<&'static str> {
    match (role, namespaced) {
        (Role::ModuleManifest, _) => Some("manifests"),
        (Role::Function, true) => Some("functions"),
        (Role::TypeAlias, true) => Some("types"),
        _ => None,
    }
}

/// Whether `path` is [`autoload_path`]`(role, name)`, compared segment by
/// segment without building it: the extractor asks for every definition.
pub fn is_autoload_path(role: Role, name: &str, path: &str) -> bool {
    if !name.is_ascii() {
        return autoload_path(role, name).as_deref() == Some(path);
    }
    let lower_eq = |written: Option<&str>, segment: &str| {
        written.is_some_and(|written| {
            written.len() == segment.len()
                && written
                    .bytes()
                    .zip(segment.bytes())
                    .all(|(a, b)| a == b.to_ascii_lowercase())
        })
    };
    let (module, mut rest) = names::split_first(names::absolute(name));
    let Some(dir) = autoload_directory(role, rest.is_some()) else {
        return false;
    };
    let mut parts = path.split('/');
    if !lower_eq(parts.next(), module) || parts.next() != Some(dir) {
        return false;
    }
    if rest.is_none() {
        return parts.next() == Some("init.pp") && parts.next().is_none();
    }
    while let Some(remaining) = rest {
        let (segment, after) = names::split_first(remaining);
        let part = parts.next();
        let matches = match after {
            Some(_) => lower_eq(part, segment),
            None => lower_eq(part.and_then(|part| part.strip_suffix(".pp")), segment),
        };
        if !matches {
            return false;
        }
        rest = after;
    }
    parts.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(root: &Path, relative: &str) -> Placement {
        Layout::default().place(&root.join(relative))
    }

    #[test]
    fn a_module_file_has_the_role_of_its_directory() {
        let root = Path::new("/m");
        let role = |relative: &str| role_below(root, &root.join(relative));
        assert_eq!(role("lib/puppet/type/a.rb"), Role::RubyType);
        assert_eq!(role("lib/puppet/type"), Role::RubyType);
        assert_eq!(role("lib/puppet/functions/m/a.rb"), Role::RubyFunction);
        assert_eq!(role("lib/puppet/parser/functions/a.rb"), Role::RubyFunction);
        assert_eq!(role("lib/puppet/parser/a.rb"), Role::RubyLibrary);
        assert_eq!(role("lib/facter/a.rb"), Role::RubyFact);
        assert_eq!(role("lib/puppet_x/m/a.rb"), Role::RubyLibrary);
        assert_eq!(role("lib/a.rb"), Role::RubyLibrary);
        assert_eq!(role("lib/a.txt"), Role::Other);
        assert_eq!(role("lib"), Role::Other);
        assert_eq!(role("manifests/a/b.pp"), Role::ModuleManifest);
        assert_eq!(role("templates/a.erb"), Role::Template);
        assert_eq!(role("facts.d/a.txt"), Role::ExternalFact);
        assert_eq!(role("README.md"), Role::Other);
        assert_eq!(
            role_below(root, Path::new("/other/manifests/a.pp")),
            Role::Other
        );
    }

    #[test]
    fn outside_environments_the_nearest_module_directory_gives_the_root() {
        // (path, its module's name and root, its role)
        let cases = [
            (
                "/x/apache/manifests/mod/ssl.pp",
                Some(("apache", "/x/apache")),
                Role::ModuleManifest,
            ),
            (
                "/x/puppetlabs-apache/manifests/init.pp",
                Some(("apache", "/x/puppetlabs-apache")),
                Role::ModuleManifest,
            ),
            (
                "/x/apache/lib/puppet/type/a.rb",
                Some(("apache", "/x/apache")),
                Role::RubyType,
            ),
            // The plugins' directory wins over a nearer module directory.
            (
                "/x/apache/lib/puppet/functions/manifests/f.rb",
                Some(("apache", "/x/apache")),
                Role::RubyFunction,
            ),
            (
                "/x/apache/templates/manifests/a.pp",
                Some(("templates", "/x/apache/templates")),
                Role::ModuleManifest,
            ),
            (
                "./apache/templates/a.epp",
                Some(("apache", "./apache")),
                Role::Template,
            ),
            (
                "../apache//examples/init.pp",
                Some(("apache", "../apache")),
                Role::Example,
            ),
            ("/x/README.md", None, Role::Other),
            // A relative path's module may be the current directory.
            ("manifests/site.pp", Some(("", "")), Role::ModuleManifest),
        ];
        for (path, module, role) in cases {
            let placement = Layout::default().place(Path::new(path));
            let root = placement.module_root.as_deref().map(Path::display);
            let found = root.map(|root| (placement.module.clone(), root.to_string()));
            let expected = module.map(|(name, root)| (name.to_string(), root.to_string()));
            assert_eq!((found, placement.role), (expected, role), "{path}");
        }
    }

    #[test]
    fn environment_layout_gives_modules_and_manifests() {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["manifests", "modules/web/manifests", "site/role/manifests"] {
            std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        }
        assert_eq!(
            placed(dir.path(), "manifests/site.pp").role,
            Role::EnvironmentManifest
        );
        let web = placed(dir.path(), "modules/web/manifests/vhost.pp");
        assert_eq!(
            (web.module.as_str(), web.role),
            ("web", Role::ModuleManifest)
        );
        // `site/` is not on the default modulepath.
        std::fs::write(
            dir.path().join("environment.conf"),
            "modulepath = site:modules:$basemodulepath\n",
        )
        .unwrap();
        let role = placed(dir.path(), "site/role/manifests/web.pp");
        assert_eq!(
            (role.module.as_str(), role.role),
            ("role", Role::ModuleManifest)
        );
    }

    #[test]
    fn a_main_manifest_without_modules_is_an_environment() {
        let dir = tempfile::tempdir().unwrap();
        let env = dir.path().join("env");
        let module = dir.path().join("site");
        std::fs::create_dir_all(env.join("manifests")).unwrap();
        std::fs::create_dir_all(module.join("manifests")).unwrap();
        for file in [
            "env/manifests/site.pp",
            "site/manifests/site.pp",
            "site/manifests/init.pp",
        ] {
            std::fs::write(dir.path().join(file), "").unwrap();
        }
        assert_eq!(
            placed(dir.path(), "env/manifests/site.pp").role,
            Role::EnvironmentManifest
        );
        let class = placed(dir.path(), "site/manifests/site.pp");
        assert_eq!(
            (class.module.as_str(), class.role),
            ("site", Role::ModuleManifest)
        );
        // Held as a module by the environment around it.
        std::fs::create_dir_all(env.join("modules/web/manifests")).unwrap();
        std::fs::write(env.join("modules/web/manifests/site.pp"), "").unwrap();
        let nested = placed(dir.path(), "env/modules/web/manifests/site.pp");
        assert_eq!(
            (nested.module.as_str(), nested.role),
            ("web", Role::ModuleManifest)
        );
    }

    #[test]
    fn the_environments_own_functions_and_types_belong_to_no_module() {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["manifests", "modules", "functions/environment", "types"] {
            std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        }
        let function = placed(dir.path(), "functions/environment/greet.pp");
        assert_eq!(
            (
                function.module.as_str(),
                function.role,
                function.module_root
            ),
            ("", Role::Function, None)
        );
        let alias = placed(dir.path(), "types/port.pp");
        assert_eq!((alias.module.as_str(), alias.role), ("", Role::TypeAlias));
    }

    #[test]
    fn environment_conf_entries_are_located() {
        let conf = EnvironmentConf::parse(
            "# comment = no\nmodulepath = site:modules:/etc/puppet/private/modules:$basemodulepath\n  manifest = \"manifests/site.pp\"\n",
        );
        let entries = conf.modulepath.unwrap();
        let located: Vec<(&str, u32, u32)> = entries
            .iter()
            .map(|entry| (entry.written.as_str(), entry.line, entry.col))
            .collect();
        assert_eq!(
            located,
            [
                ("site", 2, 14),
                ("modules", 2, 19),
                ("/etc/puppet/private/modules", 2, 27),
                ("$basemodulepath", 2, 55),
            ]
        );
        assert!(entries[3].is_setting());
        assert_eq!(
            entries[2].directory(Path::new("env")),
            Some(PathBuf::from("/etc/puppet/private/modules"))
        );
        assert_eq!(conf.manifest.as_deref(), Some("manifests/site.pp"));
        let quoted = EnvironmentConf::parse("modulepath=\"a:b\"\n")
            .modulepath
            .unwrap();
        assert_eq!(
            (quoted[0].col, quoted[1].written.as_str(), quoted[1].col),
            (13, "b", 15)
        );
    }

    #[test]
    fn metadata_names_the_module() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("apache-mod/manifests")).unwrap();
        std::fs::write(
            dir.path().join("apache-mod/metadata.json"),
            r#"{"name": "puppetlabs-apache"}"#,
        )
        .unwrap();
        let placement = placed(dir.path(), "apache-mod/manifests/init.pp");
        assert_eq!(placement.module, "apache");
        let placement = placed(dir.path(), "saz-rsyslog/manifests/init.pp");
        assert_eq!(placement.module, "rsyslog");
        let placement = placed(dir.path(), "mod/lib/puppet/parser/functions/f.rb");
        assert_eq!(placement.role, Role::RubyFunction);
    }

    #[test]
    fn autoload_paths_follow_the_name() {
        assert_eq!(
            autoload_path(Role::ModuleManifest, "apache"),
            Some("apache/manifests/init.pp".into())
        );
        assert_eq!(
            autoload_path(Role::ModuleManifest, "::apache::mod::ssl"),
            Some("apache/manifests/mod/ssl.pp".into())
        );
        assert_eq!(
            autoload_path(Role::TypeAlias, "Web::Port"),
            Some("web/types/port.pp".into())
        );
        assert_eq!(autoload_path(Role::Function, "toplevel"), None);
        for (role, name) in [
            (Role::ModuleManifest, "apache"),
            (Role::ModuleManifest, "::Apache::Mod::SSL"),
            (Role::ModuleManifest, "a::::b"),
            (Role::TypeAlias, "Web::Port"),
            (Role::Function, "toplevel"),
            (Role::Function, "ünï::côde"),
        ] {
            let expected = autoload_path(role, name).unwrap_or_default();
            for path in [
                expected.as_str(),
                "apache/manifests/init.pp",
                "apache/manifests/mod/ssl.pp",
                "apache/manifests/mod/ssl",
                "web/types/port.pp",
                "a/manifests//b.pp",
                "",
            ] {
                assert_eq!(
                    is_autoload_path(role, name, path),
                    !expected.is_empty() && path == expected,
                    "{name} at {path}"
                );
            }
        }
    }
}
