//! What the evaluator did, in the code the static analysis sees: the
//! defaults it gave, the variables it read and the classes and defines it
//! used, each where it happened, so that a test can hold the static relations
//! to what evaluation in Puppet's order does.

use std::path::PathBuf;

/// A place in a manifest: its file and line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Site {
    pub file: PathBuf,
    pub line: u32,
}

/// What the evaluator did, for checking the static analysis against it.
#[derive(Debug, Default)]
pub struct Trace {
    /// Each default a resource took when it was declared.
    pub defaults: Vec<DefaultApplied>,
    /// Each variable read by a manifest's code.
    pub variables: Vec<VariableRead>,
    /// Each use of a class or define by a manifest's code.
    pub uses: Vec<Use>,
}

/// A use of class or define `entity` (its name in lower case) at `at`:
/// what "Names, Scope and Access Control" calls direct use.
#[derive(Clone, Debug)]
pub struct Use {
    pub entity: String,
    pub how: UseKind,
    pub at: Site,
}

/// How code uses a class or define.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UseKind {
    /// `include`, `require`, `contain` or `class { 'x': }`.
    Declaration,
    /// `inherits x`, at the derived class's definition.
    Inherits,
    /// An instance of a define.
    Instance,
    /// An endpoint of `->`, `~>`, `<-` or `<~`.
    Relationship,
}

/// The default of `attribute` set at `default_at`, given to `resource`
/// (`Type[title]`).
#[derive(Clone, Debug)]
pub struct DefaultApplied {
    pub resource: String,
    pub attribute: String,
    pub default_at: Site,
}

/// `$name` read at `at`, column `col`, and what it found.
#[derive(Clone, Debug)]
pub struct VariableRead {
    pub at: Site,
    pub col: u32,
    pub name: String,
    pub found: Found,
}

/// What a variable read found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The assignment or parameter at this place.
    At(Site),
    /// A value no manifest line sets: a fact, a setting, `$title`...
    Provided,
    /// Nothing: Puppet's "Unknown variable".
    Nothing,
}
