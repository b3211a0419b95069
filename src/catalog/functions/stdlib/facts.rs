//! The node, the environment and the compiling machine: `fact`,
//! `stdlib::os_version_gte` (stdlib 8's `os_version_gte`),
//! `stdlib::has_function`, `is_function_available`, `get_module_path`,
//! `load_module_metadata`, and `glob`, `time` and `pry`, which depend on
//! the machine or the clock.

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::{self, legacy_args};
use crate::catalog::values::types::array;
use crate::catalog::values::Value;
use crate::catalog::Result;

/// Puppet 7's own functions written for its 3.x API, which
/// `is_function_available` finds.
const PUPPET_LEGACY_FUNCTIONS: &[&str] = &[
    "assert_type",
    "binary_file",
    "break",
    "contain",
    "create_resources",
    "defined",
    "dig",
    "digest",
    "each",
    "epp",
    "fail",
    "file",
    "filter",
    "find_file",
    "fqdn_rand",
    "generate",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
    "include",
    "inline_epp",
    "inline_template",
    "lest",
    "lookup",
    "map",
    "match",
    "md5",
    "new",
    "next",
    "realize",
    "reduce",
    "regsubst",
    "require",
    "return",
    "reverse_each",
    "scanf",
    "sha1",
    "sha256",
    "shellquote",
    "slice",
    "split",
    "sprintf",
    "step",
    "strftime",
    "tag",
    "tagged",
    "template",
    "then",
    "type",
    "versioncmp",
    "with",
];

pub fn register(registry: &mut Registry, version: Version) {
    registry
        .add("fact", "String $fact_name", fact)
        .add(
            "stdlib::os_version_gte",
            "String[1] $os, String[1] $version",
            |context, args| {
                os_version_gte(context, &args, &["os", "name"], &["os", "release", "major"])
            },
        )
        .add(
            "stdlib::has_function",
            "String[1] $function_name",
            |context, args| {
                let name = args.get(0).to_text();
                Ok(Value::Bool(context.function_exists(&name)))
            },
        )
        .legacy("get_module_path", -1, |context, args| {
            let args = legacy_args(&args.values);
            if args.len() != 1 {
                return Err(fault(
                    "get_module_path(): Wrong number of arguments, expects one",
                ));
            }
            module_path(context, &ruby::to_s(&args[0])).map(Value::Str)
        })
        .legacy("load_module_metadata", -1, load_module_metadata)
        .legacy("glob", -1, |context, args| {
            let args = legacy_args(&args.values);
            if args.len() != 1 {
                return Err(fault(format!(
                    "glob(): Wrong number of arguments given ({} for 1)",
                    args.len()
                )));
            }
            if !matches!(args[0], Value::Str(_) | Value::Array(_)) {
                return Err(fault("glob(): Requires either array or string to work"));
            }
            Ok(context.unevaluated(
                format!("glob({})", ruby::inspect(&args[0])),
                "the files of the compiling machine",
            ))
        })
        .legacy("pry", -1, |context, _| {
            Ok(context.unevaluated("pry()".to_string(), "a debugger on the compiling machine"))
        });
    match version {
        Version::V9 => {
            registry.add("time", "Any *$args", |context, args| {
                context.call_function("stdlib::time", args.values, None)
            });
        }
        Version::V8 => {
            registry
                .add(
                    "os_version_gte",
                    "String[1] $os, String[1] $version",
                    |context, args| {
                        os_version_gte(
                            context,
                            &args,
                            &["operatingsystem"],
                            &["operatingsystemmajrelease"],
                        )
                    },
                )
                .legacy("time", -1, |context, args| {
                    let args = legacy_args(&args.values);
                    if args.len() > 1 {
                        return Err(fault(format!(
                            "time(): Wrong number of arguments given {} for 0 or 1",
                            args.len()
                        )));
                    }
                    Ok(context
                        .unevaluated("time()".to_string(), "the clock of the compiling machine"))
                });
        }
    }
}

/// Whether Puppet's 3.x function table has `name`: Puppet's own, or a
/// module's `lib/puppet/parser/functions/<name>.rb`.
pub fn is_legacy_function(context: &mut dyn Context, name: &str) -> bool {
    if PUPPET_LEGACY_FUNCTIONS.contains(&name) {
        return true;
    }
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return false;
    }
    context.module_names().iter().any(|module| {
        context.module_directory(module).is_some_and(|dir| {
            dir.join("lib/puppet/parser/functions")
                .join(format!("{name}.rb"))
                .is_file()
        })
    })
}

/// The facts at `path` (`['os', 'name']`); `None` where a level is
/// missing, an error where Ruby would index into nothing.
fn fact_at(context: &dyn Context, path: &[&str]) -> Result<Value> {
    let mut value = context.facts().clone();
    for (index, key) in path.iter().enumerate() {
        value = match &value {
            Value::Hash(_) => value
                .hash_get(&Value::string(*key))
                .cloned()
                .unwrap_or(Value::Undef),
            Value::Undef if index > 0 => {
                return Err(fault(ruby::no_method("[]", &Value::Undef)));
            }
            _ => Value::Undef,
        };
    }
    Ok(value)
}

fn os_version_gte(
    context: &mut dyn Context,
    args: &Args<'_>,
    name: &[&str],
    release: &[&str],
) -> Result<Value> {
    if fact_at(context, name)? != *args.get(0) {
        return Ok(Value::Bool(false));
    }
    let major = fact_at(context, release)?;
    let compared = context.call_function(
        "versioncmp",
        vec![Value::Str(ruby::to_s(&major)), args.get(1).clone()],
        None,
    )?;
    Ok(Value::Bool(matches!(compared, Value::Integer(n) if n >= 0)))
}

/// stdlib's `fact('a.b.0')`: the facts down a dotted path (quoted parts
/// may hold dots), warning where it walks into what it cannot.
fn fact(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let name = args.get(0).to_text();
    static PART: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"([^."]+)|"([^"]+)""#).expect("a valid pattern")
    });
    let parts: Vec<String> = PART
        .captures_iter(&name)
        .filter_map(|part| part.get(1).or(part.get(2)))
        .map(|part| part.as_str().to_string())
        .collect();
    let mut value = context.facts().clone();
    let mut walked: Vec<String> = Vec::new();
    let dotted = |walked: &[String]| {
        walked
            .iter()
            .map(|s| {
                if s.contains('.') {
                    format!("\"{s}\"")
                } else {
                    s.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(".")
    };
    for part in parts {
        value = match &value {
            Value::Undef => return Ok(Value::Undef),
            Value::Array(items) => match ruby::integer(&part) {
                Some(index) => array::access(items, &[index]),
                None => {
                    context.warn(&format!(
                        "fact request for {name} returning nil: '{}' is an array; cannot index to '{part}'",
                        dotted(&walked)
                    ));
                    Value::Undef
                }
            },
            Value::Hash(_) => value
                .hash_get(&Value::Str(part.clone()))
                .cloned()
                .unwrap_or(Value::Undef),
            _ => {
                context.warn(&format!(
                    "fact request for {name} returning nil: '{}' is not a collection; cannot walk to '{part}'",
                    dotted(&walked)
                ));
                Value::Undef
            }
        };
        walked.push(part);
    }
    Ok(value)
}

/// The directory of module `name`, or Puppet's error.
fn module_path(context: &mut dyn Context, name: &str) -> Result<String> {
    context
        .module_directory(name)
        .map(|dir| dir.display().to_string())
        .ok_or_else(|| {
            fault(format!(
                "Could not find module {name} in environment production"
            ))
        })
}

fn load_module_metadata(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.is_empty() || args.len() > 2 {
        return Err(fault(
            "load_module_metadata(): Wrong number of arguments, expects one or two",
        ));
    }
    let name = ruby::to_s(&args[0]);
    let dir = module_path(context, &name)?;
    let file = std::path::Path::new(&dir).join("metadata.json");
    match std::fs::read_to_string(&file) {
        Ok(text) => super::serialize::parse_json(&text),
        Err(_) if args.get(1).is_some_and(Value::is_truthy) => Ok(Value::Hash(Vec::new())),
        Err(_) => Err(fault(format!(
            "load_module_metadata(): No metadata.json file for module {name}"
        ))),
    }
}
