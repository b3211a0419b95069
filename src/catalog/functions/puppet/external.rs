//! Functions whose values come from outside the compilation: a command
//! on the Puppet server (`generate`), PuppetDB (`puppetdb_query`), and
//! Hiera's backends (`yaml_data`, `json_data`, `hocon_data`,
//! `eyaml_lookup_key`), which Hiera calls with a lookup context that
//! Puppet code cannot make. pfacts runs no command and asks no PuppetDB:
//! their values are marked unevaluated.

use std::path::Path;

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::data_type::Type;
use crate::catalog::values::types::object::lookup_context;
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::Value;
use crate::catalog::Result;

const MISSING_PATH: &str = "one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be \
                            declared in hiera.yaml when using this data_hash function";

pub fn register(registry: &mut Registry) {
    registry
        .declared_type(
            "Puppet::LookupContext",
            Type::Object(lookup_context::lookup_context_type()),
        )
        .legacy("generate", -2, generate)
        .add(
            "puppetdb_query",
            "Variant[String[1], Array[Data, 1]] $query",
            |context, args| {
                Ok(context.unevaluated(
                    format!("puppetdb_query({})", programmatic(args.get(0))),
                    "PuppetDB's answer is not known to pfacts",
                ))
            },
        )
        // As where the hiera-eyaml library is (the AIO agent bundles it;
        // pfacts's Hiera reads eyaml levels).
        .add(
            "eyaml_lookup_key",
            "String[1] $key, Hash[String[1], Any] $options, Puppet::LookupContext $context",
            called_by_hiera,
        );
    for (name, body) in [
        ("yaml_data", data_file as crate::catalog::functions::Body),
        ("json_data", data_file),
        ("hocon_data", called_by_hiera),
    ] {
        registry
            .add(
                name,
                "Struct[{path => String[1]}] $options, Puppet::LookupContext $context",
                body,
            )
            .argument_mismatch(
                name,
                "Hash $options, Puppet::LookupContext $context",
                |_, _| Ok(Value::string(MISSING_PATH)),
            );
    }
}

/// `yaml_data` and `json_data` called from Puppet code (a backend function
/// that reads a file as Hiera would): the hash of the file at the
/// options' `path`, not interpolated; a file that holds no hash is an
/// empty one, with Puppet's warning.
fn data_file(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let path = args
        .get(0)
        .hash_get(&Value::string("path"))
        .map(Value::to_text)
        .unwrap_or_default();
    let text = std::fs::read_to_string(&path).map_err(|e| fault(format!("{path}: {e}")))?;
    let document = crate::yaml::load_first(&text).map_err(|failure| {
        fault(format!(
            "Unable to parse ({path}): {} at line {} column {}",
            failure.reason, failure.line, failure.col
        ))
    })?;
    match document.as_ref().map(Value::from_yaml) {
        Some(hash @ Value::Hash(_)) => Ok(hash),
        _ => {
            context.warn(&format!("{path}: file does not contain a valid yaml hash"));
            Ok(Value::Hash(Vec::new()))
        }
    }
}

/// The body of a backend that pfacts runs only as Hiera's own level
/// reader (`eyaml_lookup_key`, `hocon_data`).
fn called_by_hiera(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Err(fault(format!(
        "{}() is called by Hiera, with a lookup context",
        args.name
    )))
}

/// `generate(command, args...)`: Puppet's checks of the command; its
/// output is not known.
fn generate(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let command = args.get(0).to_text();
    if !Path::new(&command).is_absolute() {
        return Err(fault("Generators must be fully qualified"));
    }
    let valid = command
        .chars()
        .all(|c| c.is_alphanumeric() || c == '_' || matches!(c, '-' | '/' | '.' | '+'));
    if !valid {
        return Err(fault(
            "Generators can only contain alphanumerics, file separators, and dashes",
        ));
    }
    if command.contains("..") {
        return Err(fault("Can not use generators with '..' in them."));
    }
    let shown: Vec<String> = args.values.iter().map(programmatic).collect();
    Ok(context.unevaluated(
        format!("generate({})", shown.join(", ")),
        "the command's output on the Puppet server is not known to pfacts",
    ))
}
