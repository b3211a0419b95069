//! Functions whose values come from outside the compilation: a command
//! on the Puppet server (`generate`), PuppetDB (`puppetdb_query`), and
//! Hiera's backends (`yaml_data`, `json_data`, `hocon_data`,
//! `eyaml_lookup_key`), which Hiera calls with a lookup context that
//! Puppet code cannot make. pfacts runs no command and asks no PuppetDB:
//! their values are marked unevaluated.

use std::path::Path;

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::string::programmatic;
use crate::catalog::values::Value;
use crate::catalog::Result;

const MISSING_PATH: &str = "one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be \
                            declared in hiera.yaml when using this data_hash function";

pub fn register(registry: &mut Registry) {
    registry
        .object_type("Puppet::LookupContext")
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
    for name in ["yaml_data", "json_data", "hocon_data"] {
        registry
            .add(
                name,
                "Struct[{path => String[1]}] $options, Puppet::LookupContext $context",
                called_by_hiera,
            )
            .argument_mismatch(
                name,
                "Hash $options, Puppet::LookupContext $context",
                |_, _| Ok(Value::string(MISSING_PATH)),
            );
    }
}

/// The body of a backend: its lookup context has no value in pfacts, so
/// no call from Puppet code reaches it.
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
