//! Hiera: `lookup`, and the deprecated `hiera`, `hiera_array`,
//! `hiera_hash` and `hiera_include`.

use crate::catalog::functions::{fault, Args, Context, Inclusion, Registry};
use crate::catalog::hiera::Invocation;
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::types::data_type::describe_mismatch;
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    let options = "value_type => Optional[ValueType], default_value => DefaultValueType, \
                   override => Optional[Hash[String, Any]], \
                   default_values_hash => Optional[Hash[String, Any]], \
                   merge => Optional[MergeType]";
    registry
        .alias("NameType", "Variant[String, Array[String]]")
        .alias("ValueType", "Type")
        .alias("DefaultValueType", "Any")
        .alias("MergeType", "Variant[String[1], Hash[String, Scalar]]")
        .alias("BlockType", "Callable[NameType]")
        .alias(
            "OptionsWithName",
            &format!("Struct[{{name => NameType, {options}}}]"),
        )
        .alias("OptionsWithoutName", &format!("Struct[{{{options}}}]"))
        .add(
            "lookup",
            "NameType $name, ValueType $value_type?, MergeType $merge?",
            lookup_positional,
        )
        .add(
            "lookup",
            "NameType $name, Optional[ValueType] $value_type, Optional[MergeType] $merge, \
             DefaultValueType $default_value",
            lookup_positional,
        )
        .add(
            "lookup",
            "NameType $name, ValueType $value_type?, MergeType $merge?, BlockType &$block",
            lookup_positional,
        )
        .add(
            "lookup",
            "OptionsWithName $options_hash, BlockType &$block?",
            lookup_options,
        )
        .add(
            "lookup",
            "Variant[String, Array[String]] $name, OptionsWithoutName $options_hash, \
             BlockType &$block?",
            lookup_options,
        );
    for (name, body) in [
        ("hiera", hiera as crate::catalog::functions::Body),
        ("hiera_array", hiera_array),
        ("hiera_hash", hiera_hash),
        ("hiera_include", hiera_include),
    ] {
        registry
            .add(name, "Tuple[String, Any, Any, 1, 3] $args", body)
            .add(name, "String $key", body)
            .add(name, "String $key, Any $default, Any $override?", body)
            .add(name, "String $key, Callable[1, 1] &$default_block", body)
            .add(
                name,
                "String $key, Any $override, Callable[1, 1] &$default_block",
                body,
            );
    }
}

/// What a lookup is asked.
struct Request {
    names: Vec<String>,
    value_type: Option<Type>,
    merge: Option<Value>,
    default: Option<Value>,
    default_values: Vec<(Value, Value)>,
    override_values: Vec<(Value, Value)>,
}

fn names(value: &Value) -> Vec<String> {
    match value {
        Value::Array(names) => names.iter().map(Value::to_text).collect(),
        name => vec![name.to_text()],
    }
}

fn lookup_positional(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let value_type = match args.get(1) {
        Value::Type(ty) => Some((**ty).clone()),
        _ => None,
    };
    let request = Request {
        names: names(args.get(0)),
        value_type,
        merge: args.opt(2).filter(|merge| **merge != Value::Undef).cloned(),
        // Only the four-argument form has a default.
        default: args.opt(3).cloned().filter(|_| args.block.is_none()),
        default_values: Vec::new(),
        override_values: Vec::new(),
    };
    lookup(context, request, &args)
}

fn lookup_options(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let (name, options) = match args.values.as_slice() {
        [options] => (options.hash_get(&Value::string("name")), options),
        [name, options] => (Some(name), options),
        _ => (None, args.get(0)),
    };
    let option = |key: &str| options.hash_get(&Value::string(key));
    let entries = |key: &str| match option(key) {
        Some(Value::Hash(entries)) => entries.clone(),
        _ => Vec::new(),
    };
    let request = Request {
        names: name.map(names).unwrap_or_default(),
        value_type: match option("value_type") {
            Some(Value::Type(ty)) => Some((**ty).clone()),
            _ => None,
        },
        merge: option("merge")
            .filter(|merge| **merge != Value::Undef)
            .cloned(),
        default: option("default_value").cloned(),
        default_values: entries("default_values_hash"),
        override_values: entries("override"),
    };
    lookup(context, request, &args)
}

/// Puppet's `Lookup.lookup`: the override hash, then Hiera, then the
/// default values hash, for each name in turn; then the block, the
/// default, or Puppet's error. Each value found is checked against the
/// value type.
fn lookup(context: &mut dyn Context, request: Request, args: &Args<'_>) -> Result<Value> {
    if let Some(merge) = &request.merge {
        check_merge(merge)?;
    }
    let check = |subject: String, value: Value| -> Result<Value> {
        match &request.value_type {
            Some(ty) if !ty.is_instance(&value) => Err(fault(format!(
                "{subject} has wrong type, {}",
                describe_mismatch(ty, &value).unwrap_or_default()
            ))),
            _ => Ok(value),
        }
    };
    let invocation = Invocation {
        overrides: request.override_values.clone(),
        defaults: request.default_values.clone(),
    };
    for name in &request.names {
        let key = Value::string(name.clone());
        if let Some(value) = request
            .override_values
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
        {
            return check(
                format!("Value found for key '{name}' in override hash"),
                value,
            );
        }
        if let Some(value) = context.hiera_lookup(name, request.merge.as_ref(), &invocation)? {
            return check("Found value".to_string(), value);
        }
    }
    for name in &request.names {
        let key = Value::string(name.clone());
        if let Some((_, value)) = request.default_values.iter().find(|(k, _)| *k == key) {
            return check(
                format!("Value found for key '{name}' in default values hash"),
                value.clone(),
            );
        }
    }
    if let Some(block) = args.block {
        let name = match request.names.as_slice() {
            [one] => Value::string(one.clone()),
            many => Value::Array(many.iter().cloned().map(Value::Str).collect()),
        };
        let value = context.call_block(&block, vec![name])?;
        return check("Value returned from default block".to_string(), value);
    }
    if let Some(default) = request.default {
        return check("Default value".to_string(), default);
    }
    Err(fault(match request.names.as_slice() {
        [one] => format!("Function lookup() did not find a value for the name '{one}'"),
        many => format!(
            "Function lookup() did not find a value for any of the names [{}]",
            many.iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }))
}

/// The `hiera*` functions: a lookup of `key` merged as `merge` says, with
/// Puppet's deprecation warning.
fn hiera_family(
    context: &mut dyn Context,
    args: Args<'_>,
    function: &str,
    merge: Option<&str>,
) -> Result<Value> {
    let values = match args.values.as_slice() {
        [Value::Array(splat)] => splat.clone(),
        values => values.to_vec(),
    };
    context.warn_once(
        function,
        &format!(
            "The function '{function}' is deprecated in favor of using 'lookup'. \
             See https://puppet.com/docs/puppet/7.23/deprecated_language.html"
        ),
    );
    let key = values.first().map(Value::to_text).unwrap_or_default();
    let default = if args.block.is_some() {
        None
    } else {
        values.get(1).cloned()
    };
    let request = Request {
        names: vec![key],
        value_type: None,
        merge: merge.map(Value::string),
        default,
        default_values: Vec::new(),
        override_values: Vec::new(),
    };
    lookup(context, request, &args)
}

fn hiera(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    hiera_family(context, args, "hiera", None)
}

fn hiera_array(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    hiera_family(context, args, "hiera_array", Some("unique"))
}

fn hiera_hash(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    hiera_family(context, args, "hiera_hash", Some("hash"))
}

/// `hiera_include(key)`: includes the classes the key's values name.
fn hiera_include(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let key = args.get(0).to_text();
    let classes = hiera_family(context, args, "hiera_include", Some("unique"))?;
    if classes == Value::Undef {
        return Err(fault(format!("Could not find data item {key}")));
    }
    let names: Vec<String> = flatten(std::slice::from_ref(&classes))
        .iter()
        .map(|name| name.to_text().trim_start_matches("::").to_lowercase())
        .collect();
    context.declare_classes(&names, Inclusion::Include)?;
    Ok(Value::Undef)
}

/// Puppet's `MergeStrategy.strategy`: a strategy's name, or a hash naming
/// one under `strategy`, of those Puppet knows.
fn check_merge(merge: &Value) -> Result<()> {
    let name = match merge {
        Value::Hash(_) => match merge.hash_get(&Value::string("strategy")) {
            Some(Value::Undef) | None => {
                return Err(fault(
                    "The hash given as 'merge' must contain the name of a strategy in string \
                     form for the key 'strategy'",
                ))
            }
            Some(name) => name.to_text(),
        },
        other => other.to_text(),
    };
    const STRATEGIES: [&str; 7] = [
        "first",
        "default",
        "hash",
        "unique",
        "deep",
        "unconstrained_deep",
        "reverse_deep",
    ];
    if STRATEGIES.contains(&name.as_str()) {
        Ok(())
    } else {
        Err(fault(format!("Unknown merge strategy: '{name}'")))
    }
}
