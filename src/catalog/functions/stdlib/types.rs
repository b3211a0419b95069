//! Types: `is_a`, `stdlib::type_of` (stdlib 8's `type_of`),
//! `validate_legacy`, and stdlib 8's `type3x`.

use super::validate::legacy_validator;
use super::Version;
use crate::catalog::functions::{fault, Args, Context, Level, Registry};
use crate::catalog::values::ruby::{self, legacy_args};
use crate::catalog::values::types::data_type::{describe_mismatch, infer_set};
use crate::catalog::values::{Type, Value};
use crate::catalog::Result;

pub fn register(registry: &mut Registry, version: Version) {
    let type_of = match version {
        Version::V8 => "type_of",
        Version::V9 => "stdlib::type_of",
    };
    registry
        .add("is_a", "Any $value, Type $type", |_, args| {
            let Value::Type(ty) = args.get(1) else {
                return Ok(Value::Bool(false));
            };
            Ok(Value::Bool(ty.is_instance(args.get(0))))
        })
        .add(type_of, "Any $value", |_, args| {
            Ok(Value::of_type(infer_set(args.get(0))))
        });
    registry.add(
        "validate_legacy",
        "Any *$args",
        match version {
            Version::V8 => |context, args| with_scope(context, args, Version::V8),
            Version::V9 => |context, args| with_scope(context, args, Version::V9),
        },
    );
    if version == Version::V8 {
        registry.legacy("type3x", -1, type3x);
    }
}

thread_local! {
    /// `validate_legacy` as stdlib declares it: its dispatches take the
    /// calling scope first, which stdlib puts before the arguments.
    static WITH_SCOPE: [Registry; 2] = [Version::V8, Version::V9].map(|version| {
        let body: crate::catalog::functions::Body = match version {
            Version::V8 => validate_legacy_8,
            Version::V9 => validate_legacy_9,
        };
        let mut registry = Registry::default();
        registry
            .add(
                "validate_legacy",
                "Any $scope, Type $target_type, String $function_name, Any $value, Any *$args",
                body,
            )
            .add(
                "validate_legacy",
                "Any $scope, String $type_string, String $function_name, Any $value, Any *$args",
                body,
            );
        registry
    });
}

/// Dispatches `validate_legacy` with the scope before the arguments.
fn with_scope(context: &mut dyn Context, args: Args<'_>, version: Version) -> Result<Value> {
    let mut values = vec![Value::Undef];
    values.extend(args.values);
    WITH_SCOPE.with(|registries| {
        let registry = &registries[usize::from(version == Version::V9)];
        match registry.get("validate_legacy") {
            Some(function) => function.call(context, values, args.block),
            None => Ok(Value::Undef),
        }
    })
}

/// The type `validate_legacy` is given: a type, or its text read in the
/// environment.
fn target_type(context: &mut dyn Context, value: &Value) -> Result<Type> {
    match value {
        Value::Type(ty) => Ok((**ty).clone()),
        other if names_loaded_type(&other.to_text()) => {
            // stdlib hands its type parser the scope where it wants a
            // loader: any type Puppet must load fails so.
            let (type_name, title) = context.caller_resource();
            let title = if type_name == "Class" && title == "Main" {
                "main".to_string()
            } else {
                title
            };
            Err(fault(format!(
                "private method `load' called for Scope({type_name}[{title}]):Puppet::Parser::Scope"
            )))
        }
        other => match context.evaluate_source(&other.to_text())? {
            Value::Type(ty) => Ok(*ty),
            _ => Err(fault(format!(
                "The expression <{}> is not a valid type specification.",
                other.to_text()
            ))),
        },
    }
}

/// Whether type text names a type that is not built into Puppet (an
/// alias, a resource type).
fn names_loaded_type(text: &str) -> bool {
    static NAME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?:::)?[A-Z]\w*(?:::[A-Z]\w*)*").expect("a valid pattern")
    });
    let mut in_quotes = false;
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(found) = NAME.find(rest) {
        let before = &rest[..found.start()];
        in_quotes ^= before.matches(['\'', '"']).count() % 2 == 1;
        if !in_quotes {
            names.push(found.as_str().trim_start_matches("::").to_string());
        }
        rest = &rest[found.end()..];
    }
    names
        .iter()
        .any(|name| crate::catalog::values::types::data_type::builtin(name).is_none())
}

/// Puppet's `describe_mismatch(name, expected, inferred)`.
fn mismatch(name: &str, ty: &Type, value: &Value) -> String {
    let detail = describe_mismatch(ty, value).unwrap_or_else(|| "expects another value".into());
    format!("{name} {detail}")
}

/// stdlib 9: the value must be of the type, or the call fails.
fn validate_legacy_9(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let ty = target_type(context, args.get(1))?;
    super::deprecation::warn(
        context,
        "validate_legacy",
        "This method is deprecated, please use Puppet data types to validate parameters",
        true,
    );
    if ty.is_instance(args.get(3)) {
        return Ok(Value::Undef);
    }
    Err(fault(mismatch(
        &format!("validate_legacy({ty}, ...)"),
        &ty,
        args.get(3),
    )))
}

/// stdlib 8: the type decides, and the old validation function says
/// whether it used to agree: a value the type refuses but the function
/// accepted only warns; one the type accepts but the function refused is
/// noticed.
fn validate_legacy_8(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let ty = target_type(context, args.get(1))?;
    let function = args.get(2).to_text();
    let value = args.get(3).clone();
    let mut old_args = vec![value.clone()];
    old_args.extend(args.values.iter().skip(4).cloned());
    let previously_valid = |context: &mut dyn Context| -> Result<bool> {
        match legacy_validator(&function) {
            Some(validator) => Ok(validator(context, &old_args).is_ok()),
            None => Err(fault(ruby::no_method(
                &format!("function_{function}"),
                &Value::Undef,
            ))),
        }
    };
    if ty.is_instance(&value) {
        if !previously_valid(context)? {
            context.log(
                Level::Notice,
                &format!("Accepting previously invalid value for target type '{ty}'"),
            );
        }
        return Ok(Value::Undef);
    }
    let message = mismatch(&format!("validate_legacy({function})"), &ty, &value);
    if previously_valid(context)? {
        super::deprecation::warn(context, "validate_legacy", &message, true);
        Ok(Value::Undef)
    } else {
        Err(fault(message))
    }
}

fn type3x(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 1 {
        return Err(fault(format!(
            "type3x(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    Ok(Value::string(match &args[0] {
        Value::Bool(_) => "boolean".to_string(),
        Value::Integer(_) => "integer".to_string(),
        Value::Float(_) => "float".to_string(),
        Value::Array(_) => "array".to_string(),
        Value::Hash(_) => "hash".to_string(),
        Value::Str(text) => {
            if *text == ruby::to_i(text).to_string() {
                "integer".to_string()
            } else if *text == super::numbers::float_text(ruby::to_f(text)) {
                "float".to_string()
            } else {
                "string".to_string()
            }
        }
        _ => return Err(fault("type3x(): Unknown type")),
    }))
}
