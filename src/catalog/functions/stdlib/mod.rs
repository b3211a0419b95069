//! puppetlabs-stdlib's functions written in Ruby, evaluated natively when
//! the environment's stdlib defines them: those of stdlib 9 and, where the
//! environment has stdlib 8, those of 8 (which 9 renamed, removed or made
//! deprecated aliases of `stdlib::` functions), each with stdlib's
//! dispatches or 3.x arity and its messages. A family per file.
//!
//! Functions that depend on the compiling machine or on time return a
//! value marked unevaluated, never a guess.

mod collections;
mod deprecation;
mod encoding;
mod facts;
mod hashes;
mod network;
mod numbers;
mod paths;
mod random;
mod resources;
mod serialize;
mod strings;
mod types;
mod validate;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::Registry;
use crate::catalog::values::{Regexp, Value};

/// The stdlib releases whose functions differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// 8.x and before: the unnamespaced functions are the real ones, and
    /// the `is_*`/`validate_*` family still exists.
    V8,
    /// 9.x: the unnamespaced 4.x functions are deprecated aliases of
    /// `stdlib::` ones.
    V9,
}

/// Every stdlib function pfacts evaluates, as release `version` has them.
pub fn registry(version: Version) -> Registry {
    let mut registry = Registry::default();
    collections::register(&mut registry, version);
    deprecation::register(&mut registry, version);
    encoding::register(&mut registry, version);
    facts::register(&mut registry, version);
    hashes::register(&mut registry, version);
    network::register(&mut registry, version);
    numbers::register(&mut registry, version);
    paths::register(&mut registry, version);
    random::register(&mut registry, version);
    resources::register(&mut registry, version);
    strings::register(&mut registry, version);
    types::register(&mut registry, version);
    validate::register(&mut registry, version);
    serialize::register(&mut registry, version);
    registry
}

thread_local! {
    static V8: Rc<Registry> = Rc::new(registry(Version::V8));
    static V9: Rc<Registry> = Rc::new(registry(Version::V9));
    static VERSIONS: RefCell<HashMap<PathBuf, Version>> = RefCell::new(HashMap::new());
}

/// The registry of the stdlib release that holds `file`, one of its Ruby
/// functions (`<module>/lib/puppet/...`): by its `metadata.json`, read
/// once per module.
pub fn registry_for(file: &Path) -> Rc<Registry> {
    let root = file
        .ancestors()
        .find(|dir| dir.file_name().is_some_and(|name| name == "lib"))
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let version = VERSIONS.with(|versions| {
        *versions
            .borrow_mut()
            .entry(root.clone())
            .or_insert_with(|| release(&root))
    });
    match version {
        Version::V8 => V8.with(Rc::clone),
        Version::V9 => V9.with(Rc::clone),
    }
}

/// The release of the module at `root`: 8 for a `metadata.json` version
/// below 9, else 9.
fn release(root: &Path) -> Version {
    let major = std::fs::read_to_string(root.join("metadata.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|metadata| {
            metadata["version"]
                .as_str()
                .and_then(|version| version.split('.').next()?.parse::<u64>().ok())
        });
    match major {
        Some(major) if major < 9 => Version::V8,
        _ => Version::V9,
    }
}

/// Ruby's TypeError where a string is wanted and `value` is none.
fn no_string(value: &Value) -> crate::catalog::EvalError {
    super::fault(format!(
        "no implicit conversion of {} into String",
        crate::catalog::values::ruby::class_name(value)
    ))
}

/// A pattern stdlib makes with `Regexp.new(value)`: a regexp as it is, a
/// string as a regexp's source; Ruby's error for anything else, or for a
/// source that is no regexp.
fn string_regexp(value: &Value) -> crate::catalog::Result<Regexp> {
    let regexp = match value {
        Value::Regex(regexp) => regexp.clone(),
        Value::Str(source) => Regexp::new(source.clone()),
        other => return Err(no_string(other)),
    };
    regexp
        .check()
        .map_err(|reason| super::fault(reason.to_string()))?;
    Ok(regexp)
}
