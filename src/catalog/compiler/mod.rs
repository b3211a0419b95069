//! The compiler: evaluates an environment's code for one node, as Puppet 7's
//! compiler does, into a catalog. Its parts: scopes and variables
//! (`scope`), expressions (`eval`) and operators (`operators`), function
//! calls (`calls`) and templates (`templates`), classes and defines
//! (`classes`), resources, defaults and collectors (`resources`), the
//! finishing passes (`finish`) and the catalog's JSON (`output`).

mod calls;
mod classes;
mod context;
mod eval;
mod finish;
mod lookups;
mod operators;
mod output;
mod resources;
mod ruby;
mod scope;
mod templates;
mod titles;
mod trace;
mod type_sets;
mod types;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use indexmap::IndexMap;
use serde_json::Value as Json;

use super::environment::{autoloaded, Environment};
use super::values::Value;
use super::{capitalize, error, hiera, EvalError, Result};
use crate::catalog::functions::Level;
use crate::catalog::values::types::data_type::Alias;
use crate::catalog::values::Type;
use crate::facts::ast::{self, Form, NodeMatcher};
use crate::facts::epp;
use crate::facts::layout::Role;
use context::CallSite;
use resources::is_tag;
pub use trace::{DefaultApplied, Found, Site, Trace, Use, UseKind, VariableRead};

type ScopeId = usize;

struct Scope {
    variables: HashMap<String, Value>,
    /// Where each variable of the code was assigned or declared as a
    /// parameter: file index and line.
    origins: HashMap<String, (usize, u32)>,
    /// Where names not found here are looked up.
    parent: Option<ScopeId>,
    /// Where resource defaults not set here come from.
    dynamic_parent: Option<ScopeId>,
    /// While the defaults of this scope's parameters are evaluated: which
    /// have no value yet, which reading fails.
    parameter_guard: Option<ParameterGuard>,
    defaults: Vec<ResourceDefault>,
    /// The resource whose body this scope evaluates (`Class[main]` for top
    /// scope): the container of what it declares, and the source of their
    /// tags.
    resource: usize,
    /// A lambda's scope, Puppet's local scope within its parent's: it sees
    /// the parent's match groups (`$1`), which a class's, define's or
    /// function's scope does not.
    local: bool,
}

/// A resource default: type, attribute, value, `+>`, and where it is
/// written (file index, line).
struct ResourceDefault {
    type_name: String,
    attribute: String,
    value: Value,
    append: bool,
    origin: (Option<usize>, u32),
}

/// Puppet's `strict` setting: what becomes of code Puppet only warns
/// about (an unknown variable, when `strict_variables` is off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strict {
    Off,
    /// Puppet 7's default.
    #[default]
    Warning,
    Error,
}

/// The settings a compilation runs under; the default is Puppet 7's
/// (`strict_variables=false`, `strict=warning`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    pub strict_variables: bool,
    pub strict: Strict,
    /// Run modules' Ruby functions and ERB templates with the system's
    /// `ruby` (`--ruby`).
    pub ruby: bool,
}

impl Options {
    /// What an unknown variable is: an error under `strict_variables`,
    /// else as `strict` says.
    fn unknown_variable(&self) -> Strict {
        if self.strict_variables {
            Strict::Error
        } else {
            self.strict
        }
    }
}

/// A message the compilation logged: a logging function's, or a warning
/// of Puppet's, with where.
#[derive(Clone, Debug)]
pub struct Log {
    pub level: Level,
    pub message: String,
    pub at: Option<(PathBuf, ast::Span)>,
}

/// What compiling a node gives: the catalog or the error that stopped it,
/// what was logged on the way, the values pfacts could not evaluate, and
/// what the evaluator did.
pub struct Outcome {
    pub catalog: Result<Json>,
    pub logs: Vec<Log>,
    pub unevaluated: Vec<Rc<crate::catalog::values::Unevaluated>>,
    pub trace: Trace,
}

#[derive(Clone, Debug)]
struct CatalogResource {
    type_name: String,
    title: String,
    /// In the order Puppet sets them: Ruby hashes keep it, and so does
    /// the catalog.
    parameters: IndexMap<String, Value>,
    form: Form,
    scope: ScopeId,
    file: Option<usize>,
    line: u32,
    tags: Vec<String>,
    /// The class, define instance, node or stage that contains it.
    container: Option<usize>,
    defined: bool,
    /// A define instance whose body has run: Puppet's `Resource#merge`
    /// warns of an override of it, as `strict` says.
    evaluated: bool,
    /// A class declared resource-like (`class { 'x': }`): Puppet keeps
    /// where.
    resource_like: bool,
    /// How many of `tags` are its own when it is made (its type's, its
    /// title's), before those of its container and of `tag()`: a class's
    /// or node's own tags are the catalog's.
    own_tags: usize,
    /// Whether its title was given as a string: one given as another value
    /// by a function is no tag, and the namevar does not repeat it.
    title_is_text: bool,
    /// Declared by `create_resources` or `ensure_resource`: Puppet leaves
    /// its `exported` unset, and its catalog writes it after `kind`.
    by_function: bool,
    /// The line of each relationship metaparameter its resource
    /// expression writes, where Puppet's check of it points.
    relationship_lines: Vec<(String, u32)>,
}

struct Override {
    reference: (String, String),
    /// Name, value, `+>`, and where the attribute is written.
    attributes: Vec<(String, Value, bool, ast::Span)>,
    /// The class, define, node or main class whose code overrides.
    source: usize,
    /// Where the override is written: file index and span.
    site: (Option<usize>, ast::Span),
}

/// The metaparameters that name other resources of the catalog.
const RELATIONSHIP_METAPARAMETERS: [&str; 4] = ["before", "require", "notify", "subscribe"];

/// A resource reference: capitalized type and title.
type Reference = (String, String);

/// One side of a relationship: a resource, or what a collector collects
/// (known when the compilation finishes).
#[derive(Clone, Debug)]
enum Side {
    Resource(Reference),
    /// The collector's position in `Compiler::collectors`.
    Collected(usize),
}

/// (sources, targets, arrow `->` or `~>`).
type Relationship = (Vec<Side>, Vec<Side>, String);

/// Where a definition is: file index and definition.
type Located<'e> = (usize, &'e ast::Definition);

/// A define instance declared, its body not evaluated yet: Puppet evaluates
/// them once the node's code is done, in the order declared, each pass
/// those the previous one declared (`evaluate_generators`).
struct PendingInstance<'e> {
    resource: usize,
    define: Located<'e>,
    /// The given parameters and those from the defaults in reach where it
    /// was declared.
    attributes: Vec<(String, Value)>,
    /// Where it was declared, and the scope its body sees beyond its own.
    scope: ScopeId,
    static_parent: ScopeId,
    /// The module declaring it, and where.
    caller: String,
    site: (Option<usize>, ast::Span),
}

pub struct Compiler<'e> {
    env: &'e Environment,
    classes: HashMap<String, Located<'e>>,
    defines: HashMap<String, Located<'e>>,
    functions: HashMap<String, Located<'e>>,
    scopes: Vec<Scope>,
    class_scopes: HashMap<String, ScopeId>,
    resources: Vec<CatalogResource>,
    /// Each resource's index in `resources`, by type and title.
    resource_index: HashMap<(String, String), usize>,
    overrides: Vec<Override>,
    collectors: Vec<(ScopeId, ast::Collector)>,
    realized: Vec<(String, String)>,
    pending: Vec<PendingInstance<'e>>,
    node_scope: Option<ScopeId>,
    /// (sources, targets, arrow `->` or `~>`), made metaparameters of the
    /// sources when the compilation finishes, as Puppet does.
    relationships: Vec<Relationship>,
    /// For a collector on the right of an arrow, what stood on its left:
    /// where it collects nothing, the next arrow starts from there
    /// (Puppet's `EmptyAlternativeAdapter`).
    empty_alternatives: HashMap<usize, Vec<Side>>,
    /// The resources each collector collected, by its position, in the
    /// order it collected them.
    collected: Vec<indexmap::IndexSet<Reference>>,
    facts: Value,
    file: Option<usize>,
    /// The template file being rendered, where its warnings are.
    template_file: Option<PathBuf>,
    /// Classes being declared, to catch circular inheritance.
    declaring: Vec<String>,
    /// Nesting of evaluation, bounded so that no input overflows the stack.
    depth: usize,
    hiera: hiera::Hiera,
    /// The annotations associated with values (`MyAnnotation.annotate(v,
    /// {...})`): the value, the annotation type's name, the annotation.
    annotations: Vec<(Value, String, Value)>,
    /// What the evaluation did, when asked ([`Compiler::traced`]).
    trace: Option<Trace>,
    /// The environment's type aliases by lower-case name, and those
    /// evaluated so far.
    aliases: HashMap<String, (usize, &'e ast::TypeAlias)>,
    alias_types: HashMap<String, Rc<Alias>>,
    /// The members of the type sets resolved so far that are not yet
    /// resolved themselves, by lower-case full name (`ts::myobject`).
    type_set_members: HashMap<String, type_sets::PendingMember<'e>>,
    /// The type sets whose members are being resolved, innermost last.
    type_set_scopes: Vec<Rc<crate::catalog::values::types::type_set::TypeSet>>,
    /// The roots of the modules the environment leaves out (their
    /// `metadata.json` does not parse, and `strict` is `error`).
    left_out: Vec<PathBuf>,
    /// ERB templates being rendered, each inside the previous.
    templates_rendering: usize,
    /// Templates nested past the limit: every level fails.
    template_overflow: bool,
    /// How many times code decided with a value pfacts did not compute: a
    /// template whose rendering did is not computed either.
    marks_decided: std::cell::Cell<usize>,
    /// What gave the last value code decided with (`bool2httpd()`).
    last_mark_decided: std::cell::RefCell<String>,
    /// Templates lowered so far, by path (`epp`) or text (`inline_epp`).
    templates: HashMap<String, Rc<epp::Template>>,
    /// The text rendered so far by each template being evaluated, and
    /// whether a sensitive value went into it.
    epp_output: Vec<(String, bool)>,
    options: Options,
    /// The function calls being evaluated, innermost last.
    call_sites: Vec<CallSite>,
    /// The keys of the deprecation warnings logged, each once, as
    /// Puppet's `deprecation_warning` does.
    deprecations: HashSet<String>,
    logs: Vec<Log>,
    /// What templates' Ruby set with `scope.setvar`, by scope and name, as
    /// Ruby holds it: templates rendered in that scope read it back.
    erb_variables: HashMap<(ScopeId, String), crate::catalog::erb::Object>,
    /// Why Puppet would fail the ERB template being rendered (a variable
    /// `scope['x']` reads that is not defined, under `strict=error`).
    template_failure: Option<String>,
    /// The files loaded so far: their validation issues are reported once.
    loaded: HashSet<usize>,
    /// The Ruby shim, with `--ruby`, and the Ruby functions it described.
    ruby: ruby::RubyState,
    ruby_functions: HashMap<String, Rc<ruby::Described>>,
    /// The values pfacts could not evaluate, as they were made.
    unevaluated: Vec<Rc<crate::catalog::values::Unevaluated>>,
    /// The keys of the warnings given once (`Context::warn_once`).
    warned_once: HashSet<String>,
    /// The name of the node compiled, which some of Puppet's messages
    /// give.
    node: String,
    /// Evaluating the text of a type (`assert_type('Foo', $x)`), which
    /// Puppet's type parser reads: an unknown name is a reference to a
    /// type, not an error.
    reading_type_text: bool,
}

/// The deepest nesting of expressions and declarations evaluated.
const MAX_DEPTH: usize = 2 * ast::MAX_DEPTH;

const TOP: ScopeId = 0;

/// `$environment`: Puppet's default environment name (the catalog is that
/// of one environment directory, whatever it is called).
const ENVIRONMENT: &str = "production";

/// Puppet's `ParameterScope`: the parameters of a class, define, function
/// or lambda while their defaults are evaluated, in order.
#[derive(Clone, Debug)]
struct ParameterGuard {
    /// Who the parameters are of, as Puppet's messages name it
    /// (`Class[Web]`, a function's name).
    callee: String,
    /// Every parameter's name, in order.
    order: Vec<String>,
    /// Those that have no value yet: missing, or defaulted and not yet
    /// evaluated.
    unevaluated: Vec<String>,
    /// The parameter whose default is being evaluated.
    evaluating: String,
    /// Where Puppet reports a default that reads one of `unevaluated`:
    /// the declaration or the call.
    at: (Option<usize>, ast::Span),
}

impl ParameterGuard {
    /// Puppet's `parameter_reference_failure` for a default reading `to`.
    fn failure(&self, to: &str) -> String {
        let index = |name: &str| self.order.iter().position(|n| n == name);
        if index(to) < index(&self.evaluating) {
            format!("{}: expects a value for parameter ${to}", self.callee)
        } else {
            format!(
                "{}: default expression for ${} tries to illegally access not yet evaluated ${to}",
                self.callee, self.evaluating
            )
        }
    }
}

/// The top-scope variables Puppet sets for a node before any code runs:
/// its facts (each, and `$facts`), `$trusted` as an agent whose
/// certificate names the node brings it, and `$environment`.
pub fn node_variables(node: &str, facts: &Value) -> Vec<(String, Value)> {
    let mut variables = Vec::new();
    if let Value::Hash(entries) = facts {
        for (key, value) in entries {
            variables.push((key.to_text(), value.clone()));
        }
    }
    variables.push(("facts".to_string(), facts.clone()));
    let (hostname, domain) = node.split_once('.').unwrap_or((node, ""));
    let text = |text: &str| Value::Str(text.to_string());
    let trusted = Value::Hash(vec![
        (text("authenticated"), text("remote")),
        (text("certname"), text(node)),
        (text("extensions"), Value::Hash(Vec::new())),
        (text("hostname"), text(hostname)),
        (text("domain"), text(domain)),
        (text("external"), Value::Hash(Vec::new())),
    ]);
    variables.push(("trusted".to_string(), trusted));
    variables.push(("environment".to_string(), text(ENVIRONMENT)));
    variables
}

impl<'e> Compiler<'e> {
    pub fn new(env: &'e Environment, facts: Value) -> Compiler<'e> {
        let mut compiler = Compiler {
            env,
            classes: HashMap::new(),
            defines: HashMap::new(),
            functions: HashMap::new(),
            scopes: Vec::new(),
            class_scopes: HashMap::new(),
            resources: Vec::new(),
            resource_index: HashMap::new(),
            overrides: Vec::new(),
            collectors: Vec::new(),
            realized: Vec::new(),
            pending: Vec::new(),
            node_scope: None,
            template_file: None,
            relationships: Vec::new(),
            empty_alternatives: HashMap::new(),
            collected: Vec::new(),
            facts,
            file: None,
            declaring: Vec::new(),
            depth: 0,
            hiera: hiera::Hiera::new(&env.root, env.modulepath(), Default::default()),
            annotations: Vec::new(),
            trace: None,
            epp_output: Vec::new(),
            templates: HashMap::new(),
            templates_rendering: 0,
            template_overflow: false,
            marks_decided: std::cell::Cell::new(0),
            last_mark_decided: std::cell::RefCell::new(String::new()),
            aliases: HashMap::new(),
            alias_types: HashMap::new(),
            type_set_members: HashMap::new(),
            type_set_scopes: Vec::new(),
            left_out: Vec::new(),
            options: Options::default(),
            call_sites: Vec::new(),
            deprecations: HashSet::new(),
            logs: Vec::new(),
            loaded: HashSet::new(),
            erb_variables: HashMap::new(),
            template_failure: None,
            ruby: ruby::RubyState::Off,
            ruby_functions: HashMap::new(),
            unevaluated: Vec::new(),
            warned_once: HashSet::new(),
            node: String::new(),
            reading_type_text: false,
        };
        for (index, (path, program)) in env.files() {
            for alias in &program.type_aliases {
                compiler
                    .aliases
                    .entry(alias.name.to_lowercase())
                    .or_insert((index, alias));
            }
            // Puppet finds a module's definition only in the file its
            // autoloader reads for the name or one of its namespaces.
            let found = |role: Role, name: &str| env.is_own(index) || autoloaded(path, role, name);
            for class in &program.classes {
                if found(Role::ModuleManifest, &class.name) {
                    compiler
                        .classes
                        .entry(class.name.clone())
                        .or_insert((index, class));
                }
            }
            for define in &program.defines {
                if found(Role::ModuleManifest, &define.name) {
                    compiler
                        .defines
                        .entry(define.name.clone())
                        .or_insert((index, define));
                }
            }
            for function in &program.functions {
                if found(Role::Function, &function.name) {
                    compiler
                        .functions
                        .entry(function.name.clone())
                        .or_insert((index, function));
                }
            }
        }
        compiler.new_scope(None, None);
        compiler
    }

    /// Compiles under `options` instead of Puppet 7's defaults.
    pub fn with_options(mut self, options: Options) -> Compiler<'e> {
        self.options = options;
        let strictness = hiera::Strictness {
            variables: options.strict_variables,
            error: options.strict == Strict::Error,
        };
        // `new` read the environment's layer under Puppet 7's defaults.
        if strictness != hiera::Strictness::default() {
            self.hiera = hiera::Hiera::new(&self.env.root, self.env.modulepath(), strictness);
        }
        self.judge_faulty_modules();
        if options.ruby {
            self.ruby = ruby::RubyState::Wanted;
        }
        self
    }

    /// The modules whose `metadata.json` does not parse: loaded with
    /// Puppet 7's warning; under `strict=error` left out of the
    /// environment, as Puppet's `Environment#modules` leaves them (its
    /// error logged, the compilation going on without them).
    fn judge_faulty_modules(&mut self) {
        let env = self.env;
        for module in env.faulty_modules() {
            if self.options.strict != Strict::Error {
                self.logs.push(Log {
                    level: Level::Warning,
                    message: module.message(),
                    at: None,
                });
                continue;
            }
            self.logs.push(Log {
                level: Level::Err,
                message: module.message(),
                at: None,
            });
            let outside = |index: &usize| !env.file(*index).0.starts_with(&module.root);
            self.classes.retain(|_, (index, _)| outside(index));
            self.defines.retain(|_, (index, _)| outside(index));
            self.functions.retain(|_, (index, _)| outside(index));
            self.aliases.retain(|_, (index, _)| outside(index));
            self.hiera.leave_out_module(&module.name);
            self.left_out.push(module.root.clone());
        }
    }

    /// The function a module writes in Ruby named `name`, unless the
    /// environment leaves its module out.
    fn ruby_function(&self, name: &str) -> Option<&'e super::environment::RubyFunction> {
        let env = self.env;
        env.ruby_function(name).filter(|function| {
            !self
                .left_out
                .iter()
                .any(|root| function.path.starts_with(root))
        })
    }

    /// Hiera's global layer, from `config` (Puppet's `hiera_config`).
    pub fn with_global_hiera(mut self, config: &Path) -> Compiler<'e> {
        self.hiera.set_global(config);
        self
    }

    pub(super) fn new_scope(
        &mut self,
        parent: Option<ScopeId>,
        dynamic_parent: Option<ScopeId>,
    ) -> ScopeId {
        self.scopes.push(Scope {
            variables: HashMap::new(),
            origins: HashMap::new(),
            parent,
            dynamic_parent,
            parameter_guard: None,
            defaults: Vec::new(),
            resource: parent.map_or(0, |parent| self.scopes[parent].resource),
            local: false,
        });
        self.scopes.len() - 1
    }

    /// Compiles the catalog of `node`.
    pub fn compile(self, node: &str) -> Result<Json> {
        self.run(node).catalog
    }

    /// A compiler that records what the evaluation does, in
    /// [`Outcome::trace`]: for tests that hold the static analysis to it,
    /// not for every compile.
    pub fn traced(mut self) -> Compiler<'e> {
        self.trace = Some(Trace::default());
        self
    }

    /// Compiles the catalog of `node`: the catalog or the error, and what
    /// happened on the way.
    pub fn run(mut self, node: &str) -> Outcome {
        let catalog = self.compile_node(node);
        Outcome {
            catalog,
            logs: self.logs,
            unevaluated: self.unevaluated,
            trace: self.trace.unwrap_or_default(),
        }
    }

    fn compile_node(&mut self, node: &str) -> Result<Json> {
        self.node = node.to_string();
        let variables = node_variables(node, &self.facts);
        self.scopes[TOP].variables.extend(variables);
        // Top scope is the scope of class `main`: Puppet names it so.
        for (automatic, value) in [("title", "main"), ("name", "main"), ("module_name", "")] {
            self.scopes[TOP]
                .variables
                .insert(automatic.to_string(), Value::Str(value.to_string()));
        }
        let main = self.add_resource("Class", "main", TOP, Form::Regular, None, 0);
        let stage = self.add_resource("Stage", "main", TOP, Form::Regular, None, 0);
        let settings = self.add_resource("Class", "Settings", TOP, Form::Regular, None, 0);
        for index in [main, stage] {
            self.resources[index]
                .parameters
                .insert("name".to_string(), Value::Str("main".to_string()));
        }
        self.resources[main].container = Some(stage);
        self.resources[settings].container = Some(stage);
        // `$settings::confdir` and the rest: the settings of Puppet's
        // server, as `Scope#merge_settings` gives them.
        let settings_scope = self.new_scope(Some(TOP), Some(TOP));
        self.scopes[settings_scope].resource = settings;
        let settings: Vec<(Value, Value)> = crate::facts::builtins::settings()
            .map(|(name, value)| (Value::string(name), Value::from_json(&value)))
            .collect();
        let mut variables: HashMap<String, Value> = settings
            .iter()
            .map(|(name, value)| (name.to_text(), value.clone()))
            .collect();
        // And all of them in one hash (in the recording's order, by name).
        variables.insert("all_local".to_string(), Value::Hash(settings));
        self.scopes[settings_scope].variables = variables;
        self.class_scopes
            .insert("settings".to_string(), settings_scope);
        // Top-scope code of every environment manifest, in file order,
        // once Puppet has loaded them all.
        let env = self.env;
        for (index, _) in env.manifests() {
            self.check_loaded(index)?;
        }
        self.check_node_names()?;
        for (index, (_, program)) in env.manifests() {
            self.file = Some(index);
            self.jumpless_body(&program.statements, TOP)
                .map_err(|e| self.locate(e, index))?;
        }
        // Node definitions count in the environment's manifests only.
        let has_nodes = env
            .manifests()
            .any(|(_, (_, program))| !program.nodes.is_empty());
        let found = self.find_node(node);
        if has_nodes && found.is_none() {
            return Err(error(
                format!("Could not find node statement with name 'default' or '{node}'"),
                ast::Span::default(),
            ));
        }
        if let Some((index, definition, matched)) = found {
            let name = node_name(matched);
            let node_resource =
                self.add_resource("Node", &name, TOP, Form::Regular, Some(index), 0);
            self.resources[node_resource].container = Some(0);
            let scope = self.new_scope(Some(TOP), Some(TOP));
            self.scopes[scope].resource = node_resource;
            // Puppet sets them in node scope too: the node's name, and no
            // module.
            for (automatic, value) in [
                ("title", name.as_str()),
                ("name", &name),
                ("module_name", ""),
            ] {
                self.scopes[scope]
                    .variables
                    .insert(automatic.to_string(), Value::Str(value.to_string()));
                self.scopes[scope]
                    .origins
                    .insert(automatic.to_string(), (index, definition.span.line));
            }
            // A node matched by a regexp sees its captures (`$1`).
            if let NodeMatcher::Regex(regex) = matched {
                let mut captures = None;
                let pattern = Value::Regex(crate::catalog::values::Regexp::new(regex.clone()));
                let node_name = Value::Str(node.to_string());
                if crate::catalog::values::compare::regex_match(&node_name, &pattern, &mut captures)
                    .unwrap_or(false)
                {
                    self.set_captures(scope, captures);
                }
            }
            self.node_scope = Some(scope);
            self.file = Some(index);
            self.jumpless_body(&definition.body, scope)
                .map_err(|e| self.locate(e, index))?;
        }
        self.evaluate_instances()?;
        self.finish()?;
        // Relationships add no resource: the catalog's aliases hold for both.
        let aliases = self.aliases();
        self.add_relationships(&aliases)?;
        self.check_parameter_names()?;
        self.check_relationship_parameters(&aliases)?;
        self.to_json()
    }

    /// Puppet refuses a file that its validator refuses when it loads it
    /// (`Exec { path +> [...] }`), whatever of it runs.
    pub(super) fn check_loaded(&mut self, index: usize) -> Result<()> {
        let program = &self.env.file(index).1;
        if self.loaded.insert(index) {
            for (span, message) in &program.strict_issues {
                match self.options.strict {
                    Strict::Off => {}
                    Strict::Warning => self.logs.push(Log {
                        level: Level::Warning,
                        message: message.clone(),
                        at: Some((self.env.file(index).0.clone(), *span)),
                    }),
                    Strict::Error => {
                        return Err(self.error_at((Some(index), *span), message.clone()))
                    }
                }
            }
        }
        let Some((span, message)) = &program.refused else {
            return Ok(());
        };
        // Puppet words it so for the environment's manifests only, which it
        // parses before anything runs.
        let message = if self.env.is_manifest(index) {
            format!("Could not parse for environment {ENVIRONMENT}: {message}")
        } else {
            message.clone()
        };
        Err(self.error_at((Some(index), *span), message))
    }

    /// Logs a warning at `span` of the file being evaluated.
    pub(super) fn warn_at(&mut self, span: ast::Span, message: String) {
        let at = match self.file {
            Some(index) => Some((self.env.file(index).0.clone(), span)),
            None => self.template_file.clone().map(|path| (path, span)),
        };
        self.logs.push(Log {
            level: Level::Warning,
            message,
            at,
        });
    }

    /// Puppet's name of the scope's resource in its logs:
    /// `Class[Apache]`, `Apache::Vhost[default]`, `Class[main]`.
    pub(super) fn scope_label(&self, scope: ScopeId) -> String {
        let resource = &self.resources[self.scopes[scope].resource];
        format!("{}[{}]", resource.type_name, resource.title)
    }

    /// An error at `span` of the file with index `file` (none: where the
    /// error is caught).
    pub(super) fn error_at(
        &self,
        (file, span): (Option<usize>, ast::Span),
        message: String,
    ) -> EvalError {
        EvalError {
            message,
            file: file.map(|index| self.env.file(index).0.clone()),
            span,
            jump: None,
        }
    }

    /// Logs at `span` the warnings of the lookups just made (unknown
    /// variables, when `strict_variables` is off), as `strict` says.
    pub(super) fn log_hiera_warnings(&mut self, span: ast::Span) {
        let warnings = self.hiera.take_warnings();
        if self.options.strict != Strict::Off {
            for warning in warnings {
                self.warn_at(span, warning);
            }
        }
    }

    /// A lookup's error: at its `hiera.yaml` line, or where `fallback` is.
    pub(super) fn hiera_error(e: hiera::HieraError, fallback: EvalError) -> EvalError {
        if let Some(raised) = e.raised {
            // What the code of a backend function raised, where it did.
            return std::rc::Rc::try_unwrap(raised).unwrap_or_else(|raised| EvalError {
                message: raised.message.clone(),
                file: raised.file.clone(),
                span: raised.span,
                jump: None,
            });
        }
        match e.at {
            Some((config, line)) => EvalError {
                message: e.message,
                file: Some(config),
                span: ast::Span { line, col: 1 },
                jump: None,
            },
            None => EvalError {
                message: e.message,
                ..fallback
            },
        }
    }

    pub(super) fn locate(&self, mut e: EvalError, index: usize) -> EvalError {
        if e.file.is_none() {
            e.file = Some(self.env.file(index).0.clone());
        }
        e
    }

    /// `path` as Puppet's messages give it: from the environment's
    /// directory.
    fn relative<'p>(path: &'p Path, root: &Path) -> &'p Path {
        path.strip_prefix(root).unwrap_or(path)
    }

    /// Puppet's known resource types hold one node per name, so
    /// `/a.*c/` and `/a.(c)/` collide, as they do in Puppet.
    fn check_node_names(&self) -> Result<()> {
        let mut seen: HashMap<String, (usize, u32)> = HashMap::new();
        for (index, (_, program)) in self.env.manifests() {
            for node in &program.nodes {
                for matcher in &node.matchers {
                    let name = node_name(matcher);
                    if let Some(&(first_file, first_line)) = seen.get(&name) {
                        return Err(self.error_at(
                            (Some(index), node.span),
                            format!(
                                "Node '{name}' is already defined (file: {}, line: {first_line}); cannot redefine",
                                Self::relative(&self.env.file(first_file).0, &self.env.root)
                                    .display()
                            ),
                        ));
                    }
                    seen.insert(name, (index, node.span.line));
                }
            }
        }
        Ok(())
    }

    /// The node definition for `node` and the name of it that matched:
    /// one naming it, else the first whose regexp matches, else the
    /// `default` one (Puppet's `TypeCollection#node`).
    pub(super) fn find_node(
        &self,
        node: &str,
    ) -> Option<(usize, &'e ast::NodeDefinition, &'e NodeMatcher)> {
        let env = self.env;
        let matchers = || {
            env.manifests().flat_map(|(index, (_, program))| {
                program
                    .nodes
                    .iter()
                    .flat_map(move |n| n.matchers.iter().map(move |m| (index, n, m)))
            })
        };
        let node = node.to_lowercase();
        matchers()
            .find(|(_, _, m)| matches!(m, NodeMatcher::Name(name) if *name == node))
            .or_else(|| {
                matchers().find(|(_, _, m)| match m {
                    NodeMatcher::Regex(regex) => {
                        regex::Regex::new(regex).is_ok_and(|r| r.is_match(&node))
                    }
                    _ => false,
                })
            })
            .or_else(|| matchers().find(|(_, _, m)| matches!(m, NodeMatcher::Default)))
    }

    pub(super) fn add_resource(
        &mut self,
        type_name: &str,
        title: &str,
        scope: ScopeId,
        form: Form,
        file: Option<usize>,
        line: u32,
    ) -> usize {
        self.resources.push(CatalogResource {
            type_name: type_name.to_string(),
            title: title.to_string(),
            parameters: IndexMap::new(),
            form,
            scope,
            file,
            line,
            tags: Vec::new(),
            container: None,
            defined: false,
            evaluated: false,
            resource_like: false,
            relationship_lines: Vec::new(),
            own_tags: 0,
            by_function: false,
            title_is_text: true,
        });
        let index = self.resources.len() - 1;
        self.resource_index
            .insert((type_name.to_string(), title.to_string()), index);
        // Its own tags (type, name segments, a title that is a valid tag),
        // then those of the resource whose body declares it.
        let mut tags = vec![type_name.to_lowercase()];
        let name_tags = match type_name {
            "Class" if title == "main" => None,
            "Class" | "Node" => Some(title.to_lowercase()),
            _ => None,
        };
        if type_name.contains("::") {
            tags.extend(type_name.to_lowercase().split("::").map(str::to_string));
        }
        if let Some(name) = name_tags {
            tags.push(name.clone());
            if name.contains("::") {
                tags.extend(name.split("::").map(str::to_string));
            }
        } else if !matches!(type_name, "Class" | "Node" | "Stage") && is_tag(title) {
            let title = title.to_lowercase();
            if title.contains("::") {
                tags.push(title.clone());
                tags.extend(title.split("::").map(str::to_string));
            } else {
                tags.push(title);
            }
        }
        let source = (type_name != "Stage")
            .then(|| self.scopes.get(scope).map(|s| s.resource))
            .flatten();
        let mut seen = std::collections::HashSet::new();
        tags.retain(|tag| seen.insert(tag.clone()));
        self.resources[index].own_tags = tags.len();
        if let Some(source) = source.filter(|source| *source != index) {
            let inherited = self.resources[source].tags.clone();
            resources::add_tags(&mut tags, inherited);
        }
        self.resources[index].tags = tags;
        index
    }

    pub(super) fn find_resource(&self, type_name: &str, title: &str) -> Option<usize> {
        self.resource_index
            .get(&(type_name.to_string(), title.to_string()))
            .copied()
    }
}

/// The name of the node a matcher of a node definition defines: each name
/// of a definition is a node of its own; a regexp's is its source kept to
/// `[-\w:.]`, no dot first (Puppet's `Resource::Type#name`).
fn node_name(matcher: &NodeMatcher) -> String {
    match matcher {
        NodeMatcher::Name(name) => name.to_lowercase(),
        NodeMatcher::Regex(regex) => {
            let kept: String = regex
                .to_lowercase()
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || "-_:.".contains(*c))
                .collect();
            format!("__node_regexp__{}", kept.trim_start_matches('.'))
        }
        NodeMatcher::Default => "default".to_string(),
    }
}
