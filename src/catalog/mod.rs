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
pub mod diff;
mod environment;
pub mod erb;
pub mod functions;
pub mod hiera;
pub mod puppet8;
pub mod ruby;
pub mod values;

use std::path::PathBuf;

use crate::facts::ast;

pub use compiler::{
    node_variables, Compiler, DefaultApplied, Found, Log, Options, Outcome, Site, Strict, Trace,
    Use, UseKind, VariableRead,
};
pub use environment::{Environment, Modules};

/// `apache::vhost` → `Apache::Vhost`, as Puppet names resource types.
fn capitalize(name: &str) -> String {
    crate::facts::names::capitalize(name.trim_start_matches("::"))
}

/// An error that stops the compilation, with where it happened; or a
/// `break()`, `next()` or `return()` on its way to the code that ends it.
#[derive(Debug)]
pub struct EvalError {
    pub message: String,
    pub file: Option<PathBuf>,
    pub span: ast::Span,
    pub jump: Option<Jump>,
}

/// Puppet's jumps: `break()` ends the iteration of the innermost
/// iterating function; `next(v)` ends a lambda, function or class body with
/// `v`; `return(v)` ends the enclosing function, or the class or define
/// body, with `v`, passing through lambdas.
#[derive(Debug)]
pub enum Jump {
    Break,
    Next(values::Value),
    Return(values::Value),
    /// `not_found()` of a Hiera backend's lookup context (Ruby's `throw
    /// :no_such_key`): the backend has no value for the key.
    NoSuchKey,
}

impl EvalError {
    /// The jump, when this is one: what Puppet says where nothing ends it.
    pub fn jump(jump: Jump) -> EvalError {
        let message = match jump {
            Jump::Break => "break() from context where this is illegal",
            Jump::Next(_) => "next() from context where this is illegal",
            Jump::Return(_) => "return() from context where this is illegal",
            Jump::NoSuchKey => "uncaught throw :no_such_key",
        };
        EvalError {
            message: message.to_string(),
            file: None,
            span: ast::Span::default(),
            jump: Some(jump),
        }
    }

    /// Placed at `span` when it has no place of its own (the error of a
    /// built-in function, placed at its call).
    pub fn placed_at(mut self, span: ast::Span) -> EvalError {
        if self.file.is_none() && self.span == ast::Span::default() {
            self.span = span;
        }
        self
    }

    pub fn is_break(&self) -> bool {
        matches!(self.jump, Some(Jump::Break))
    }
}

fn error(message: impl Into<String>, span: ast::Span) -> EvalError {
    EvalError {
        message: message.into(),
        file: None,
        span,
        jump: None,
    }
}

type Result<T> = std::result::Result<T, EvalError>;
