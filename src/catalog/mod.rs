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

mod compiler;
mod environment;
pub mod erb;
pub mod functions;
pub mod hiera;
pub mod values;

use std::path::PathBuf;

use crate::facts::ast;

pub use compiler::{Compiler, Trace};
pub use environment::{Environment, Modules};

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

fn error(message: impl Into<String>, span: ast::Span) -> EvalError {
    EvalError {
        message: message.into(),
        file: None,
        span,
    }
}

type Result<T> = std::result::Result<T, EvalError>;
