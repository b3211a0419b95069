//! `pfacts.toml`: a repository's settings for `pfacts check`.
//!
//! The file is found in the current directory or the nearest parent (a
//! control repository's root), or given with `--config`. Its paths are
//! relative to its own directory. Every value remembers where it came
//! from, for `pfacts config`.
//!
//! ```toml
//! puppet = 8                    # check for the move to Puppet 8
//! fail-on = "warning"
//! ignore = ["spec/fixtures", "vendor/**"]
//! modulepath = ["site", "modules"]
//!
//! [rules]
//! top-scope-fact = "warning"   # on, with this severity
//! default-leak = "off"
//!
//! [known]
//! classes = ["secrets"]         # defined where pfacts cannot see
//! facts = ["role"]
//! functions = ["mycorp::lookup_secret"]
//! types = ["mycorp_service"]
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::diagnostic::{Location, Severity};
use crate::facts::schema::KnownKind;
use crate::lints;

/// The name of the configuration file.
pub const FILE_NAME: &str = "pfacts.toml";

/// What a rule is set to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Off,
    Warning,
    Error,
}

impl Level {
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }

    /// The level a rule has unless configured.
    fn default_of(rule: &lints::Rule) -> Level {
        match (rule.enabled, rule.severity) {
            (false, _) => Level::Off,
            (true, Severity::Error) => Level::Error,
            (true, Severity::Warning) => Level::Warning,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Level::Off => "off",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
}

/// Which findings fail the run (exit status 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum FailOn {
    /// Errors only.
    Error,
    /// Errors and warnings.
    Warning,
}

impl FailOn {
    pub fn fails(self, severity: Severity) -> bool {
        severity == Severity::Error || self == FailOn::Warning
    }

    fn name(self) -> &'static str {
        match self {
            FailOn::Error => "error",
            FailOn::Warning => "warning",
        }
    }
}

/// The Puppet version the code is checked for: Puppet 8 (and OpenVox 8)
/// turn on the rules of the move from Puppet 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "u8")]
pub enum PuppetVersion {
    Puppet7,
    Puppet8,
}

impl TryFrom<u8> for PuppetVersion {
    type Error = String;

    fn try_from(version: u8) -> Result<PuppetVersion, String> {
        match version {
            7 => Ok(PuppetVersion::Puppet7),
            8 => Ok(PuppetVersion::Puppet8),
            _ => Err(format!("Puppet {version} is not one pfacts knows: 7 or 8")),
        }
    }
}

impl PuppetVersion {
    fn number(self) -> u8 {
        match self {
            PuppetVersion::Puppet7 => 7,
            PuppetVersion::Puppet8 => 8,
        }
    }
}

/// Where a value came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Default,
    File { path: PathBuf, line: usize },
    CommandLine,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Default => f.write_str("default"),
            Origin::File { path, line } => write!(f, "{}:{line}", path.display()),
            Origin::CommandLine => f.write_str("command line"),
        }
    }
}

/// A value and where it came from.
#[derive(Clone, Debug)]
pub struct Setting<T> {
    pub value: T,
    pub origin: Origin,
}

impl<T> Setting<T> {
    fn default(value: T) -> Setting<T> {
        Setting {
            value,
            origin: Origin::Default,
        }
    }
}

/// The effective configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The file read, if any.
    pub file: Option<PathBuf>,
    /// The directory the configured paths are relative to: the file's, or
    /// the current one.
    pub root: PathBuf,
    /// Every rule's level, in `pfacts rules` order.
    pub rules: Vec<(&'static str, Setting<Level>)>,
    pub puppet: Setting<PuppetVersion>,
    pub fail_on: Setting<FailOn>,
    /// gitignore-style patterns of paths not to analyze.
    pub ignore: Setting<Vec<String>>,
    /// Directories whose subdirectories are modules.
    pub modulepath: Setting<Vec<String>>,
    pub known_classes: Setting<Vec<String>>,
    pub known_facts: Setting<Vec<String>>,
    pub known_functions: Setting<Vec<String>>,
    pub known_types: Setting<Vec<String>>,
    /// Functions of the site that declare classes (`[functions.role]
    /// includes = "role::{}"`), by name, with the class each argument
    /// names (`{}` is the argument).
    pub class_functions: Vec<(String, Setting<String>)>,
}

/// A configuration file that cannot be used: where and why.
#[derive(Debug)]
pub struct Error {
    pub path: PathBuf,
    pub location: Option<Location>,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(location) = self.location {
            write!(f, ":{}:{}", location.line, location.column)?;
        }
        write!(f, ": error: {}", self.message)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    rules: Option<BTreeMap<Spanned<String>, Spanned<Level>>>,
    puppet: Option<Spanned<PuppetVersion>>,
    fail_on: Option<Spanned<FailOn>>,
    ignore: Option<Spanned<Vec<String>>>,
    modulepath: Option<Spanned<Vec<String>>>,
    known: Option<RawKnown>,
    functions: Option<BTreeMap<String, RawFunction>>,
}

/// `[functions.NAME]`: what a function of the site does.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFunction {
    /// The class each argument includes, `{}` standing for the argument.
    includes: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKnown {
    classes: Option<Spanned<Vec<String>>>,
    facts: Option<Spanned<Vec<String>>>,
    functions: Option<Spanned<Vec<String>>>,
    types: Option<Spanned<Vec<String>>>,
}

impl Config {
    /// Every rule as documented, nothing ignored, relative to `root`.
    pub fn defaults(root: PathBuf) -> Config {
        Config {
            file: None,
            root,
            rules: lints::rules()
                .map(|rule| (rule.id, Setting::default(Level::default_of(rule))))
                .collect(),
            puppet: Setting::default(PuppetVersion::Puppet7),
            fail_on: Setting::default(FailOn::Error),
            ignore: Setting::default(Vec::new()),
            modulepath: Setting::default(Vec::new()),
            known_classes: Setting::default(Vec::new()),
            known_facts: Setting::default(Vec::new()),
            known_functions: Setting::default(Vec::new()),
            known_types: Setting::default(Vec::new()),
            class_functions: Vec::new(),
        }
    }

    /// The configuration `--config` names, or the nearest `pfacts.toml`
    /// from the current directory up, or the defaults.
    pub fn load(explicit: Option<&Path>) -> Result<Config, Error> {
        let current = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
        let path = match explicit {
            Some(path) => Some(path.to_path_buf()),
            None => current
                .ancestors()
                .map(|dir| dir.join(FILE_NAME))
                .find(|candidate| candidate.is_file()),
        };
        match path {
            None => Ok(Config::defaults(current)),
            Some(path) => {
                let text = std::fs::read_to_string(&path).map_err(|error| Error {
                    path: path.clone(),
                    location: None,
                    message: error.to_string(),
                })?;
                let root = match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                Config::parse(&path, &text, root)
            }
        }
    }

    /// Reads the text of the configuration file at `path`.
    pub fn parse(path: &Path, text: &str, root: PathBuf) -> Result<Config, Error> {
        let error_at = |offset: usize, message: String| Error {
            path: path.to_path_buf(),
            location: Some(Location::of_offset(text, offset)),
            message,
        };
        let raw: RawConfig = toml::from_str(text).map_err(|error| {
            let offset = error.span().map_or(0, |span| span.start);
            let mut message = error.message().trim_end().to_string();
            if let Some(key) = key_on_line(text, offset).filter(|key| !message.contains(key)) {
                message = format!("`{key}`: {message}");
            }
            error_at(offset, message)
        })?;
        let mut config = Config::defaults(root);
        config.file = Some(path.to_path_buf());
        let origin = |offset: usize| Origin::File {
            path: path.to_path_buf(),
            line: Location::of_offset(text, offset).line,
        };
        let setting = |value: Spanned<Vec<String>>| Setting {
            origin: origin(value.span().start),
            value: value.into_inner(),
        };
        for (rule, level) in raw.rules.unwrap_or_default() {
            let Some(entry) = config.rules.iter_mut().find(|(id, _)| id == rule.get_ref()) else {
                return Err(error_at(
                    rule.span().start,
                    format!(
                        "unknown rule `{}` (`pfacts rules` lists them)",
                        rule.get_ref()
                    ),
                ));
            };
            entry.1 = Setting {
                origin: origin(rule.span().start),
                value: level.into_inner(),
            };
        }
        if let Some(puppet) = raw.puppet {
            config.target(Setting {
                origin: origin(puppet.span().start),
                value: puppet.into_inner(),
            });
        }
        if let Some(fail_on) = raw.fail_on {
            config.fail_on = Setting {
                origin: origin(fail_on.span().start),
                value: fail_on.into_inner(),
            };
        }
        if let Some(ignore) = raw.ignore {
            config.ignore = setting(ignore);
        }
        if let Some(modulepath) = raw.modulepath {
            config.modulepath = setting(modulepath);
        }
        if let Some(known) = raw.known {
            if let Some(classes) = known.classes {
                config.known_classes = setting(classes);
            }
            if let Some(facts) = known.facts {
                config.known_facts = setting(facts);
            }
            if let Some(functions) = known.functions {
                config.known_functions = setting(functions);
            }
            if let Some(types) = known.types {
                config.known_types = setting(types);
            }
        }
        for (function, raw) in raw.functions.unwrap_or_default() {
            let start = raw.includes.span().start;
            let includes = Setting {
                origin: origin(start),
                value: raw.includes.into_inner(),
            };
            if !includes.value.contains("{}") {
                return Err(error_at(
                    start,
                    format!(
                        "`includes` of function `{function}` must hold `{{}}`, where its argument goes"
                    ),
                ));
            }
            config.class_functions.push((function, includes));
        }
        Ok(config)
    }

    /// Checks for `puppet`: Puppet 8 makes the rules of the move
    /// ([`lints::PUPPET8`]) errors, Puppet 7 leaves them at their default;
    /// a rule the configuration sets itself keeps its level.
    pub fn target(&mut self, puppet: Setting<PuppetVersion>) {
        for (id, setting) in &mut self.rules {
            let by_version =
                setting.origin == Origin::Default || setting.origin == self.puppet.origin;
            if !by_version || !lints::PUPPET8.contains(id) {
                continue;
            }
            *setting = match puppet.value {
                PuppetVersion::Puppet8 => Setting {
                    value: Level::Error,
                    origin: puppet.origin.clone(),
                },
                PuppetVersion::Puppet7 => {
                    let rule = lints::find(id).expect("the configuration lists every rule");
                    Setting::default(Level::default_of(rule))
                }
            };
        }
        self.puppet = puppet;
    }

    /// The level of rule `id`.
    pub fn level(&self, id: &str) -> Level {
        self.rules
            .iter()
            .find(|(rule, _)| *rule == id)
            .map_or(Level::Off, |(_, setting)| setting.value)
    }

    /// The configuration as TOML, each value followed by where it came
    /// from.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        match &self.file {
            Some(path) => out.push_str(&format!("# read from {}\n", path.display())),
            None => out.push_str(&format!("# no {FILE_NAME} found: defaults\n")),
        }
        let line = |out: &mut String, key: &str, value: String, origin: &Origin| {
            out.push_str(&format!("{key} = {value}  # {origin}\n"));
        };
        let list = |values: &[String]| {
            toml::Value::Array(values.iter().cloned().map(toml::Value::String).collect())
                .to_string()
        };
        let quoted = |text: &str| toml::Value::String(text.to_string()).to_string();
        line(
            &mut out,
            "puppet",
            self.puppet.value.number().to_string(),
            &self.puppet.origin,
        );
        line(
            &mut out,
            "fail-on",
            quoted(self.fail_on.value.name()),
            &self.fail_on.origin,
        );
        line(
            &mut out,
            "ignore",
            list(&self.ignore.value),
            &self.ignore.origin,
        );
        line(
            &mut out,
            "modulepath",
            list(&self.modulepath.value),
            &self.modulepath.origin,
        );
        out.push_str("\n[known]\n");
        for (key, setting) in [
            ("classes", &self.known_classes),
            ("facts", &self.known_facts),
            ("functions", &self.known_functions),
            ("types", &self.known_types),
        ] {
            line(&mut out, key, list(&setting.value), &setting.origin);
        }
        for (function, includes) in &self.class_functions {
            out.push_str(&format!("\n[functions.{function}]\n"));
            line(
                &mut out,
                "includes",
                quoted(&includes.value),
                &includes.origin,
            );
        }
        out.push_str("\n[rules]\n");
        for (id, setting) in &self.rules {
            line(&mut out, id, quoted(setting.value.name()), &setting.origin);
        }
        out
    }

    /// What the configuration adds to the input of the extraction.
    pub fn input(&self) -> Result<crate::facts::Input, Error> {
        let absolute = |entry: &str| std::path::absolute(self.root.join(entry)).unwrap_or_default();
        let mut ignore = ignore::gitignore::GitignoreBuilder::new(absolute(""));
        for pattern in &self.ignore.value {
            ignore
                .add_line(None, pattern)
                .map_err(|error| self.error(&self.ignore.origin, error.to_string()))?;
        }
        let ignore = ignore
            .build()
            .map_err(|error| self.error(&self.ignore.origin, error.to_string()))?;
        let known = |setting: &Setting<Vec<String>>, kind: KnownKind| {
            setting
                .value
                .iter()
                .map(|name| (kind, name.clone()))
                .collect::<Vec<_>>()
        };
        let modulepath = match (&self.file, &self.modulepath.origin) {
            (Some(file), Origin::File { line, .. }) => Some(crate::facts::ConfiguredModulepath {
                // As the analyzed files are named: from the current
                // directory, when below it.
                file: std::env::current_dir()
                    .ok()
                    .and_then(|current| file.strip_prefix(current).ok())
                    .map_or_else(|| file.clone(), Path::to_path_buf),
                line: *line as u32,
                entries: self
                    .modulepath
                    .value
                    .iter()
                    .map(|entry| (entry.clone(), absolute(entry)))
                    .collect(),
            }),
            _ => None,
        };
        Ok(crate::facts::Input {
            ignore,
            modulepath,
            known: [
                known(&self.known_facts, KnownKind::Fact),
                known(&self.known_classes, KnownKind::Class),
                known(&self.known_functions, KnownKind::Function),
                known(&self.known_types, KnownKind::ResourceType),
            ]
            .concat(),
            class_functions: self
                .class_functions
                .iter()
                .map(|(function, includes)| crate::facts::ClassFunction {
                    function: function.clone(),
                    includes: includes.value.clone(),
                })
                .collect(),
            removed_ruby_apis: true,
        })
    }

    fn error(&self, origin: &Origin, message: String) -> Error {
        let (path, line) = match origin {
            Origin::File { path, line } => (path.clone(), Some(*line)),
            _ => (PathBuf::from(FILE_NAME), None),
        };
        Error {
            path,
            location: line.map(|line| Location { line, column: 1 }),
            message,
        }
    }
}

/// The key assigned on the line of `offset` (`key = value`), to name it
/// in an error about its value.
fn key_on_line(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |newline| newline + 1);
    let end = text[offset..]
        .find('\n')
        .map_or(text.len(), |newline| offset + newline);
    let (key, _) = text[start..end].split_once('=')?;
    let key = key.trim();
    (!key.is_empty() && !key.starts_with('#')).then(|| key.to_string())
}
