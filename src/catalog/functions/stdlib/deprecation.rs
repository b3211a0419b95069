//! `deprecation`, the warning stdlib's deprecated functions give, and the
//! unnamespaced aliases of stdlib 9 (`merge` for `stdlib::merge`), which
//! warn and call the namespaced function.

use super::Version;
use crate::catalog::functions::{Args, Context, Registry};
use crate::catalog::values::Value;
use crate::catalog::Result;

/// The unnamespaced functions that stdlib 9 keeps as deprecated aliases of
/// `stdlib::<name>`.
pub const ALIASES: &[&str] = &[
    "batch_escape",
    "ensure_packages",
    "fqdn_rand_string",
    "fqdn_rotate",
    "has_interface_with",
    "merge",
    "os_version_gte",
    "parsehocon",
    "powershell_escape",
    "seeded_rand",
    "seeded_rand_string",
    "shell_escape",
    "to_json",
    "to_json_pretty",
    "to_python",
    "to_ruby",
    "to_toml",
    "to_yaml",
    "type_of",
    "validate_domain_name",
    "validate_email_address",
];

pub fn register(registry: &mut Registry, version: Version) {
    match version {
        Version::V9 => {
            registry.add(
                "deprecation",
                "String $key, String $message, Boolean $use_strict_setting?",
                |context, args| {
                    let strict = args.opt(2) != Some(&Value::Bool(false));
                    warn(
                        context,
                        &args.get(0).to_text(),
                        &args.get(1).to_text(),
                        strict,
                    );
                    Ok(Value::Undef)
                },
            );
            for name in ALIASES {
                if *name != "has_interface_with" && *name != "merge" {
                    registry.add(name, "Any *$args", alias);
                }
            }
            registry.add(
                "merge",
                "Any *$args, Variant[Callable[2,2], Callable[3,3]] &$block?",
                alias,
            );
            registry.add("has_interface_with", "Any *$args", alias);
        }
        Version::V8 => {
            registry.add(
                "deprecation",
                "String $key, String $message",
                |context, args| {
                    warn(
                        context,
                        &args.get(0).to_text(),
                        &args.get(1).to_text(),
                        true,
                    );
                    Ok(Value::Undef)
                },
            );
        }
    }
}

/// stdlib's `deprecation(key, message)`: the message with where the
/// Puppet code stands (its two innermost frames, as Ruby writes them),
/// logged once per key.
pub fn warn(context: &mut dyn Context, key: &str, message: &str, _use_strict_setting: bool) {
    // Puppet 7's default `strict` is `warning`; with `off` or `error`
    // stdlib would stay silent or fail, when `use_strict_setting` holds.
    let stack = context.puppet_stack();
    let frame = |index: usize| {
        stack
            .get(index)
            .map(|(file, line)| {
                format!(
                    "[{}, {line}]",
                    crate::catalog::values::ruby::inspect_str(file)
                )
            })
            .unwrap_or_default()
    };
    let message = format!("{message} at {}:{}", frame(0), frame(1));
    context.deprecation_warning(key, &message);
}

/// stdlib 9's alias `name`: warns, then calls `stdlib::name`.
fn alias(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let name = args.name;
    warn(
        context,
        name,
        &format!("This function is deprecated, please use stdlib::{name} instead."),
        false,
    );
    context.call_function(&format!("stdlib::{name}"), args.values, args.block.as_ref())
}
