//! What a function may ask of the compilation that calls it: to call the
//! lambda it was given or another function, to read a variable or a fact,
//! to log, to find a module's files. The compiler implements it; the
//! functions know nothing else of it.

use std::path::PathBuf;

use super::signature::BlockArity;
use std::rc::Rc;

use crate::catalog::values::{Type, Unevaluated, Value};
use crate::catalog::Result;
use crate::facts::ast::Form;

/// The lambda given to a call (`each($x) |$v| { ... }`), with the scope it
/// closes over.
#[derive(Clone, Copy)]
pub struct Block<'a> {
    pub lambda: &'a crate::facts::ast::Lambda,
    pub scope: usize,
}

impl Block<'_> {
    /// How many arguments the lambda accepts.
    pub fn arity(&self) -> BlockArity {
        let params = &self.lambda.params;
        BlockArity {
            min: params
                .iter()
                .filter(|param| param.default.is_none() && !param.splat)
                .count(),
            max: (!params.iter().any(|param| param.splat)).then_some(params.len()),
        }
    }
}

/// How a function declares a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inclusion {
    Include,
    /// And makes it a `require` of the calling class or define.
    Require,
    /// And makes the calling class or define contain it.
    Contain,
}

/// How a function declares a resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Creation {
    /// As a resource expression of that form would (`create_resources`).
    Declare(Form),
    /// Only when no resource of that type and title exists yet
    /// (`ensure_resource`).
    Ensure,
}

/// The directory of a module that a reference `<module>/<path>` names a
/// file in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModuleFiles {
    /// `files/`, for `file()` and `find_file()`.
    Files,
    /// `templates/`, for `template()` and `find_template()`.
    Templates,
}

impl ModuleFiles {
    pub fn directory(self) -> &'static str {
        match self {
            ModuleFiles::Files => "files",
            ModuleFiles::Templates => "templates",
        }
    }
}

/// Puppet's log levels, as its logging functions name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Debug,
    Info,
    Notice,
    Warning,
    Err,
    Alert,
    Emerg,
    Crit,
}

impl Level {
    pub fn name(self) -> &'static str {
        match self {
            Level::Debug => "debug",
            Level::Info => "info",
            Level::Notice => "notice",
            Level::Warning => "warning",
            Level::Err => "err",
            Level::Alert => "alert",
            Level::Emerg => "emerg",
            Level::Crit => "crit",
        }
    }
}

pub trait Context {
    /// Calls `block` with `args`: its value, or its error (`break`,
    /// `next` and `return` travel as errors, see [`crate::catalog::Jump`]).
    fn call_block(&mut self, block: &Block<'_>, args: Vec<Value>) -> Result<Value>;

    /// Calls the function `name`, as code calling it would.
    fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        block: Option<&Block<'_>>,
    ) -> Result<Value>;

    /// The value of variable `name` (`x`, `a::b::x`, `::x`) where the
    /// function is called; `None` when it is not set.
    fn variable(&mut self, name: &str) -> Option<Value>;

    /// The node's facts, `$facts`.
    fn facts(&self) -> &Value;

    /// The annotation of the type named `annotation` associated with
    /// `target` (the same object, or an equal value of another kind).
    fn annotation(&self, target: &Value, annotation: &str) -> Option<Value>;

    /// Associates `value` (none: clears) as `target`'s annotation of the
    /// type named `annotation`; the one it had.
    fn associate_annotation(
        &mut self,
        target: &Value,
        annotation: &str,
        value: Option<Value>,
    ) -> Option<Value>;

    /// Logs `message` at `level`, from the scope of the call, as the
    /// logging functions do.
    fn log(&mut self, level: Level, message: &str);

    /// The directory of module `name` on the modulepath.
    fn module_directory(&self, name: &str) -> Option<PathBuf>;

    /// The file `reference` names, as Puppet finds a module's files: an
    /// absolute path as it is, `<module>/<path>` below the module's
    /// directory `kind`; `None` unless it exists.
    fn find_module_file(&self, reference: &str, kind: ModuleFiles) -> Option<PathBuf>;

    /// The modules on the modulepath, by name, in the order Puppet sees
    /// them.
    fn module_names(&self) -> Vec<String>;

    /// The type `name` stands for in the environment: built-in, alias or
    /// resource type.
    fn type_named(&mut self, name: &str) -> Result<Type>;

    /// The value of Puppet code `source`, evaluated in the scope of the
    /// call (Puppet parses type strings so: `Type.new('Integer[1]')`); a
    /// name of no type in it is a reference to one, as Puppet's type
    /// parser reads it.
    fn evaluate_source(&mut self, source: &str) -> Result<Value>;

    /// Whether a function named `name` exists in the environment.
    fn function_exists(&self, name: &str) -> bool;

    /// Logs Puppet's warning `message` at the call.
    fn warn(&mut self, message: &str);

    /// Logs Puppet's warning `message` the first time the compilation
    /// gives one for `key`, as Puppet's `warn_once` does for deprecations
    /// (saying that it has no file and line).
    fn warn_once(&mut self, key: &str, message: &str);

    /// Logs Puppet's warning `message` at the call the first time the
    /// compilation gives one for `key` (for each place of a call, when
    /// `per_place`), as Puppet's `warn_once` does with a place.
    fn warn_once_at_call(&mut self, key: &str, message: &str, per_place: bool);

    /// A value pfacts does not compute: `what` would have given it, for
    /// `reason`; marked with the call's place, and remembered.
    fn unevaluated(&mut self, what: String, reason: &str) -> Value;

    /// Notes on `mark` that the call decided with it in its place.
    fn note_use(&mut self, mark: &Rc<Unevaluated>, consequence: &str);

    /// Declares classes (lower-case names, no leading `::`).
    fn declare_classes(&mut self, names: &[String], how: Inclusion) -> Result<()>;

    /// Declares a resource of `type_name` (a class for `class`); a title
    /// that is no string (`create_resources('d', {80 => {}})`) names the
    /// resource by its text, as Puppet does, but is no tag of it.
    fn declare_resource(
        &mut self,
        type_name: &str,
        title: &Value,
        attributes: Vec<(String, Value)>,
        how: Creation,
    ) -> Result<()>;

    /// The parameters of resource `Type[title]` in the catalog so far.
    fn resource_parameters(&self, type_name: &str, title: &str) -> Option<Vec<(String, Value)>>;

    /// Realizes the virtual resources the references name.
    fn realize(&mut self, references: &[Value]) -> Result<()>;

    /// Tags the calling class or define.
    fn tag(&mut self, tags: &[String]) -> Result<()>;

    /// Whether the calling class or define, or the catalog, has every tag.
    fn tagged(&self, tags: &[String]) -> bool;

    /// Whether what `defined()` is given exists: a resource (by
    /// reference), a variable (`'$x'`), a class, define, function or type
    /// (by name).
    fn is_defined(&mut self, what: &Value) -> bool;

    /// The value of Hiera key `key`, merged by `merge` (a strategy name or
    /// hash) when given; `None` when no level has it. The keys and
    /// variables its data interpolates consult `invocation` first.
    fn hiera_lookup(
        &mut self,
        key: &str,
        merge: Option<&Value>,
        invocation: &crate::catalog::hiera::Invocation,
    ) -> Result<Option<Value>>;

    /// Renders templates as template function `function` does
    /// (`template`, `inline_template`, `epp`, `inline_epp`).
    fn render(&mut self, function: &str, args: &[Value]) -> Result<Value>;

    /// The resource whose body calls the function: `("Class", "Apache")`,
    /// `("Apache::Vhost", "default")`.
    fn caller_resource(&self) -> (String, String);

    /// The titles of the resources of type `type_name` (capitalized,
    /// `Package`) in the catalog so far, in the order they were declared.
    fn resource_titles(&self, type_name: &str) -> Vec<String>;

    /// Puppet's stack of Puppet code (`Puppet::Pops::PuppetStack`): each
    /// function call being evaluated, innermost first, as its file
    /// (`unknown` for code given as text) and line, then the manifest's
    /// own frame (line 0) while its top level is evaluated.
    fn puppet_stack(&self) -> Vec<(String, u32)>;

    /// Logs Puppet's deprecation warning `message` once for `key`, as
    /// `Puppet.deprecation_warning` does.
    fn deprecation_warning(&mut self, key: &str, message: &str);
}
