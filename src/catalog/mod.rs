//! The catalog evaluator: compiles a node's catalog from an environment the
//! way Puppet 7 does, from the programs the extractor lowered
//! ([`crate::facts::ast`]).
//!
//! Covered so far: node matching, top and node scope, classes (include,
//! require, contain, resource-like, inherits, parameters from the
//! declaration or their defaults), defines, static variable scope,
//! strings with interpolation, heredocs, arrays, hashes, access,
//! arithmetic, comparison, regex matches with captures, selectors,
//! if/unless/case, lambdas with each/map/filter/reduce/with, functions
//! written in Puppet, resource defaults through dynamic scope, overrides,
//! virtual and exported resources, realize and collectors, EPP templates
//! (`epp`, `inline_epp`), parameter type checks ([`types`]). Not yet: most
//! built-in functions.

pub mod erb;
pub mod functions;
pub mod hiera;
pub mod types;
pub mod value;

use functions::flatten;

use std::collections::{BTreeMap, HashMap};

use indexmap::IndexMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use rayon::prelude::*;
use serde_json::{json, Value as Json};

use crate::facts::ast::{self, BinaryOp, Expr, ExprKind, Form, NodeMatcher, StringPart};
use crate::facts::builtins::METAPARAMETERS;
use crate::facts::epp;
use crate::facts::layout::{autoload_path, Role};
use value::Value;

/// `apache::vhost` → `Apache::Vhost`, as Puppet names resource types.
fn capitalize(name: &str) -> String {
    crate::query::capitalize(name.trim_start_matches("::"))
}

/// An error that stops the compilation, with where it happened.
#[derive(Debug)]
pub struct EvalError {
    pub message: String,
    pub file: Option<PathBuf>,
    pub span: ast::Span,
}

/// The code of an environment, by file.
pub struct Environment {
    files: Vec<(PathBuf, ast::Program)>,
    /// How many of `files`, first, are environment manifests (`site.pp`).
    manifests: usize,
    /// The environment's directory and its modulepath, for Hiera.
    root: PathBuf,
    modulepath: Vec<PathBuf>,
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
    /// Parameters of this class or define that have no value, while its
    /// defaults are evaluated: reading one fails.
    missing_parameters: Vec<String>,
    defaults: Vec<ResourceDefault>,
    /// The resource whose body this scope evaluates (`Class[main]` for top
    /// scope): the container of what it declares, and the source of their
    /// tags.
    resource: usize,
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

/// What the evaluator did, for checking the static analysis against it.
#[derive(Debug, Default)]
pub struct Trace {
    /// (resource `Type[title]`, attribute, default's file, default's line).
    pub defaults: Vec<(String, String, PathBuf, u32)>,
    /// (file, line, column, name) of a variable read, and the file and
    /// line of the assignment or parameter it read.
    pub variables: Vec<(PathBuf, u32, u32, String, PathBuf, u32)>,
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
    /// A class declared resource-like (`class { 'x': }`): Puppet keeps
    /// where.
    resource_like: bool,
    /// How many of `tags` were there before the first `tag()` call: those
    /// the function adds are not the catalog's.
    tags_before_function: Option<usize>,
    /// Declared by `create_resources` or `ensure_resource`: Puppet leaves
    /// its `exported` unset, and its catalog writes it after `kind`.
    by_function: bool,
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
    /// The resources each collector collected, by its position.
    collected: Vec<Vec<Reference>>,
    facts: Value,
    file: Option<usize>,
    /// Classes being declared, to catch circular inheritance.
    declaring: Vec<String>,
    /// Nesting of evaluation, bounded so that no input overflows the stack.
    depth: usize,
    hiera: hiera::Hiera,
    trace: Trace,
    /// The environment's data types, for parameter checks.
    types: types::Types,
    /// ERB templates being rendered, each inside the previous.
    templates_rendering: usize,
    /// Templates lowered so far, by path (`epp`) or text (`inline_epp`).
    templates: HashMap<String, Rc<epp::Template>>,
    /// The text rendered so far by each template being evaluated, and
    /// whether a sensitive value went into it.
    epp_output: Vec<(String, bool)>,
}

/// An ERB template's view of the compilation: the variables of the scope
/// calling `template()`, and the functions.
struct TemplateHost<'c, 'e> {
    compiler: &'c mut Compiler<'e>,
    scope: ScopeId,
    span: ast::Span,
}

impl erb::Host for TemplateHost<'_, '_> {
    fn variable(&mut self, name: &str) -> Option<Value> {
        self.compiler
            .lookup(name, self.scope, self.span)
            .ok()
            .filter(|value| *value != Value::Undef)
    }

    fn call(
        &mut self,
        name: &str,
        args: Vec<Value>,
    ) -> std::result::Result<Value, erb::Unsupported> {
        self.compiler
            .call_values(name, args, None, self.scope, self.span)
            .map_err(|e| erb::Unsupported(format!("{name}(): {}", e.message)))
    }
}

/// The deepest nesting of expressions and declarations evaluated.
const MAX_DEPTH: usize = 2 * ast::MAX_DEPTH;

const TOP: ScopeId = 0;

/// `$environment`: Puppet's default environment name (the catalog is that
/// of one environment directory, whatever it is called).
const ENVIRONMENT: &str = "production";

/// Puppet's words for a default that reads a parameter without a value.
const MISSING_PARAMETER: &str = "expects a value for parameter ";

fn error(message: impl Into<String>, span: ast::Span) -> EvalError {
    EvalError {
        message: message.into(),
        file: None,
        span,
    }
}

type Result<T> = std::result::Result<T, EvalError>;

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
            relationships: Vec::new(),
            collected: Vec::new(),
            facts,
            file: None,
            declaring: Vec::new(),
            depth: 0,
            hiera: hiera::Hiera::new(&env.root, &env.modulepath),
            trace: Trace::default(),
            epp_output: Vec::new(),
            templates: HashMap::new(),
            templates_rendering: 0,
            types: types::Types::new(
                env.files
                    .iter()
                    .flat_map(|(_, program)| &program.type_aliases),
            ),
        };
        for (index, (path, program)) in env.files.iter().enumerate() {
            // Puppet finds a module's definition only in the file its
            // autoloader reads for the name or one of its namespaces.
            let found =
                |role: Role, name: &str| index < env.manifests || autoloaded(path, role, name);
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

    /// Hiera's global layer, from `config` (Puppet's `hiera_config`).
    pub fn with_global_hiera(mut self, config: &Path) -> Compiler<'e> {
        self.hiera.set_global(config);
        self
    }

    fn new_scope(&mut self, parent: Option<ScopeId>, dynamic_parent: Option<ScopeId>) -> ScopeId {
        self.scopes.push(Scope {
            variables: HashMap::new(),
            origins: HashMap::new(),
            parent,
            dynamic_parent,
            missing_parameters: Vec::new(),
            defaults: Vec::new(),
            resource: parent.map_or(0, |parent| self.scopes[parent].resource),
        });
        self.scopes.len() - 1
    }

    /// Compiles the catalog of `node`.
    pub fn compile(self, node: &str) -> Result<Json> {
        self.compile_traced(node).map(|(catalog, _)| catalog)
    }

    /// Compiles the catalog of `node`, with what the evaluation did.
    pub fn compile_traced(mut self, node: &str) -> Result<(Json, Trace)> {
        let facts = self.facts.clone();
        if let Value::Hash(entries) = &facts {
            for (key, value) in entries {
                self.scopes[TOP]
                    .variables
                    .insert(key.to_text(), value.clone());
            }
        }
        self.scopes[TOP]
            .variables
            .insert("facts".to_string(), facts.clone());
        // What Puppet sets for an agent whose certificate names the node.
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
        let top = &mut self.scopes[TOP].variables;
        top.insert("trusted".to_string(), trusted);
        top.insert("environment".to_string(), text(ENVIRONMENT));
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
        // Top-scope code of every environment manifest, in file order.
        let env = self.env;
        for (index, (_, program)) in env.files.iter().enumerate().take(env.manifests) {
            self.file = Some(index);
            self.block(&program.statements, TOP)
                .map_err(|e| self.locate(e, index))?;
        }
        // Node definitions count in the environment's manifests only.
        let has_nodes = env.files[..env.manifests]
            .iter()
            .any(|(_, program)| !program.nodes.is_empty());
        let found = self.find_node(node);
        if has_nodes && found.is_none() {
            return Err(error(
                format!("Could not find node statement with name 'default' or '{node}'"),
                ast::Span::default(),
            ));
        }
        if let Some((index, definition)) = found {
            let name = match definition.matchers.first() {
                Some(NodeMatcher::Name(name)) => name.clone(),
                Some(NodeMatcher::Regex(regex)) => format!("/{regex}/"),
                _ => "default".to_string(),
            };
            let node_resource =
                self.add_resource("Node", &name, TOP, Form::Regular, Some(index), 0);
            self.resources[node_resource].container = Some(0);
            let scope = self.new_scope(Some(TOP), Some(TOP));
            self.scopes[scope].resource = node_resource;
            self.node_scope = Some(scope);
            self.file = Some(index);
            self.block(&definition.body, scope)
                .map_err(|e| self.locate(e, index))?;
        }
        self.evaluate_instances()?;
        self.finish()?;
        self.add_relationships();
        let catalog = self.to_json();
        Ok((catalog, self.trace))
    }

    /// An error at `span` of the file with index `file` (none: where the
    /// error is caught).
    fn error_at(&self, (file, span): (Option<usize>, ast::Span), message: String) -> EvalError {
        EvalError {
            message,
            file: file.map(|index| self.env.files[index].0.clone()),
            span,
        }
    }

    /// A lookup's error: at its `hiera.yaml` line, or where `fallback` is.
    fn hiera_error(e: hiera::HieraError, fallback: EvalError) -> EvalError {
        match e.at {
            Some((config, line)) => EvalError {
                message: e.message,
                file: Some(config),
                span: ast::Span { line, col: 1 },
            },
            None => EvalError {
                message: e.message,
                ..fallback
            },
        }
    }

    fn locate(&self, mut e: EvalError, index: usize) -> EvalError {
        if e.file.is_none() {
            e.file = Some(self.env.files[index].0.clone());
        }
        e
    }

    fn find_node(&self, node: &str) -> Option<(usize, &'e ast::NodeDefinition)> {
        let env = self.env;
        let nodes = || {
            env.files[..env.manifests]
                .iter()
                .enumerate()
                .flat_map(|(index, (_, program))| program.nodes.iter().map(move |n| (index, n)))
        };
        let node = node.to_lowercase();
        nodes()
            .find(|(_, n)| {
                n.matchers
                    .iter()
                    .any(|m| matches!(m, NodeMatcher::Name(name) if *name == node))
            })
            .or_else(|| {
                nodes().find(|(_, n)| {
                    n.matchers.iter().any(|m| match m {
                        NodeMatcher::Regex(regex) => {
                            regex::Regex::new(regex).is_ok_and(|r| r.is_match(&node))
                        }
                        _ => false,
                    })
                })
            })
            .or_else(|| {
                nodes().find(|(_, n)| n.matchers.iter().any(|m| matches!(m, NodeMatcher::Default)))
            })
    }

    fn add_resource(
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
            resource_like: false,
            tags_before_function: None,
            by_function: false,
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
        if let Some(source) = source.filter(|source| *source != index) {
            tags.extend(self.resources[source].tags.clone());
        }
        let mut seen = std::collections::HashSet::new();
        tags.retain(|tag| seen.insert(tag.clone()));
        self.resources[index].tags = tags;
        index
    }

    fn find_resource(&self, type_name: &str, title: &str) -> Option<usize> {
        self.resource_index
            .get(&(type_name.to_string(), title.to_string()))
            .copied()
    }

    // ------------------------------------------------------------------
    // Statements and expressions
    // ------------------------------------------------------------------

    fn block(&mut self, statements: &[Expr], scope: ScopeId) -> Result<Value> {
        let mut last = Value::Undef;
        for statement in statements {
            last = self.eval(statement, scope)?;
        }
        Ok(last)
    }

    /// Notes that the code read `name` of `scope` at `span`.
    fn record_read(&mut self, scope: ScopeId, name: &str, span: ast::Span) {
        let (Some(file), Some(&(origin_file, origin_line))) =
            (self.file, self.scopes[scope].origins.get(name))
        else {
            return;
        };
        let path = |index: usize| self.env.files[index].0.clone();
        let read = (
            path(file),
            span.line,
            span.col,
            name.to_string(),
            path(origin_file),
            origin_line,
        );
        self.trace.variables.push(read);
    }

    fn lookup(&mut self, name: &str, scope: ScopeId, span: ast::Span) -> Result<Value> {
        if let Some(short) = name.strip_prefix("::") {
            if !short.contains("::") {
                let value = self.scopes[TOP]
                    .variables
                    .get(short)
                    .cloned()
                    .ok_or_else(|| error(format!("Unknown variable: '::{short}'."), span))?;
                self.record_read(TOP, short, span);
                return Ok(value);
            }
        }
        let name = name.trim_start_matches("::");
        if let Some(at) = name.rfind("::") {
            let (class, short) = (&name[..at], &name[at + 2..]);
            let Some(&class_scope) = self.class_scopes.get(class) else {
                return Err(error(format!("Unknown variable: '{name}'."), span));
            };
            let found = self
                .scope_chain(class_scope)
                .into_iter()
                .take_while(|s| *s != TOP)
                .find(|s| self.scopes[*s].variables.contains_key(short));
            return match found {
                Some(s) => {
                    self.record_read(s, short, span);
                    Ok(self.scopes[s].variables[short].clone())
                }
                None => Err(error(format!("Unknown variable: '{name}'."), span)),
            };
        }
        for s in self.scope_chain(scope) {
            if self.scopes[s]
                .missing_parameters
                .iter()
                .any(|missing| missing == name)
            {
                return Err(error(format!("{MISSING_PARAMETER}${name}"), span));
            }
            if let Some(value) = self.scopes[s].variables.get(name).cloned() {
                self.record_read(s, name, span);
                return Ok(value);
            }
        }
        if name.chars().all(|c| c.is_ascii_digit()) {
            return Ok(Value::Undef);
        }
        Err(error(format!("Unknown variable: '{name}'."), span))
    }

    fn scope_chain(&self, mut scope: ScopeId) -> Vec<ScopeId> {
        let mut chain = vec![scope];
        while let Some(parent) = self.scopes[scope].parent {
            chain.push(parent);
            scope = parent;
        }
        chain
    }

    fn assign(&mut self, target: &Expr, value: Value, scope: ScopeId) -> Result<()> {
        match &target.kind {
            ExprKind::Variable(name) => {
                if self.scopes[scope].variables.contains_key(name) {
                    return Err(error(
                        format!("Cannot reassign variable '${name}'"),
                        target.span,
                    ));
                }
                self.scopes[scope].variables.insert(name.clone(), value);
                if let Some(file) = self.file {
                    self.scopes[scope]
                        .origins
                        .insert(name.clone(), (file, target.span.line));
                }
                Ok(())
            }
            ExprKind::Array(targets) => {
                let Value::Array(values) = value else {
                    return Err(error("Cannot assign a non-array to an array", target.span));
                };
                for (index, target) in targets.iter().enumerate() {
                    let item = values.get(index).cloned().unwrap_or(Value::Undef);
                    self.assign(target, item, scope)?;
                }
                Ok(())
            }
            _ => Err(error("Illegal assignment target", target.span)),
        }
    }

    fn eval(&mut self, expr: &Expr, scope: ScopeId) -> Result<Value> {
        if self.depth >= MAX_DEPTH {
            return Err(error(
                format!("code nested deeper than {MAX_DEPTH} levels: not evaluated"),
                expr.span,
            ));
        }
        self.depth += 1;
        let result = self.eval_inner(expr, scope);
        self.depth -= 1;
        result
    }

    fn eval_inner(&mut self, expr: &Expr, scope: ScopeId) -> Result<Value> {
        let span = expr.span;
        Ok(match &expr.kind {
            ExprKind::Undef | ExprKind::Nop => Value::Undef,
            ExprKind::Default => Value::Default,
            ExprKind::Bool(value) => Value::Bool(*value),
            ExprKind::Integer(value) => Value::Integer(*value),
            ExprKind::Float(value) => Value::Float(*value),
            ExprKind::Str(text) => Value::Str(text.clone()),
            ExprKind::Name(name) => Value::Str(name.clone()),
            ExprKind::Regex(regex) => Value::Regex(regex.clone()),
            ExprKind::TypeRef(name) => Value::Type(name.clone()),
            ExprKind::Interpolated(parts) => {
                let mut text = String::new();
                for part in parts {
                    match part {
                        StringPart::Text(piece) => text.push_str(piece),
                        StringPart::Expr(expr) => text.push_str(&self.eval(expr, scope)?.to_text()),
                    }
                }
                Value::Str(text)
            }
            ExprKind::Variable(name) => self.lookup(name, scope, span)?,
            ExprKind::Array(items) => {
                let mut values = Vec::new();
                for item in items {
                    values.push(self.eval(item, scope)?);
                }
                Value::Array(values)
            }
            ExprKind::Hash(entries) => {
                let mut values: Vec<(Value, Value)> = Vec::new();
                for (key, value) in entries {
                    let key = self.eval(key, scope)?;
                    let value = self.eval(value, scope)?;
                    values.retain(|(k, _)| *k != key);
                    values.push((key, value));
                }
                Value::Hash(values)
            }
            ExprKind::Access(target, index) => {
                let target = self.eval(target, scope)?;
                let mut keys = Vec::new();
                for key in index {
                    keys.push(self.eval(key, scope)?);
                }
                self.access(target, keys, span)?
            }
            ExprKind::Binary(op, left, right) => self.binary(*op, left, right, scope, span)?,
            ExprKind::Not(operand) => Value::Bool(!self.eval(operand, scope)?.is_truthy()),
            ExprKind::Negate(operand) => match self.eval(operand, scope)? {
                Value::Integer(value) => Value::Integer(-value),
                Value::Float(value) => Value::Float(-value),
                _ => return Err(error("Operand of unary minus is not a number", span)),
            },
            ExprKind::Splat(operand) => self.eval(operand, scope)?,
            ExprKind::Assign(target, operator, value) => {
                let value = self.eval(value, scope)?;
                if operator != "=" {
                    return Err(error(format!("'{operator}' is not supported yet"), span));
                }
                self.assign(target, value.clone(), scope)?;
                value
            }
            ExprKind::Selector(value, cases) => {
                let value = self.eval(value, scope)?;
                for (matcher, result) in cases {
                    if self.matches(&value, matcher, scope)? {
                        return self.eval(result, scope);
                    }
                }
                return Err(error(
                    format!(
                        "No matching entry for selector parameter with value '{}'",
                        value.to_text()
                    ),
                    span,
                ));
            }
            ExprKind::If(condition, then, otherwise) => {
                if self.eval(condition, scope)?.is_truthy() {
                    self.block(then, scope)?
                } else {
                    self.block(otherwise, scope)?
                }
            }
            ExprKind::Unless(condition, then, otherwise) => {
                if self.eval(condition, scope)?.is_truthy() {
                    self.block(otherwise, scope)?
                } else {
                    self.block(then, scope)?
                }
            }
            ExprKind::Case(value, options) => {
                let value = self.eval(value, scope)?;
                let mut chosen = None;
                for (matchers, body) in options {
                    for matcher in matchers {
                        if !matches!(matcher.kind, ExprKind::Default)
                            && self.matches(&value, matcher, scope)?
                        {
                            chosen = Some(body);
                            break;
                        }
                    }
                    if chosen.is_some() {
                        break;
                    }
                }
                if chosen.is_none() {
                    chosen = options
                        .iter()
                        .find(|(matchers, _)| {
                            matchers.iter().any(|m| matches!(m.kind, ExprKind::Default))
                        })
                        .map(|(_, body)| body);
                }
                match chosen {
                    Some(body) => self.block(body, scope)?,
                    None => Value::Undef,
                }
            }
            ExprKind::Call(call) => self.call(call, scope, span)?,
            ExprKind::Resource(resource) => self.resource(resource, scope, span)?,
            ExprKind::ResourceDefaults(type_name, attributes) => {
                let type_name = capitalize(type_name);
                for attribute in attributes {
                    let value = self.eval(&attribute.value, scope)?;
                    let default = ResourceDefault {
                        type_name: type_name.clone(),
                        attribute: attribute.name.clone(),
                        value,
                        append: attribute.append,
                        origin: (self.file, attribute.span.line),
                    };
                    self.scopes[scope].defaults.push(default);
                }
                Value::Undef
            }
            ExprKind::ResourceOverride(target, attributes) => {
                let target = self.eval(target, scope)?;
                let mut values = Vec::new();
                for attribute in attributes {
                    values.push((
                        attribute.name.clone(),
                        self.eval(&attribute.value, scope)?,
                        attribute.append,
                        attribute.span,
                    ));
                }
                for reference in references(&target) {
                    self.overrides.push(Override {
                        reference,
                        attributes: values.clone(),
                        source: self.scopes[scope].resource,
                        site: (self.file, expr.span),
                    });
                }
                Value::Undef
            }
            ExprKind::Collector(collector) => {
                // Exported resources are collected from PuppetDB, which a
                // compilation without storeconfigs does not have: Puppet
                // collects nothing then, and so do we.
                if !collector.exported {
                    self.collectors.push((scope, collector.clone()));
                }
                Value::Undef
            }
            ExprKind::Relationship(left, arrow, right) => {
                self.relationship(left, arrow, right, scope)?.0
            }
        })
    }

    /// Evaluates `left arrow right`: its value and its right side, which
    /// the next arrow of a chain (`a -> b -> c`) starts from.
    fn relationship(
        &mut self,
        left: &Expr,
        arrow: &str,
        right: &Expr,
        scope: ScopeId,
    ) -> Result<(Value, Vec<Side>)> {
        let (_, from) = self.side(left, scope)?;
        let (value, to) = self.side(right, scope)?;
        let (sources, targets) = if arrow.starts_with('<') {
            (to.clone(), from)
        } else {
            (from, to.clone())
        };
        let arrow = if arrow.contains('~') { "~>" } else { "->" };
        self.relationships
            .push((sources, targets, arrow.to_string()));
        Ok((value, to))
    }

    /// An operand of a relationship: its value and the resources it stands
    /// for, a collector's to be known at the end.
    fn side(&mut self, expr: &Expr, scope: ScopeId) -> Result<(Value, Vec<Side>)> {
        match &expr.kind {
            ExprKind::Relationship(left, arrow, right) => {
                self.relationship(left, arrow, right, scope)
            }
            ExprKind::Collector(_) => {
                let before = self.collectors.len();
                let value = self.eval(expr, scope)?;
                let sides = (before..self.collectors.len())
                    .map(Side::Collected)
                    .collect();
                Ok((value, sides))
            }
            _ => {
                let value = self.eval(expr, scope)?;
                let sides = references(&value).into_iter().map(Side::Resource).collect();
                Ok((value, sides))
            }
        }
    }

    fn access(&mut self, target: Value, keys: Vec<Value>, span: ast::Span) -> Result<Value> {
        Ok(match target {
            Value::Array(items) => match keys.as_slice() {
                [Value::Integer(index)] => {
                    let index = if *index < 0 {
                        items.len() as i64 + index
                    } else {
                        *index
                    };
                    items.get(index as usize).cloned().unwrap_or(Value::Undef)
                }
                _ => return Err(error("Unsupported array access", span)),
            },
            Value::Hash(_) => match keys.first() {
                Some(key) => target.hash_get(key).cloned().unwrap_or(Value::Undef),
                None => Value::Undef,
            },
            Value::Type(name) => {
                let type_name = capitalize(&name);
                if type_name == "Class" {
                    match keys.as_slice() {
                        [key] => Value::Ref("Class".to_string(), capitalize(&key.to_text())),
                        _ => Value::Array(
                            keys.iter()
                                .map(|k| Value::Ref("Class".to_string(), capitalize(&k.to_text())))
                                .collect(),
                        ),
                    }
                } else if keys.len() == 1 {
                    match &keys[0] {
                        Value::Array(titles) => Value::Array(
                            titles
                                .iter()
                                .map(|t| Value::Ref(type_name.clone(), t.to_text()))
                                .collect(),
                        ),
                        key => Value::Ref(type_name, key.to_text()),
                    }
                } else {
                    Value::Type(name)
                }
            }
            Value::Str(text) => match keys.as_slice() {
                [Value::Integer(index)] => text
                    .chars()
                    .nth(*index as usize)
                    .map_or(Value::Undef, |c| Value::Str(c.to_string())),
                _ => return Err(error("Unsupported string access", span)),
            },
            _ => return Err(error("Operator '[]' is not applicable", span)),
        })
    }

    fn binary(
        &mut self,
        op: BinaryOp,
        left: &Expr,
        right: &Expr,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        if op == BinaryOp::And {
            return Ok(Value::Bool(
                self.eval(left, scope)?.is_truthy() && self.eval(right, scope)?.is_truthy(),
            ));
        }
        if op == BinaryOp::Or {
            return Ok(Value::Bool(
                self.eval(left, scope)?.is_truthy() || self.eval(right, scope)?.is_truthy(),
            ));
        }
        if matches!(op, BinaryOp::Match | BinaryOp::NotMatch) {
            let value = self.eval(left, scope)?;
            let matched = self.matches(&value, right, scope)?;
            return Ok(Value::Bool(matched == (op == BinaryOp::Match)));
        }
        let a = self.eval(left, scope)?;
        let b = self.eval(right, scope)?;
        Ok(match op {
            BinaryOp::Eq => Value::Bool(equal(&a, &b)),
            BinaryOp::NotEq => Value::Bool(!equal(&a, &b)),
            BinaryOp::In => Value::Bool(match &b {
                Value::Array(items) => items.iter().any(|item| equal(item, &a)),
                Value::Hash(entries) => entries.iter().any(|(key, _)| equal(key, &a)),
                Value::Str(text) => text.to_lowercase().contains(&a.to_text().to_lowercase()),
                _ => false,
            }),
            BinaryOp::Add => match (a, b) {
                (Value::Array(mut x), Value::Array(y)) => {
                    x.extend(y);
                    Value::Array(x)
                }
                (Value::Array(mut x), y) => {
                    x.push(y);
                    Value::Array(x)
                }
                (Value::Hash(mut x), Value::Hash(y)) => {
                    for (key, value) in y {
                        x.retain(|(k, _)| *k != key);
                        x.push((key, value));
                    }
                    Value::Hash(x)
                }
                (x, y) => arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::Sub => match (a, b) {
                (Value::Array(x), Value::Array(y)) => {
                    Value::Array(x.into_iter().filter(|item| !y.contains(item)).collect())
                }
                (x, y) => arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::ShiftLeft => match (a, b) {
                (Value::Array(mut x), y) => {
                    x.push(y);
                    Value::Array(x)
                }
                (x, y) => arithmetic(op, &x, &y, span)?,
            },
            BinaryOp::Less | BinaryOp::LessEq | BinaryOp::Greater | BinaryOp::GreaterEq => {
                let ordering = compare(&a, &b).map_err(|detail| {
                    let operator = match op {
                        BinaryOp::Less => "<",
                        BinaryOp::LessEq => "<=",
                        BinaryOp::Greater => ">",
                        _ => ">=",
                    };
                    let message = format!(
                        "Comparison of: {} {operator} {}, is not possible. Caused by '{detail}'.",
                        types::simple_name(&a),
                        types::simple_name(&b)
                    );
                    error(message, span)
                })?;
                Value::Bool(match op {
                    BinaryOp::Less => ordering.is_lt(),
                    BinaryOp::LessEq => ordering.is_le(),
                    BinaryOp::Greater => ordering.is_gt(),
                    _ => ordering.is_ge(),
                })
            }
            _ => arithmetic(op, &a, &b, span)?,
        })
    }

    /// Case and selector matching: equality, regexes (setting `$0`...),
    /// `default`.
    fn matches(&mut self, value: &Value, matcher: &Expr, scope: ScopeId) -> Result<bool> {
        let pattern = self.eval(matcher, scope)?;
        Ok(match pattern {
            Value::Default => true,
            Value::Regex(regex) => {
                let regex = regex::Regex::new(&regex)
                    .map_err(|e| error(format!("Invalid regex: {e}"), matcher.span))?;
                let text = value.to_text();
                match regex.captures(&text) {
                    Some(captures) => {
                        for (index, group) in captures.iter().enumerate() {
                            let group =
                                group.map_or(Value::Undef, |g| Value::Str(g.as_str().to_string()));
                            self.scopes[scope]
                                .variables
                                .insert(index.to_string(), group);
                        }
                        true
                    }
                    None => false,
                }
            }
            Value::Array(items) if !matches!(value, Value::Array(_)) => {
                items.iter().any(|item| equal(item, value))
            }
            pattern => equal(value, &pattern),
        })
    }

    // ------------------------------------------------------------------
    // Functions
    // ------------------------------------------------------------------

    fn call(&mut self, call: &ast::Call, scope: ScopeId, span: ast::Span) -> Result<Value> {
        let mut args = Vec::new();
        for arg in &call.args {
            let value = self.eval(arg, scope)?;
            if let ExprKind::Splat(_) = arg.kind {
                if let Value::Array(items) = value {
                    args.extend(items);
                    continue;
                }
            }
            args.push(value);
        }
        self.call_values(&call.name, args, call.lambda.as_ref(), scope, span)
    }

    /// A function called with the values of its arguments (and its
    /// lambda, for those that iterate).
    fn call_values(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&ast::Lambda>,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        match name {
            "include" | "require" | "contain" => {
                let here = self.scopes[scope].resource;
                for class in flatten(&args) {
                    let class = class.to_text().trim_start_matches("::").to_lowercase();
                    self.declare_class(&class, None, scope, span)?;
                    let title = capitalize(&class);
                    if name == "contain" {
                        if let Some(index) = self.find_resource("Class", &title) {
                            self.resources[index].container = Some(here);
                        }
                    } else if name == "require" {
                        // Puppet makes it a `require` of the requiring
                        // class or define.
                        let reference = Value::Ref("Class".to_string(), title);
                        let parameters = &mut self.resources[here].parameters;
                        let value = match parameters.get("require").cloned() {
                            Some(existing) => append_values(existing, reference),
                            None => Value::Array(vec![reference]),
                        };
                        parameters.insert("require".to_string(), value);
                    }
                }
                Ok(Value::Undef)
            }
            "realize" => {
                for value in &args {
                    self.realized.extend(references(value));
                }
                Ok(Value::Undef)
            }
            "notice" | "info" | "debug" | "warning" | "err" | "alert" | "crit" | "emerg" => {
                Ok(Value::Undef)
            }
            "fail" => Err(error(
                args.iter()
                    .map(Value::to_text)
                    .collect::<Vec<_>>()
                    .join(" "),
                span,
            )),
            "defined" => {
                let mut all = true;
                for arg in &args {
                    all &= match arg {
                        Value::Ref(type_name, title) => {
                            self.find_resource(type_name, title).is_some()
                        }
                        Value::Str(name) if name.starts_with('$') => {
                            let name = &name[1..];
                            self.scope_chain(scope)
                                .iter()
                                .any(|s| self.scopes[*s].variables.contains_key(name))
                        }
                        other => {
                            let name = other.to_text().trim_start_matches("::").to_lowercase();
                            self.classes.contains_key(&name)
                                || self.defines.contains_key(&name)
                                || self.functions.contains_key(&name)
                        }
                    };
                }
                Ok(Value::Bool(all))
            }
            "getvar" => {
                let name = args.first().map(Value::to_text).unwrap_or_default();
                Ok(self.lookup(&name, scope, span).unwrap_or(Value::Undef))
            }
            "ensure_packages" => {
                let defaults = match args.get(1) {
                    Some(Value::Hash(entries)) => entries.clone(),
                    _ => Vec::new(),
                };
                let packages: Vec<(String, Vec<(Value, Value)>)> = match args.first() {
                    Some(Value::Hash(entries)) => entries
                        .iter()
                        .map(|(name, settings)| {
                            let settings = match settings {
                                Value::Hash(entries) => entries.clone(),
                                _ => Vec::new(),
                            };
                            (name.to_text(), settings)
                        })
                        .collect(),
                    Some(value) => flatten(std::slice::from_ref(value))
                        .iter()
                        .map(|name| (name.to_text(), Vec::new()))
                        .collect(),
                    None => Vec::new(),
                };
                for (package, settings) in packages {
                    let mut attributes =
                        vec![("ensure".to_string(), Value::Str("installed".to_string()))];
                    for (key, value) in defaults.iter().chain(&settings) {
                        attributes.retain(|(name, _)| *name != key.to_text());
                        attributes.push((key.to_text(), value.clone()));
                    }
                    self.ensure_resource("package", &package, attributes, scope, span)?;
                }
                Ok(Value::Undef)
            }
            "ensure_resource" | "ensure_resources" | "create_resources" => {
                let type_name = args.first().map(Value::to_text).unwrap_or_default();
                let defaults: Vec<(String, Value)> =
                    match args.get(if name == "ensure_resource" { 3 } else { 2 }) {
                        Some(Value::Hash(entries)) => entries
                            .iter()
                            .map(|(k, v)| (k.to_text(), v.clone()))
                            .collect(),
                        _ => Vec::new(),
                    };
                let instances: Vec<(String, Vec<(String, Value)>)> = if name == "ensure_resource" {
                    let parameters: Vec<(String, Value)> = match args.get(2) {
                        Some(Value::Hash(entries)) => entries
                            .iter()
                            .map(|(k, v)| (k.to_text(), v.clone()))
                            .collect(),
                        _ => Vec::new(),
                    };
                    flatten(&args[1..args.len().min(2)])
                        .iter()
                        .map(|title| (title.to_text(), parameters.clone()))
                        .collect()
                } else {
                    match args.get(1) {
                        Some(Value::Hash(entries)) => entries
                            .iter()
                            .map(|(title, parameters)| {
                                let parameters = match parameters {
                                    Value::Hash(entries) => entries
                                        .iter()
                                        .map(|(k, v)| (k.to_text(), v.clone()))
                                        .collect(),
                                    _ => Vec::new(),
                                };
                                (title.to_text(), parameters)
                            })
                            .collect(),
                        _ => Vec::new(),
                    }
                };
                for (title, parameters) in instances {
                    let mut attributes = defaults.clone();
                    for (key, value) in parameters {
                        attributes.retain(|(name, _)| *name != key);
                        attributes.push((key, value));
                    }
                    if name == "create_resources" {
                        self.declare_resource(
                            &type_name,
                            &title,
                            attributes,
                            Form::Regular,
                            scope,
                            span,
                        )?;
                        self.mark_by_function(&type_name, &title);
                    } else {
                        self.ensure_resource(&type_name, &title, attributes, scope, span)?;
                    }
                }
                Ok(Value::Undef)
            }
            "assert_type" => Ok(args.get(1).cloned().unwrap_or(Value::Undef)),
            // stdlib: the class or define may be declared only from its own
            // module.
            "assert_private" => {
                let variable = |name: &str| {
                    self.scope_chain(scope)
                        .iter()
                        .find_map(|s| self.scopes[*s].variables.get(name))
                        .map(Value::to_text)
                        .unwrap_or_default()
                };
                if variable("module_name") == variable("caller_module_name") {
                    return Ok(Value::Undef);
                }
                let resource = &self.resources[self.scopes[scope].resource];
                let message = match args.first() {
                    Some(message) => message.to_text(),
                    None if resource.type_name == "Class" => {
                        format!("Class {} is private", resource.title.to_lowercase())
                    }
                    None => format!(
                        "Definition {} is private",
                        resource.type_name.to_lowercase()
                    ),
                };
                Err(error(message, span))
            }
            "lookup" => {
                let key = args.first().map(Value::to_text).unwrap_or_default();
                // lookup(name, type, merge, default) or lookup(name, options).
                let option = |name: &str| {
                    args.get(1)
                        .and_then(|options| options.hash_get(&Value::Str(name.to_string())))
                };
                let (merge, default) = match args.get(1) {
                    Some(Value::Hash(_)) => (option("merge"), option("default_value")),
                    _ => (args.get(2), args.get(3)),
                };
                let strategy = merge.and_then(hiera::Merge::of);
                let top = &self.scopes[TOP].variables;
                let variables = |name: &str| top.get(name).cloned();
                let found = self
                    .hiera
                    .lookup_merged(&key, &variables, strategy)
                    .map_err(|e| Self::hiera_error(e, error(String::new(), span)))?;
                match (found, default) {
                    (Some(value), _) => Ok(value),
                    (None, Some(default)) => Ok(default.clone()),
                    (None, None) => Err(error(
                        format!("Function lookup() did not find a value for the name '{key}'"),
                        span,
                    )),
                }
            }
            name if name == "validate_legacy" || name.starts_with("validate_") => Ok(Value::Undef),
            "each" | "map" | "filter" | "reduce" | "with" => {
                let lambda =
                    lambda.ok_or_else(|| error(format!("{name}() needs a block"), span))?;
                self.iterate(name, &args, lambda, scope, span)
            }
            "template" | "inline_template" => self.erb(name, &args, scope, span),
            "epp" | "inline_epp" => self.epp(name, &args, scope, span),
            // Tags the class or define whose body calls it; its built-in
            // resources take the tags at the end (`finish`).
            "tag" => {
                let resource = &mut self.resources[self.scopes[scope].resource];
                resource
                    .tags_before_function
                    .get_or_insert(resource.tags.len());
                for value in flatten(&args) {
                    let name = value.to_text().to_lowercase();
                    if !is_tag(&name) {
                        return Err(error(format!("Invalid tag '{name}'"), span));
                    }
                    let tags = &mut resource.tags;
                    let parts = name
                        .contains("::")
                        .then(|| name.split("::").map(str::to_string).collect::<Vec<_>>());
                    for tag in std::iter::once(name).chain(parts.into_iter().flatten()) {
                        if !tags.contains(&tag) {
                            tags.push(tag);
                        }
                    }
                }
                Ok(Value::Undef)
            }
            // Whether the calling class or define, or the catalog (its
            // classes), has every tag given.
            "tagged" => {
                let resource = &self.resources[self.scopes[scope].resource];
                let tagged = flatten(&args).iter().all(|value| {
                    let tag = value.to_text().to_lowercase();
                    resource.tags.contains(&tag)
                        || self.resources.iter().any(|other| {
                            let own = other.tags_before_function.unwrap_or(other.tags.len());
                            matches!(other.type_name.as_str(), "Class" | "Node")
                                && other.tags[..own].contains(&tag)
                        })
                });
                Ok(Value::Bool(tagged))
            }
            // stdlib: a fact by its dotted path (`os.release.major`; a
            // quoted part may hold dots); undef where the path leads nowhere.
            "fact" => {
                let path = args.first().map(Value::to_text).unwrap_or_default();
                static PART: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
                    regex::Regex::new(r#"([^."]+)|"([^"]+)""#).expect("a valid pattern")
                });
                let parts = PART
                    .captures_iter(&path)
                    .filter_map(|part| part.get(1).or(part.get(2)))
                    .map(|part| part.as_str().to_string())
                    .collect::<Vec<_>>();
                let mut value = self.facts.clone();
                for part in parts {
                    value = match &value {
                        Value::Array(items) => part
                            .parse::<usize>()
                            .ok()
                            .and_then(|index| items.get(index).cloned())
                            .unwrap_or(Value::Undef),
                        Value::Hash(_) => value
                            .hash_get(&Value::Str(part))
                            .cloned()
                            .unwrap_or(Value::Undef),
                        _ => Value::Undef,
                    };
                }
                Ok(value)
            }
            epp::RENDER_TEXT | epp::RENDER_EXPR if !self.epp_output.is_empty() => {
                if let Some((output, sensitive)) = self.epp_output.last_mut() {
                    match args.first() {
                        Some(Value::Sensitive(value)) => {
                            output.push_str(&value.to_text());
                            *sensitive = true;
                        }
                        Some(value) => output.push_str(&value.to_text()),
                        None => {}
                    }
                }
                Ok(Value::Undef)
            }
            _ => {
                if let Some(result) = functions::call(name, &args) {
                    return result.map_err(|message| error(message, span));
                }
                match self.functions.get(name).copied() {
                    Some((file, function)) => self.call_puppet_function(file, function, args, span),
                    None => Err(error(format!("Unknown function: '{name}'"), span)),
                }
            }
        }
    }

    /// `template(files...)` renders each of the modules' ERB templates,
    /// `inline_template(texts...)` each text, with the variables of
    /// `scope`, and joins them. Ruby that pfacts does not evaluate gives a
    /// value marked unevaluated, with the reason, instead of a guess.
    fn erb(
        &mut self,
        name: &str,
        args: &[Value],
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        // A template that renders itself would never end (Puppet dies of
        // "stack level too deep"); real ones nest a level or two.
        const MAX_TEMPLATE_NESTING: usize = 16;
        if self.templates_rendering >= MAX_TEMPLATE_NESTING {
            return Err(error(
                format!("{name}(): templates nested deeper than {MAX_TEMPLATE_NESTING} levels"),
                span,
            ));
        }
        let mut rendered = String::new();
        for arg in args {
            let source = arg.to_text();
            let text = if name == "template" {
                let path = self
                    .find_template(&source, None)
                    .ok_or_else(|| error(format!("Could not find template '{source}'"), span))?;
                std::fs::read_to_string(&path).map_err(|e| {
                    error(
                        format!("template(): cannot read {}: {e}", path.display()),
                        span,
                    )
                })?
            } else {
                source.clone()
            };
            // What a template reads is not code the analysis sees: no trace.
            let file = self.file.take();
            self.templates_rendering += 1;
            let result = erb::render(
                &text,
                &mut TemplateHost {
                    compiler: self,
                    scope,
                    span,
                },
            );
            self.templates_rendering -= 1;
            self.file = file;
            match result {
                Ok(text) => rendered.push_str(&text),
                Err(erb::Unsupported(reason)) => {
                    let what = if name == "template" {
                        source.as_str()
                    } else {
                        "..."
                    };
                    return Ok(Value::Str(format!(
                        "<<{name}('{what}') not evaluated: {reason}>>"
                    )));
                }
            }
        }
        Ok(Value::Str(rendered))
    }

    /// `epp(file, args)` renders a module's template in a scope of its own
    /// below top scope, `inline_epp(text, args)` renders text in a scope
    /// below the calling one, as Puppet's `EppEvaluator` does: arguments
    /// bind the template's parameters by name, and when the template
    /// declares none, they become its variables.
    fn epp(
        &mut self,
        name: &str,
        args: &[Value],
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let source = args.first().map(Value::to_text).unwrap_or_default();
        let path = if name == "epp" {
            let path = self
                .find_template(&source, Some(".epp"))
                .ok_or_else(|| error(format!("Could not find template '{source}'"), span))?;
            Some(path)
        } else {
            None
        };
        // Each template is read and lowered once per compilation, however
        // often it is rendered (a define's template, once per instance).
        let key = path.as_ref().map_or_else(
            || source.clone(),
            |path| path.to_string_lossy().into_owned(),
        );
        let template = match self.templates.get(&key) {
            Some(template) => Rc::clone(template),
            None => {
                let text = match &path {
                    Some(path) => std::fs::read_to_string(path).map_err(|e| {
                        error(format!("epp(): cannot read {}: {e}", path.display()), span)
                    })?,
                    None => source,
                };
                let template = epp::lower(&text).map_err(|e| {
                    error(
                        format!(
                            "{name}(): Invalid EPP: {} (line: {}, column: {})",
                            e.message, e.location.line, e.location.column
                        ),
                        span,
                    )
                })?;
                let template = Rc::new(template);
                self.templates.insert(key, Rc::clone(&template));
                template
            }
        };
        let arguments: Vec<(String, Value)> = match args.get(1) {
            None => Vec::new(),
            Some(Value::Hash(entries)) => entries
                .iter()
                .map(|(key, value)| (key.to_text(), value.clone()))
                .collect(),
            Some(_) => {
                return Err(error(
                    format!("{name}(): the template_args must be a Hash"),
                    span,
                ))
            }
        };
        let enforce = template.declares_parameters || args.get(1).is_none();
        if enforce {
            // Reported at the call, as Puppet's closure does.
            let missing = template.params.iter().find(|param| {
                param.default.is_none() && !arguments.iter().any(|(name, _)| *name == param.name)
            });
            if let Some(param) = missing {
                return Err(error(
                    format!("lambda: expects a value for parameter '{}'", param.name),
                    span,
                ));
            }
            let unknown = arguments
                .iter()
                .find(|(name, _)| !template.params.iter().any(|param| param.name == *name));
            if let Some((name, _)) = unknown {
                return Err(error(
                    format!("lambda: has no parameter named '{name}'"),
                    span,
                ));
            }
        }
        let parent = if name == "epp" { TOP } else { scope };
        let local = self.new_scope(Some(parent), Some(scope));
        let saved_file = self.file.take();
        self.epp_output.push((String::new(), false));
        let rendered = self
            .bind_template(&template, arguments, enforce, local)
            .and_then(|()| self.block(&template.body, local));
        let (output, sensitive) = self.epp_output.pop().unwrap_or_default();
        self.file = saved_file;
        let output = Value::Str(output);
        let output = if sensitive {
            Value::Sensitive(Box::new(output))
        } else {
            output
        };
        rendered.map(|_| output).map_err(|mut e| {
            if e.file.is_none() {
                match path {
                    Some(path) => e.file = Some(path),
                    None => e.span = span,
                }
            }
            e
        })
    }

    /// Binds a template's arguments: to its parameters (those without
    /// an argument take their default), or, when it declares none, as its
    /// variables.
    fn bind_template(
        &mut self,
        template: &epp::Template,
        arguments: Vec<(String, Value)>,
        enforce: bool,
        scope: ScopeId,
    ) -> Result<()> {
        if !enforce {
            for (name, value) in arguments {
                self.scopes[scope].variables.insert(name, value);
            }
            return Ok(());
        }
        for param in &template.params {
            let given = arguments.iter().find(|(name, _)| *name == param.name);
            let value = match (given, &param.default) {
                (Some((_, value)), _) => value.clone(),
                (None, Some(default)) => self.eval(default, scope)?,
                // Refused at the call already.
                (None, None) => continue,
            };
            self.declare_parameter(scope, param, value);
        }
        Ok(())
    }

    /// A template as Puppet's `find_template` finds it: an absolute path,
    /// or `<module>/<file>` in the module's `templates/`; `.epp` is added
    /// when the name without it is not a file.
    /// A module's template `module/file`, or an absolute path; with
    /// `extension` added when the name lacks it (`epp()` does that).
    fn find_template(&self, name: &str, extension: Option<&str>) -> Option<PathBuf> {
        let existing = |path: PathBuf| {
            if path.is_file() {
                return Some(path);
            }
            let extension = extension.filter(|extension| !name.ends_with(extension))?;
            let with_extension = PathBuf::from(format!("{}{extension}", path.display()));
            with_extension.is_file().then_some(with_extension)
        };
        if Path::new(name).is_absolute() {
            return existing(PathBuf::from(name));
        }
        let (module, file) = name.split_once('/')?;
        let root = self
            .env
            .modulepath
            .iter()
            .map(|dir| dir.join(module))
            .find(|root| root.is_dir())?;
        existing(root.join("templates").join(file))
    }

    fn iterate(
        &mut self,
        name: &str,
        args: &[Value],
        lambda: &ast::Lambda,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let subject = args.first().cloned().unwrap_or(Value::Undef);
        if name == "with" {
            return self.call_lambda(lambda, args.to_vec(), scope);
        }
        // Each element as the lambda's arguments: a value, or an index (a
        // key) and a value.
        let elements: Vec<(Value, Value)> = match &subject {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(index, item)| (Value::Integer(index as i64), item.clone()))
                .collect(),
            Value::Hash(entries) => entries.clone(),
            Value::Integer(count) => (0..*count)
                .map(|index| (Value::Integer(index), Value::Integer(index)))
                .collect(),
            _ => {
                return Err(error(
                    format!("{name}() cannot iterate over this value"),
                    span,
                ))
            }
        };
        let is_hash = matches!(subject, Value::Hash(_));
        let arguments = |key: &Value, value: &Value| {
            if lambda.params.len() >= 2 {
                vec![key.clone(), value.clone()]
            } else if is_hash {
                vec![Value::Array(vec![key.clone(), value.clone()])]
            } else {
                vec![value.clone()]
            }
        };
        match name {
            "each" => {
                for (key, value) in &elements {
                    self.call_lambda(lambda, arguments(key, value), scope)?;
                }
                Ok(subject)
            }
            "map" => {
                let mut results = Vec::new();
                for (key, value) in &elements {
                    results.push(self.call_lambda(lambda, arguments(key, value), scope)?);
                }
                Ok(Value::Array(results))
            }
            "filter" => {
                let mut kept = Vec::new();
                for (key, value) in &elements {
                    if self
                        .call_lambda(lambda, arguments(key, value), scope)?
                        .is_truthy()
                    {
                        kept.push((key.clone(), value.clone()));
                    }
                }
                Ok(if is_hash {
                    Value::Hash(kept)
                } else {
                    Value::Array(kept.into_iter().map(|(_, value)| value).collect())
                })
            }
            _ => {
                let mut values = elements.into_iter().map(|(key, value)| {
                    if is_hash {
                        Value::Array(vec![key, value])
                    } else {
                        value
                    }
                });
                let mut memo = match args.get(1) {
                    Some(start) => start.clone(),
                    None => values.next().unwrap_or(Value::Undef),
                };
                for value in values {
                    memo = self.call_lambda(lambda, vec![memo, value], scope)?;
                }
                Ok(memo)
            }
        }
    }

    fn call_lambda(
        &mut self,
        lambda: &ast::Lambda,
        args: Vec<Value>,
        scope: ScopeId,
    ) -> Result<Value> {
        let local = self.new_scope(Some(scope), Some(scope));
        self.bind(&lambda.params, args, local)?;
        self.block(&lambda.body, local)
    }

    fn bind(&mut self, params: &[ast::Param], mut args: Vec<Value>, scope: ScopeId) -> Result<()> {
        for (index, param) in params.iter().enumerate() {
            let value = if param.splat {
                Value::Array(if index < args.len() {
                    args.split_off(index)
                } else {
                    Vec::new()
                })
            } else if let Some(value) = args.get(index) {
                value.clone()
            } else if let Some(default) = &param.default {
                self.eval(default, scope)?
            } else {
                return Err(error(
                    format!("expects a value for parameter '{}'", param.name),
                    param.span,
                ));
            };
            self.declare_parameter(scope, param, value);
        }
        Ok(())
    }

    fn declare_parameter(&mut self, scope: ScopeId, param: &ast::Param, value: Value) {
        self.scopes[scope]
            .variables
            .insert(param.name.clone(), value);
        if let Some(file) = self.file {
            self.scopes[scope]
                .origins
                .insert(param.name.clone(), (file, param.span.line));
        }
    }

    fn call_puppet_function(
        &mut self,
        file: usize,
        function: &ast::Definition,
        args: Vec<Value>,
        span: ast::Span,
    ) -> Result<Value> {
        for (param, value) in function.params.iter().zip(&args) {
            let problem = param
                .type_text
                .as_deref()
                .filter(|_| !param.splat)
                .and_then(|text| self.types.mismatch(text, value));
            if let Some(problem) = problem {
                let message = format!("'{}' parameter '{}' {problem}", function.name, param.name);
                return Err(error(message, span));
            }
        }
        let saved = self.file.replace(file);
        let scope = self.new_scope(Some(TOP), Some(TOP));
        let result = self
            .bind(&function.params, args, scope)
            .and_then(|()| self.block(&function.body, scope))
            .map_err(|e| {
                let e = self.locate(e, file);
                EvalError {
                    span: if e.file.is_some() { e.span } else { span },
                    ..e
                }
            });
        self.file = saved;
        result
    }

    // ------------------------------------------------------------------
    // Classes, defines and resources
    // ------------------------------------------------------------------

    fn declare_class(
        &mut self,
        name: &str,
        parameters: Option<Vec<(String, Value)>>,
        declaring: ScopeId,
        span: ast::Span,
    ) -> Result<ScopeId> {
        if let Some(&scope) = self.class_scopes.get(name) {
            if parameters.is_some() {
                return Err(error(
                    format!(
                        "Duplicate declaration: Class[{}] is already declared",
                        capitalize(name)
                    ),
                    span,
                ));
            }
            return Ok(scope);
        }
        let Some((file, class)) = self.classes.get(name).copied() else {
            return Err(error(format!("Could not find class ::{name}"), span));
        };
        if let Some(start) = self.declaring.iter().position(|c| c == name) {
            let mut cycle = self.declaring[start..].to_vec();
            cycle.push(name.to_string());
            return Err(EvalError {
                message: format!("circular inheritance: {}", cycle.join(" inherits ")),
                file: Some(self.env.files[file].0.clone()),
                span: class.span,
            });
        }
        self.declaring.push(name.to_string());
        let result = self.declare_new_class(name, file, class, parameters, declaring, span);
        self.declaring.pop();
        result
    }

    fn declare_new_class(
        &mut self,
        name: &str,
        file: usize,
        class: &'e ast::Definition,
        parameters: Option<Vec<(String, Value)>>,
        declaring: ScopeId,
        span: ast::Span,
    ) -> Result<ScopeId> {
        // A derived class's parent scope is its base class's, evaluated
        // first; any other's is node scope when there is one.
        let (parent, dynamic_parent) = match &class.parent {
            Some(base) => {
                let base_scope = self.declare_class(base, None, declaring, span)?;
                (base_scope, base_scope)
            }
            None => (self.node_scope.unwrap_or(TOP), declaring),
        };
        let saved = self.file.replace(file);
        let scope = self.new_scope(Some(parent), Some(dynamic_parent));
        self.class_scopes.insert(name.to_string(), scope);
        let title = capitalize(name);
        let resource = self.add_resource(
            "Class",
            &title,
            declaring,
            Form::Regular,
            Some(file),
            class.span.line,
        );
        // Classes are contained in the main stage unless `contain`ed.
        self.resources[resource].container = Some(1);
        self.scopes[scope].resource = resource;
        let caller = self.module_of(declaring);
        let result = self.instantiate(
            class,
            parameters.unwrap_or_default(),
            (scope, resource),
            name,
            (&caller, (saved, span)),
        );
        self.file = saved;
        result.map_err(|e| self.locate(e, file))?;
        Ok(scope)
    }

    /// The module whose code `scope` runs: `$module_name` there, empty for
    /// top and node scope.
    fn module_of(&self, scope: ScopeId) -> String {
        self.scope_chain(scope)
            .iter()
            .find_map(|s| self.scopes[*s].variables.get("module_name"))
            .map(Value::to_text)
            .unwrap_or_default()
    }

    /// Evaluates a class's or define's body in `scope`, the body of
    /// `resource`, declared from code of module `caller` at `site` (file
    /// index and span: where Puppet reports a parameter's value).
    fn instantiate(
        &mut self,
        definition: &ast::Definition,
        given: Vec<(String, Value)>,
        (scope, resource): (ScopeId, usize),
        title: &str,
        (caller, site): (&str, (Option<usize>, ast::Span)),
    ) -> Result<()> {
        let is_class = self.resources[resource].type_name == "Class";
        let label = {
            let declared = &self.resources[resource];
            format!("{}[{}]", declared.type_name, declared.title)
        };
        for (name, _) in &given {
            if !METAPARAMETERS.contains(&name.as_str())
                && !definition.params.iter().any(|p| p.name == *name)
            {
                let message = format!("{label}: has no parameter named '{name}'");
                return Err(self.error_at(site, message));
            }
        }
        for (name, value) in &given {
            self.resources[resource]
                .parameters
                .insert(name.clone(), value.clone());
        }
        self.scopes[scope]
            .variables
            .insert("title".to_string(), Value::Str(title.to_string()));
        self.scopes[scope]
            .variables
            .insert("name".to_string(), Value::Str(title.to_string()));
        let module = definition.name.split("::").next().unwrap_or_default();
        self.scopes[scope]
            .variables
            .insert("module_name".to_string(), Value::Str(module.to_string()));
        self.scopes[scope].variables.insert(
            "caller_module_name".to_string(),
            Value::Str(caller.to_string()),
        );
        // "Undef Parameter Values": a given value, else (classes only) the
        // data binding (Hiera), else the default expression, evaluated
        // once every given value is set; a parameter with none of them is
        // missing, unless `undef` was given for it.
        let mut defaults = Vec::new();
        let mut missing = Vec::new();
        for param in &definition.params {
            let given_value = given
                .iter()
                .find(|(name, _)| *name == param.name)
                .map(|(_, value)| value);
            let found = match given_value {
                Some(value) if *value != Value::Undef => Some(value.clone()),
                _ if is_class => {
                    let key = format!("{}::{}", definition.name, param.name);
                    let top = &self.scopes[TOP].variables;
                    self.hiera
                        .lookup(&key, &|name| top.get(name).cloned())
                        .map_err(|e| Self::hiera_error(e, self.error_at(site, String::new())))?
                }
                _ => None,
            };
            // Data set to `~` counts as an `undef` given.
            let undef_given = given_value.is_some() || found == Some(Value::Undef);
            let found = found.filter(|value| *value != Value::Undef);
            match (found, &param.default) {
                (Some(value), _) => self.bind_parameter(scope, resource, param, value),
                (None, Some(default)) => defaults.push((param, default)),
                (None, None) if undef_given => {
                    self.bind_parameter(scope, resource, param, Value::Undef)
                }
                (None, None) => missing.push(param.name.clone()),
            }
        }
        // A default that reads a missing parameter fails as Puppet's
        // parameter scope does.
        self.scopes[scope].missing_parameters = missing.clone();
        for (param, default) in defaults {
            let value = self.eval(default, scope).map_err(|e| {
                if e.message.starts_with(MISSING_PARAMETER) {
                    self.error_at(site, format!("{label}: {}", e.message))
                } else {
                    e
                }
            })?;
            self.bind_parameter(scope, resource, param, value);
        }
        self.scopes[scope].missing_parameters.clear();
        if !missing.is_empty() {
            let lines: Vec<String> = missing
                .iter()
                .map(|name| format!("expects a value for parameter '{name}'"))
                .collect();
            let message = match lines.as_slice() {
                [only] => format!("{label}: {only}"),
                _ => format!("{label}:\n  {}", lines.join("\n  ")),
            };
            return Err(self.error_at(site, message));
        }
        for param in &definition.params {
            let value = self.scopes[scope]
                .variables
                .get(&param.name)
                .cloned()
                .unwrap_or(Value::Undef);
            let problem = param
                .type_text
                .as_deref()
                .and_then(|text| self.types.mismatch(text, &value));
            if let Some(problem) = problem {
                let message = format!("{label}: parameter '{}' {problem}", param.name);
                return Err(self.error_at(site, message));
            }
        }
        self.block(&definition.body, scope).map(|_| ())
    }

    /// Sets a class's or define's parameter in its scope and, unless
    /// undef, on its resource.
    fn bind_parameter(
        &mut self,
        scope: ScopeId,
        resource: usize,
        param: &ast::Param,
        value: Value,
    ) {
        if value != Value::Undef {
            self.resources[resource]
                .parameters
                .insert(param.name.clone(), value.clone());
        }
        self.declare_parameter(scope, param, value);
    }

    fn resource(
        &mut self,
        resource: &ast::Resource,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let type_value = self.eval(&resource.type_expr, scope)?;
        let type_name = match &type_value {
            Value::Str(name) | Value::Type(name) => name.trim_start_matches("::").to_lowercase(),
            _ => return Err(error("Illegal resource type", span)),
        };
        let default_body = resource
            .bodies
            .iter()
            .find(|body| matches!(body.title.kind, ExprKind::Default));
        let mut defaults = Vec::new();
        if let Some(body) = default_body {
            defaults = self.attributes(&body.attributes, scope)?;
        }
        let mut references = Vec::new();
        for body in &resource.bodies {
            if matches!(body.title.kind, ExprKind::Default) {
                continue;
            }
            let titles = self.eval(&body.title, scope)?;
            // The `default:` body's attributes first, as Puppet merges
            // them: the title's own replace them in place.
            let mut attributes = defaults.clone();
            for (name, value) in self.attributes(&body.attributes, scope)? {
                match attributes
                    .iter_mut()
                    .find(|(existing, _)| *existing == name)
                {
                    Some((_, existing)) => *existing = value,
                    None => attributes.push((name, value)),
                }
            }
            for title in flatten(&[titles]) {
                let reference = self.declare_resource(
                    &type_name,
                    &title.to_text(),
                    attributes.clone(),
                    resource.form,
                    scope,
                    span,
                )?;
                references.push(reference);
            }
        }
        Ok(match references.len() {
            1 => references.remove(0),
            _ => Value::Array(references),
        })
    }

    /// stdlib's `ensure_resource`: declares the resource unless it exists.
    fn ensure_resource(
        &mut self,
        type_name: &str,
        title: &str,
        attributes: Vec<(String, Value)>,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<()> {
        let capitalized = capitalize(&type_name.to_lowercase());
        if self.find_resource(&capitalized, title).is_none() {
            self.declare_resource(type_name, title, attributes, Form::Regular, scope, span)?;
            self.mark_by_function(type_name, title);
        }
        Ok(())
    }

    fn mark_by_function(&mut self, type_name: &str, title: &str) {
        let type_name = type_name.trim_start_matches("::").to_lowercase();
        let (type_name, title) = if type_name == "class" {
            (
                "Class".to_string(),
                capitalize(&title.trim_start_matches("::").to_lowercase()),
            )
        } else {
            (capitalize(&type_name), title.to_string())
        };
        if let Some(index) = self.find_resource(&type_name, &title) {
            self.resources[index].by_function = true;
        }
    }

    /// Declares one resource (a class, a define instance or a resource of
    /// a type) and returns its reference.
    fn declare_resource(
        &mut self,
        type_name: &str,
        title: &str,
        attributes: Vec<(String, Value)>,
        form: Form,
        scope: ScopeId,
        span: ast::Span,
    ) -> Result<Value> {
        let type_name = type_name.trim_start_matches("::").to_lowercase();
        if type_name == "class" {
            let class = title.trim_start_matches("::").to_lowercase();
            self.declare_class(&class, Some(attributes), scope, span)?;
            let title = capitalize(&class);
            if let Some(index) = self.find_resource("Class", &title) {
                let file = self.file;
                let resource = &mut self.resources[index];
                resource.resource_like = true;
                resource.file = file;
                resource.line = span.line;
            }
            return Ok(Value::Ref("Class".to_string(), title));
        }
        let capitalized = capitalize(&type_name);
        if self.find_resource(&capitalized, title).is_some() {
            return Err(error(
                format!("Duplicate declaration: {capitalized}[{title}] is already declared"),
                span,
            ));
        }
        let index = self.add_resource(&capitalized, title, scope, form, self.file, span.line);
        self.resources[index].container = Some(self.scopes[scope].resource);
        let reference = Value::Ref(capitalized.clone(), title.to_string());
        if let Some(define) = self.defines.get(&type_name).copied() {
            self.resources[index].defined = true;
            // Its parameters not given come from the defaults in reach now,
            // its body later (`evaluate_instances`).
            let mut attributes = attributes;
            for (name, value) in self.defaults_at_creation(index, &capitalize(&type_name), scope) {
                if !attributes.iter().any(|(given, _)| *given == name) {
                    attributes.push((name, value));
                }
            }
            // Collectors read them before the body is evaluated.
            for (name, value) in &attributes {
                self.resources[index]
                    .parameters
                    .insert(name.clone(), value.clone());
            }
            let caller = self.module_of(scope);
            self.pending.push(PendingInstance {
                resource: index,
                define,
                attributes,
                scope,
                static_parent: self.node_scope.unwrap_or(TOP),
                caller,
                site: (self.file, span),
            });
            return Ok(reference);
        }
        for (name, value) in attributes {
            self.resources[index].parameters.insert(name, value);
        }
        // Puppet gives a resource the defaults in reach when it is
        // declared: one set later in the same scope does not reach it.
        for (name, value) in self.defaults_at_creation(index, &capitalized, scope) {
            self.resources[index]
                .parameters
                .entry(name)
                .or_insert(value);
        }
        Ok(reference)
    }

    /// The defaults for `type_name` in reach of `scope`, for the resource
    /// `index` being declared there, each recorded in the trace.
    fn defaults_at_creation(
        &mut self,
        index: usize,
        type_name: &str,
        scope: ScopeId,
    ) -> Vec<(String, Value)> {
        let mut applied = Vec::new();
        for (name, value, origin) in self.defaults_for(type_name, scope) {
            if self.resources[index].parameters.contains_key(&name) {
                continue;
            }
            if let (Some(file), line) = origin {
                let resource = &self.resources[index];
                let reference = format!("{}[{}]", resource.type_name, resource.title);
                let path = self.env.files[file].0.clone();
                self.trace
                    .defaults
                    .push((reference, name.clone(), path, line));
            }
            applied.push((name, value));
        }
        applied
    }

    /// Evaluates the bodies of the define instances declared, as Puppet's
    /// `evaluate_generators` does once the node's code is done: pass after
    /// pass, each the instances declared before it in the order declared;
    /// a virtual one only once `realize` or a collector has reached it.
    fn evaluate_instances(&mut self) -> Result<()> {
        // Puppet's bound: a define that declares itself never ends.
        const MAX_PASSES: usize = 1000;
        for _ in 0..=MAX_PASSES {
            let batch = std::mem::take(&mut self.pending);
            let mut evaluated = false;
            let mut waiting = Vec::new();
            for instance in batch {
                if self.resources[instance.resource].form != Form::Regular
                    && !self.is_realized(instance.resource)?
                {
                    waiting.push(instance);
                    continue;
                }
                evaluated = true;
                self.evaluate_instance(instance)?;
            }
            let declared = std::mem::replace(&mut self.pending, waiting);
            self.pending.extend(declared);
            if !evaluated {
                return Ok(());
            }
        }
        Err(error(
            format!("Somehow looped more than {MAX_PASSES} times while evaluating host catalog"),
            ast::Span::default(),
        ))
    }

    /// Whether `realize` or a collector reaches the virtual resource
    /// `index`.
    fn is_realized(&mut self, index: usize) -> Result<bool> {
        let (type_name, title, form) = {
            let resource = &self.resources[index];
            (
                resource.type_name.clone(),
                resource.title.clone(),
                resource.form,
            )
        };
        if self.realized.iter().any(|(realized_type, realized_title)| {
            *realized_type == type_name && *realized_title == title
        }) {
            return Ok(true);
        }
        for position in 0..self.collectors.len() {
            let (scope, exported, query) = {
                let (scope, collector) = &self.collectors[position];
                if capitalize(&collector.type_name) != type_name {
                    continue;
                }
                (*scope, collector.exported, collector.query.clone())
            };
            if exported && form != Form::Exported {
                continue;
            }
            let selected = match &query {
                Some(query) => self.query_matches(query, index, scope)?,
                None => true,
            };
            if selected {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn evaluate_instance(&mut self, instance: PendingInstance<'e>) -> Result<()> {
        let PendingInstance {
            resource,
            define: (file, define),
            attributes,
            scope,
            static_parent,
            caller,
            site,
        } = instance;
        let saved = self.file.replace(file);
        let define_scope = self.new_scope(Some(static_parent), Some(scope));
        self.scopes[define_scope].resource = resource;
        let title = self.resources[resource].title.clone();
        let result = self.instantiate(
            define,
            attributes,
            (define_scope, resource),
            &title,
            (&caller, site),
        );
        self.file = saved;
        result.map_err(|e| self.locate(e, file))
    }

    fn attributes(
        &mut self,
        attributes: &[ast::Attribute],
        scope: ScopeId,
    ) -> Result<Vec<(String, Value)>> {
        let mut values = Vec::new();
        for attribute in attributes {
            let value = self.eval(&attribute.value, scope)?;
            if attribute.name == "*" {
                if let Value::Hash(entries) = value {
                    for (key, value) in entries {
                        values.push((key.to_text(), value));
                    }
                }
                continue;
            }
            values.push((attribute.name.clone(), value));
        }
        Ok(values)
    }

    // ------------------------------------------------------------------
    // Finishing
    // ------------------------------------------------------------------

    /// What Puppet does once the code has run: collectors realize, then
    /// overrides and defaults complete the resources.
    fn finish(&mut self) -> Result<()> {
        // Puppet gives a built-in resource the tags of its class or define
        // when the compilation finishes: those `tag()` added later count.
        for index in 0..self.resources.len() {
            let resource = &self.resources[index];
            let source = self.scopes[resource.scope].resource;
            if resource.defined
                || source == index
                || matches!(resource.type_name.as_str(), "Class" | "Node" | "Stage")
            {
                continue;
            }
            let inherited = self.resources[source].tags.clone();
            let tags = &mut self.resources[index].tags;
            for tag in inherited {
                if !tags.contains(&tag) {
                    tags.push(tag);
                }
            }
        }
        let collectors = std::mem::take(&mut self.collectors);
        for (scope, collector) in &collectors {
            let type_name = capitalize(&collector.type_name);
            let mut collected = Vec::new();
            for index in 0..self.resources.len() {
                let (form, resource_type, title) = {
                    let resource = &self.resources[index];
                    (
                        resource.form,
                        resource.type_name.clone(),
                        resource.title.clone(),
                    )
                };
                if resource_type != type_name || (collector.exported && form != Form::Exported) {
                    continue;
                }
                let selected = match &collector.query {
                    Some(query) => self.query_matches(query, index, *scope)?,
                    None => true,
                };
                if !selected {
                    continue;
                }
                collected.push((resource_type.clone(), title.clone()));
                if form == Form::Virtual || (collector.exported && form == Form::Exported) {
                    self.realized.push((resource_type, title));
                }
                let attributes = self.attributes(&collector.attributes, *scope)?;
                for (name, value) in attributes {
                    self.resources[index].parameters.insert(name, value);
                }
            }
            self.collected.push(collected);
        }
        for reference in std::mem::take(&mut self.realized) {
            if let Some(index) = self.find_resource(&reference.0, &reference.1) {
                if self.resources[index].form == Form::Virtual {
                    self.resources[index].form = Form::Regular;
                }
            }
        }
        for override_ in std::mem::take(&mut self.overrides) {
            let Some(index) = self.find_resource(&override_.reference.0, &override_.reference.1)
            else {
                continue;
            };
            // Puppet's `Resource#merge`: only the class declaring the
            // resource, or one inheriting from it, may override, and not
            // an attribute the declaring class set itself.
            let declaring = self.scopes[self.resources[index].scope].resource;
            if !self.inherits_from(override_.source, declaring) {
                let message = "Only subclasses can override parameters".to_string();
                return Err(self.error_at(override_.site, message));
            }
            for (name, value, append, span) in override_.attributes {
                if override_.source == declaring
                    && self.resources[index].parameters.contains_key(&name)
                {
                    let message = format!(
                        "Parameter '{name}' is already set on {}[{}]; cannot redefine",
                        override_.reference.0, override_.reference.1
                    );
                    return Err(self.error_at((override_.site.0, span), message));
                }
                let parameters = &mut self.resources[index].parameters;
                let value = match (append, parameters.get(&name).cloned()) {
                    (true, Some(existing)) => append_values(existing, value),
                    _ => value,
                };
                parameters.insert(name, value);
            }
        }
        Ok(())
    }

    /// The resource defaults for `type_name` that reach code of `scope`
    /// through dynamic scope: the nearest wins, `+>` adds to the next
    /// outer one. Each with its origin (file index, line).
    fn defaults_for(
        &self,
        type_name: &str,
        scope: ScopeId,
    ) -> Vec<(String, Value, (Option<usize>, u32))> {
        let mut scope = Some(scope);
        let mut found: BTreeMap<String, (Value, (Option<usize>, u32))> = BTreeMap::new();
        let mut appending: BTreeMap<String, (Value, (Option<usize>, u32))> = BTreeMap::new();
        let mut chain = Vec::new();
        while let Some(current) = scope {
            chain.push(current);
            for default in &self.scopes[current].defaults {
                if default.type_name != type_name || found.contains_key(&default.attribute) {
                    continue;
                }
                if default.append {
                    let entry = (default.value.clone(), default.origin);
                    appending.insert(default.attribute.clone(), entry);
                } else {
                    let value = match appending.remove(&default.attribute) {
                        Some((extra, _)) => append_values(default.value.clone(), extra),
                        None => default.value.clone(),
                    };
                    found.insert(default.attribute.clone(), (value, default.origin));
                }
            }
            scope = self.scopes[current].dynamic_parent;
        }
        // In Puppet's order (`lookupdefaults`): the outermost scope's
        // defaults first, each scope's as declared.
        let mut defaults = Vec::new();
        for current in chain.into_iter().rev() {
            for default in &self.scopes[current].defaults {
                let name = &default.attribute;
                if default.type_name != type_name {
                    continue;
                }
                if let Some((value, origin)) = found.remove(name).or_else(|| appending.remove(name))
                {
                    defaults.push((name.clone(), value, origin));
                }
            }
        }
        defaults
    }

    /// Whether the body of resource `source` is that of `base`, or of a
    /// class inheriting, directly or not, from class `base`.
    fn inherits_from(&self, source: usize, base: usize) -> bool {
        if source == base {
            return true;
        }
        let class_name = |index: usize| {
            let resource = &self.resources[index];
            (resource.type_name == "Class").then(|| resource.title.to_lowercase())
        };
        let (Some(mut class), Some(base)) = (class_name(source), class_name(base)) else {
            return false;
        };
        for _ in 0..self.classes.len() {
            match self
                .classes
                .get(&class)
                .and_then(|(_, definition)| definition.parent.clone())
            {
                Some(parent) if parent.trim_start_matches("::") == base => return true,
                Some(parent) => class = parent.trim_start_matches("::").to_string(),
                None => return false,
            }
        }
        false
    }

    /// Relationships become `before` and `notify` of their source.
    fn add_relationships(&mut self) {
        let resolve = |sides: &[Side], collected: &[Vec<Reference>]| -> Vec<Reference> {
            sides
                .iter()
                .flat_map(|side| match side {
                    Side::Resource(reference) => vec![reference.clone()],
                    Side::Collected(collector) => {
                        collected.get(*collector).cloned().unwrap_or_default()
                    }
                })
                .collect()
        };
        for (sources, targets, arrow) in std::mem::take(&mut self.relationships) {
            let targets = resolve(&targets, &self.collected);
            for source in resolve(&sources, &self.collected) {
                let Some(index) = self.find_resource(&source.0, &source.1) else {
                    continue;
                };
                let name = if arrow == "~>" { "notify" } else { "before" };
                for target in &targets {
                    let reference = Value::Ref(target.0.clone(), target.1.clone());
                    let parameters = &mut self.resources[index].parameters;
                    let value = match parameters.get(name).cloned() {
                        Some(existing) => append_values(existing, reference),
                        None => Value::Array(vec![reference]),
                    };
                    parameters.insert(name.to_string(), value);
                }
            }
        }
    }

    fn query_matches(&mut self, query: &Expr, index: usize, scope: ScopeId) -> Result<bool> {
        match &query.kind {
            ExprKind::Binary(BinaryOp::And, left, right) => Ok(self
                .query_matches(left, index, scope)?
                && self.query_matches(right, index, scope)?),
            ExprKind::Binary(BinaryOp::Or, left, right) => Ok(self
                .query_matches(left, index, scope)?
                || self.query_matches(right, index, scope)?),
            ExprKind::Binary(op @ (BinaryOp::Eq | BinaryOp::NotEq), left, right) => {
                let name = match &left.kind {
                    ExprKind::Name(name) => name.clone(),
                    _ => return Err(error("Illegal collector query", query.span)),
                };
                let wanted = self.eval(right, scope)?;
                let resource = &self.resources[index];
                let actual = if name == "title" {
                    Value::Str(resource.title.clone())
                } else if name == "tag" {
                    Value::Array(
                        resource
                            .tags
                            .iter()
                            .map(|t| Value::Str(t.clone()))
                            .collect(),
                    )
                } else {
                    resource
                        .parameters
                        .get(&name)
                        .cloned()
                        .unwrap_or(Value::Undef)
                };
                let equal_ = match &actual {
                    Value::Array(items) => items.iter().any(|item| equal(item, &wanted)),
                    other => equal(other, &wanted),
                };
                Ok(equal_ == (*op == BinaryOp::Eq))
            }
            _ => Err(error("Illegal collector query", query.span)),
        }
    }

    /// The catalog in Puppet's format: resources with their tags, file,
    /// line and parameters; containment edges; class names; the tags of
    /// classes and nodes.
    fn to_json(&self) -> Json {
        let reference = |index: usize| {
            let resource = &self.resources[index];
            format!("{}[{}]", resource.type_name, resource.title)
        };
        let mut order: Vec<usize> = (0..self.resources.len())
            .filter(|&index| self.resources[index].form != Form::Virtual)
            .collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.resources[a], &self.resources[b]);
            (&a.type_name, &a.title).cmp(&(&b.type_name, &b.title))
        });
        let mut catalog_tags = std::collections::BTreeSet::new();
        let resources: Vec<Json> = order
            .iter()
            .map(|&index| {
                let r = &self.resources[index];
                let structural =
                    matches!(r.type_name.as_str(), "Class" | "Node" | "Stage") && !r.resource_like;
                if matches!(r.type_name.as_str(), "Class" | "Node") {
                    let own = r.tags_before_function.unwrap_or(r.tags.len());
                    catalog_tags.extend(r.tags[..own].iter().cloned());
                }
                // Puppet leaves out the namevar when it repeats the title.
                let namevar = match r.type_name.as_str() {
                    "File" => "path",
                    "Exec" => "command",
                    "Class" | "Stage" | "Node" => "",
                    _ => "name",
                };
                // The namevar, when set, comes first, as in Puppet's.
                let namevar_first = r.parameters.get_key_value(namevar).into_iter().chain(
                    r.parameters
                        .iter()
                        .filter(|(name, _)| name.as_str() != namevar),
                );
                let parameters: serde_json::Map<String, Json> = namevar_first
                    .filter(|(_, value)| **value != Value::Undef)
                    .filter(|(name, value)| {
                        !(name.as_str() == namevar
                            && matches!(value, Value::Str(text) if *text == r.title))
                    })
                    .map(|(name, value)| (name.clone(), value.to_json()))
                    .collect();
                let kind = if r.resource_like {
                    "class"
                } else if matches!(r.type_name.as_str(), "Class" | "Node") {
                    "unknown"
                } else if r.defined {
                    "defined_type"
                } else {
                    "compilable_type"
                };
                // Keys in the order of Puppet's `to_data_hash`.
                let mut resource = json!({
                    "type": r.type_name,
                    "title": r.title,
                    "tags": r.tags,
                });
                if !structural {
                    resource["file"] = json!(r
                        .file
                        .map(|f| self.env.files[f].0.to_string_lossy().to_string()));
                    resource["line"] = json!(r.line);
                }
                if r.by_function {
                    resource["kind"] = json!(kind);
                    resource["exported"] = json!(false);
                } else {
                    resource["exported"] = json!(r.form == Form::Exported);
                    resource["kind"] = json!(kind);
                }
                if !parameters.is_empty() {
                    resource["parameters"] = Json::Object(parameters);
                }
                let sensitive: Vec<&String> = r
                    .parameters
                    .iter()
                    .filter(|(_, value)| matches!(value, Value::Sensitive(_)))
                    .map(|(name, _)| name)
                    .collect();
                if !sensitive.is_empty() {
                    resource["sensitive_parameters"] = json!(sensitive);
                }
                resource
            })
            .collect();
        let mut edges: Vec<(String, String)> = order
            .iter()
            .filter_map(|&index| {
                let container = self.resources[index].container?;
                Some((reference(container), reference(index)))
            })
            .collect();
        edges.sort();
        let edges: Vec<Json> = edges
            .into_iter()
            .map(|(source, target)| json!({ "source": source, "target": target }))
            .collect();
        let mut classes: Vec<String> = self.class_scopes.keys().cloned().collect();
        classes.push("settings".to_string());
        classes.extend(
            self.resources
                .iter()
                .filter(|r| r.type_name == "Node")
                .map(|r| r.title.clone()),
        );
        classes.sort();
        json!({
            "tags": catalog_tags,
            "resources": resources,
            "edges": edges,
            "classes": classes,
        })
    }
}

/// Whether Puppet's autoloader reads `path` when it looks for `name`: the
/// file of the name or of one of its namespaces (`a::b` is also looked for
/// in `a/manifests/init.pp`).
fn autoloaded(path: &Path, role: Role, name: &str) -> bool {
    let path = path.to_string_lossy().replace('\\', "/");
    let segments: Vec<&str> = name.split("::").collect();
    (1..=segments.len()).any(|count| {
        autoload_path(role, &segments[..count].join("::"))
            .is_some_and(|file| path == file || path.ends_with(&format!("/{file}")))
    })
}

/// Whether Puppet accepts `text` as a tag (and so tags a resource with its
/// title).
fn is_tag(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|first| first.is_alphanumeric() || first == '_')
        && chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

fn references(value: &Value) -> Vec<(String, String)> {
    match value {
        Value::Ref(type_name, title) => vec![(type_name.clone(), title.clone())],
        Value::Array(items) => items.iter().flat_map(references).collect(),
        _ => Vec::new(),
    }
}

fn append_values(existing: Value, extra: Value) -> Value {
    let mut items = match existing {
        Value::Array(items) => items,
        Value::Undef => Vec::new(),
        other => vec![other],
    };
    match extra {
        Value::Array(more) => items.extend(more),
        other => items.push(other),
    }
    Value::Array(items)
}

/// Puppet's `CompareOperator`: strings with strings (ignoring ASCII case),
/// numbers with numbers; anything else is an error, with its reason.
fn compare(a: &Value, b: &Value) -> std::result::Result<std::cmp::Ordering, &'static str> {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(x
            .bytes()
            .map(|c| c.to_ascii_lowercase())
            .cmp(y.bytes().map(|c| c.to_ascii_lowercase()))),
        (Value::Str(_), _) => Err("A String is not comparable to a non String"),
        (Value::Integer(x), Value::Integer(y)) => Ok(x.cmp(y)),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            let (x, y) = (number(a).unwrap_or(0.0), number(b).unwrap_or(0.0));
            x.partial_cmp(&y).ok_or("NaN is not comparable")
        }
        (Value::Integer(_) | Value::Float(_), _) => {
            Err("A Numeric is not comparable to non Numeric")
        }
        _ => Err("Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable"),
    }
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Integer(value) => Some(*value as f64),
        Value::Float(value) => Some(*value),
        _ => None,
    }
}

/// Puppet's `==`: strings compare without case.
fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.to_lowercase() == y.to_lowercase(),
        (Value::Integer(_) | Value::Float(_), Value::Integer(_) | Value::Float(_)) => {
            number(a) == number(b)
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equal(p, q))
        }
        _ => a == b,
    }
}

fn arithmetic(op: BinaryOp, a: &Value, b: &Value, span: ast::Span) -> Result<Value> {
    let to_number = |value: &Value| match value {
        Value::Str(text) => text
            .parse::<i64>()
            .map(Value::Integer)
            .or_else(|_| text.parse::<f64>().map(Value::Float))
            .ok(),
        Value::Integer(_) | Value::Float(_) => Some(value.clone()),
        _ => None,
    };
    let (Some(x), Some(y)) = (to_number(a), to_number(b)) else {
        return Err(error(
            format!(
                "Operator is not applicable to '{}' and '{}'",
                a.to_text(),
                b.to_text()
            ),
            span,
        ));
    };
    Ok(match (x, y) {
        (Value::Integer(x), Value::Integer(y)) => Value::Integer(match op {
            BinaryOp::Add => x.wrapping_add(y),
            BinaryOp::Sub => x.wrapping_sub(y),
            BinaryOp::Mul => x.wrapping_mul(y),
            BinaryOp::Div if y != 0 => x / y,
            BinaryOp::Mod if y != 0 => x % y,
            BinaryOp::ShiftLeft => x.wrapping_shl(y as u32),
            BinaryOp::ShiftRight => x.wrapping_shr(y as u32),
            _ => return Err(error("Division by zero", span)),
        }),
        (x, y) => {
            let (x, y) = (number(&x).unwrap_or(0.0), number(&y).unwrap_or(0.0));
            Value::Float(match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                _ => x % y,
            })
        }
    })
}
