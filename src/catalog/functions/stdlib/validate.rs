//! Validation: stdlib 8's `is_*` and `validate_*` families (each 4.x
//! deprecated alias warns, then runs the 3.x function on the values as
//! they are), stdlib 9's `stdlib::validate_domain_name` and
//! `stdlib::validate_email_address`, and `validate_augeas`,
//! `validate_cmd`, `validate_x509_rsa_key_pair`, which need the compiling
//! machine's tools.

use super::network::IpAddr;
use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::{self, class_name, legacy_args};
use crate::catalog::values::types::data_type::describe_mismatch;
use crate::catalog::values::{Regexp, Type, Value};
use crate::catalog::Result;

/// A 3.x body of stdlib 8's family, on the values as the caller gives
/// them.
type Legacy = fn(&mut dyn Context, &[Value]) -> Result<Value>;

/// stdlib 8's 4.x aliases: name, deprecation key, and the type its
/// message recommends.
const ALIASED: &[(&str, &str, &str, Legacy)] = &[
    (
        "is_absolute_path",
        "is_absolute_path",
        "Absolute_Path",
        is_absolute_path,
    ),
    ("is_array", "is_array", "Array", is_array),
    ("is_bool", "is_bool", "Bool", is_bool),
    ("is_float", "is_float", "Float", is_float),
    (
        "is_ip_address",
        "is_ip_address",
        "Ip_address",
        is_ip_address,
    ),
    (
        "is_ipv4_address",
        "is_ipv4_address",
        "Ipv4",
        is_ipv4_address,
    ),
    (
        "is_ipv6_address",
        "is_ipv4_address",
        "Ipv6",
        is_ipv6_address,
    ),
    ("is_numeric", "is_numeric", "Numeric", is_numeric),
    ("is_string", "is_string", "String", is_string),
    (
        "validate_absolute_path",
        "validate_absolute_path",
        "Absolute_Path",
        validate_absolute_path,
    ),
    ("validate_array", "validate_array", "Array", validate_array),
    ("validate_bool", "validate_bool", "Bool", validate_bool),
    ("validate_hash", "validate_hash", "Hash", validate_hash),
    (
        "validate_integer",
        "validate_integer",
        "Integer",
        validate_integer,
    ),
    (
        "validate_ip_address",
        "validate_ip_address",
        "Ip_Address",
        validate_ip_address,
    ),
    (
        "validate_ipv4_address",
        "validate_ipv4_address",
        "Ipv4_Address",
        validate_ipv4_address,
    ),
    (
        "validate_ipv6_address",
        "validate_ipv6_address",
        "Ipv6_address",
        validate_ipv6_address,
    ),
    (
        "validate_numeric",
        "validate_numeric",
        "Numeric",
        validate_numeric,
    ),
    ("validate_re", "validate_re", "", validate_re),
    ("validate_slength", "validate_slength", "", validate_slength),
    (
        "validate_string",
        "validate_string",
        "String",
        validate_string,
    ),
];

/// stdlib 8's 3.x-only members of the family.
const LEGACY_ONLY: &[(&str, Legacy)] = &[
    ("is_domain_name", is_domain_name),
    ("is_email_address", is_email_address),
    ("is_function_available", is_function_available),
    ("is_hash", is_hash),
    ("is_integer", is_integer),
    ("is_mac_address", is_mac_address),
    ("validate_domain_name", validate_domain_name),
    ("validate_email_address", validate_email_address),
];

pub fn register(registry: &mut Registry, version: Version) {
    if version == Version::V8 {
        for (name, _, _, _) in ALIASED {
            registry.add(name, "Any *$args", aliased);
        }
        for (name, _) in LEGACY_ONLY {
            registry.legacy(name, -1, |context, args| {
                let values = legacy_args(&args.values);
                match legacy_validator(args.name) {
                    Some(body) => body(context, &values),
                    None => Ok(Value::Undef),
                }
            });
        }
    }
    registry
        .add(
            "stdlib::validate_domain_name",
            "Any *$values",
            |context, args| typed_validation(context, args, &["Stdlib::Fqdn", "Stdlib::Dns::Zone"]),
        )
        .add(
            "stdlib::validate_email_address",
            "Any *$values",
            |context, args| typed_validation(context, args, &["Stdlib::Email"]),
        )
        .legacy("validate_augeas", -1, |context, args| {
            let args = legacy_args(&args.values);
            Ok(context.unevaluated(
                format!(
                    "validate_augeas({})",
                    ruby::inspect(args.get(1).unwrap_or(&Value::Undef))
                ),
                "Augeas on the compiling machine validates the content",
            ))
        })
        .legacy("validate_cmd", -1, |context, args| {
            let args = legacy_args(&args.values);
            if args.len() < 2 || args.len() > 3 {
                return Err(fault(format!(
                    "validate_cmd(): wrong number of arguments ({}; must be 2 or 3)",
                    args.len()
                )));
            }
            Ok(context.unevaluated(
                format!("validate_cmd({})", ruby::inspect(&args[1])),
                "a command run on the compiling machine validates the content",
            ))
        })
        .legacy("validate_x509_rsa_key_pair", -1, |context, args| {
            let args = legacy_args(&args.values);
            if args.len() != 2 {
                return Err(fault(format!(
                    "validate_x509_rsa_key_pair(): wrong number of arguments ({}; must be 2)",
                    args.len()
                )));
            }
            for arg in &args {
                if !matches!(arg, Value::Str(_)) {
                    return Err(fault(format!("{} is not a string.", ruby::inspect(arg))));
                }
            }
            Ok(context.unevaluated(
                "validate_x509_rsa_key_pair()".to_string(),
                "OpenSSL checks the certificate against the key",
            ))
        });
}

/// The 3.x body of stdlib 8's function `name`, for `validate_legacy`.
pub fn legacy_validator(name: &str) -> Option<Legacy> {
    ALIASED
        .iter()
        .find(|(n, _, _, _)| *n == name)
        .map(|(_, _, _, body)| *body)
        .or_else(|| {
            LEGACY_ONLY
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, b)| *b)
        })
}

/// A stdlib 8 4.x alias: its deprecation, then the 3.x function on the
/// values as given.
fn aliased(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Some((_, key, compat, body)) = ALIASED.iter().find(|(n, _, _, _)| *n == args.name) else {
        return Ok(Value::Undef);
    };
    let message = if args.name.starts_with("is_") {
        format!(
            "This method is deprecated, please use match expressions with Stdlib::Compat::{compat} instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."
        )
    } else {
        let with = match args.name {
            "validate_re" => "Pattern[]".to_string(),
            "validate_slength" => "String[]".to_string(),
            _ => format!("Stdlib::Compat::{compat}"),
        };
        format!(
            "This method is deprecated, please use the stdlib validate_legacy function,\n                    with {with}. There is further documentation for validate_legacy function in the README."
        )
    };
    super::deprecation::warn(context, key, &message, true);
    body(context, &args.values)
}

/// stdlib 9's typed validations: each value must be of one of the
/// module's types, as a dispatch would check.
fn typed_validation(context: &mut dyn Context, args: Args<'_>, types: &[&str]) -> Result<Value> {
    let mut resolved = Vec::new();
    for name in types {
        resolved.push(context.type_named(name)?);
    }
    let ty = match resolved.as_slice() {
        [one] => one.clone(),
        many => Type::Variant(many.to_vec()),
    };
    for (index, value) in args.values.iter().enumerate() {
        if !ty.is_instance(value) {
            let detail = describe_mismatch(&ty, value).unwrap_or_default();
            return Err(fault(format!(
                "'{}' parameter 'values' index {index} {detail}",
                args.name
            )));
        }
    }
    if args.values.is_empty() {
        return Err(fault(format!(
            "{}(): Wrong number of arguments need at least one",
            args.name
        )));
    }
    Ok(Value::Undef)
}

fn count_error(name: &str, args: &[Value], exactly_one: bool) -> Option<crate::catalog::EvalError> {
    if exactly_one && args.len() != 1 {
        Some(fault(format!(
            "{name}(): Wrong number of arguments given {} for 1",
            args.len()
        )))
    } else {
        None
    }
}

/// Ruby's `value =~ regexp` for a pattern matched against anything: only
/// strings match.
fn matches(value: &Value, pattern: &str) -> bool {
    matches!(value, Value::Str(text) if Regexp::new(pattern).is_match(text))
}

/// Puppet's `absolute_path?` for POSIX, then Windows: a value that is no
/// string is warned about, once for each.
fn is_absolute_path_value(context: &mut dyn Context, value: &Value) -> bool {
    if !matches!(value, Value::Str(_)) {
        let message = format!(
            "Cannot check if {} is an absolute path because it is a '{}' and not a String'",
            ruby::to_s(value),
            class_name(value)
        );
        context.warn(&message);
        context.warn(&message);
        return false;
    }
    matches(value, "^/")
        || matches(
            value,
            r"(?i)^(?:(?:[A-Z]:[\\/])|(?:[\\/][\\/][^\\/]+[\\/][^\\/]+)|(?:[\\/][\\/]\?[\\/][^\\/]+))",
        )
}

fn is_absolute_path(context: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.len() != 1 {
        return Err(fault(format!(
            "is_absolute_path(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    Ok(Value::Bool(is_absolute_path_value(context, &args[0])))
}

fn is_array(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    match args.first() {
        None => Err(fault(
            "is_array(): Wrong number of arguments given (0 for 1)",
        )),
        Some(value) => Ok(Value::Bool(matches!(value, Value::Array(_)))),
    }
}

fn is_bool(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.len() != 1 {
        return Err(fault(format!(
            "is_bool(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    Ok(Value::Bool(matches!(args[0], Value::Bool(_))))
}

fn is_hash(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.len() != 1 {
        return Err(fault(format!(
            "is_hash(): Wrong number of arguments given ({} for 1)",
            args.len()
        )));
    }
    Ok(Value::Bool(matches!(args[0], Value::Hash(_))))
}

fn is_float(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_float", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(match &args[0] {
        Value::Float(_) => true,
        Value::Str(text) => *text == super::numbers::float_text(ruby::to_f(text)),
        _ => false,
    }))
}

fn is_integer(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_integer", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(
        matches!(args[0], Value::Integer(_)) || matches(&args[0], r"^-?(?:(?:[1-9]\d*)|0)$"),
    ))
}

fn is_numeric(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_numeric", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(
        matches!(args[0], Value::Integer(_) | Value::Float(_))
            || matches(&args[0], r"^-?(?:(?:[1-9]\d*)|0)(?:\.\d+)?(?:[eE]-?\d+)?$"),
    ))
}

fn is_string(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    let Some(value) = args.first() else {
        return Err(fault(
            "is_string(): Wrong number of arguments given (0 for 1)",
        ));
    };
    Ok(Value::Bool(match value {
        Value::Undef => true,
        Value::Str(text) => {
            *text != super::numbers::float_text(ruby::to_f(text))
                && *text != ruby::to_i(text).to_string()
        }
        _ => false,
    }))
}

/// `IPAddr.new(value)`, for the IP members of the family.
fn ip(value: &Value) -> Option<IpAddr> {
    match value {
        Value::Str(text) => IpAddr::parse(text).ok(),
        _ => None,
    }
}

fn is_ip_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_ip_address", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(ip(&args[0]).is_some()))
}

fn is_ipv4_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_ipv4_address", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(
        ip(&args[0]).is_some_and(|ip| ip.address.is_ipv4()),
    ))
}

fn is_ipv6_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_ipv6_address", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(
        ip(&args[0]).is_some_and(|ip| ip.address.is_ipv6()),
    ))
}

fn is_mac_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_mac_address", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(
        matches(&args[0], r"(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){5}$")
            || matches(&args[0], r"(?i)^[a-f0-9]{1,2}(:[a-f0-9]{1,2}){19}$"),
    ))
}

fn is_domain_name_value(value: &Value) -> bool {
    let Value::Str(domain) = value else {
        return false;
    };
    if domain == "." {
        return true;
    }
    let domain = domain.strip_suffix('.').unwrap_or(domain);
    if domain.is_empty() || domain.chars().count() > 255 {
        return false;
    }
    if domain.contains('.') && !Regexp::new(r"\.[A-Za-z]+$").is_match(domain) {
        return false;
    }
    let labels: Vec<&str> = ruby_split_dot(domain);
    labels.iter().all(|label| {
        let length = label.chars().count();
        (1..=63).contains(&length)
            && !label.ends_with('-')
            && !label.starts_with('-')
            && Regexp::new(r"(?i)^[a-z\d-]+$").is_match(label)
    })
}

/// `String#split('.')`: trailing empty parts dropped.
fn ruby_split_dot(text: &str) -> Vec<&str> {
    let mut parts: Vec<&str> = text.split('.').collect();
    while parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    parts
}

fn is_domain_name(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_domain_name", args, true) {
        return Err(error);
    }
    Ok(Value::Bool(is_domain_name_value(&args[0])))
}

fn is_email_address_value(value: &Value) -> bool {
    matches(value, r"\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z")
}

fn is_email_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if let Some(error) = count_error("is_email_address", args, true) {
        return Err(error);
    }
    if !matches!(args[0], Value::Str(_)) {
        return Err(super::no_string(&args[0]));
    }
    Ok(Value::Bool(is_email_address_value(&args[0])))
}

fn is_function_available(context: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.len() != 1 {
        return Err(fault(format!(
            "is_function_available?(): Wrong number of arguments given {} for 1",
            args.len()
        )));
    }
    // Puppet's 3.x function table: the 3.x functions only.
    Ok(Value::Bool(match &args[0] {
        Value::Str(name) => super::facts::is_legacy_function(context, name),
        _ => false,
    }))
}

fn at_least_one(name: &str, args: &[Value]) -> Result<()> {
    if args.is_empty() {
        return Err(fault(format!(
            "{name}(): wrong number of arguments (0; must be > 0)"
        )));
    }
    Ok(())
}

fn validate_absolute_path(context: &mut dyn Context, args: &[Value]) -> Result<Value> {
    at_least_one("validate_absolute_path", args)?;
    for arg in args {
        let candidates = match arg {
            Value::Array(items) => items.clone(),
            other => vec![other.clone()],
        };
        for path in &candidates {
            if !is_absolute_path_value(context, path) {
                return Err(fault(format!(
                    "{} is not an absolute path.",
                    ruby::inspect(path)
                )));
            }
        }
    }
    Ok(Value::Undef)
}

fn validate_kind(name: &str, args: &[Value], ok: fn(&Value) -> bool, label: &str) -> Result<Value> {
    at_least_one(name, args)?;
    for arg in args {
        if !ok(arg) {
            return Err(fault(format!(
                "{} is not {label}.  It looks to be a {}",
                ruby::inspect(arg),
                class_name(arg)
            )));
        }
    }
    Ok(Value::Undef)
}

fn validate_array(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_kind(
        "validate_array",
        args,
        |v| matches!(v, Value::Array(_)),
        "an Array",
    )
}

fn validate_bool(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_kind(
        "validate_bool",
        args,
        |v| matches!(v, Value::Bool(_)),
        "a boolean",
    )
}

fn validate_hash(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_kind(
        "validate_hash",
        args,
        |v| matches!(v, Value::Hash(_)),
        "a Hash",
    )
}

fn validate_string(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_kind(
        "validate_string",
        args,
        |v| matches!(v, Value::Str(_) | Value::Undef),
        "a string",
    )
}

fn validate_ip_family(
    name: &str,
    args: &[Value],
    family: Option<bool>,
    label: &str,
) -> Result<Value> {
    at_least_one(name, args)?;
    for arg in args {
        if !matches!(arg, Value::Str(_)) {
            return Err(fault(format!("{} is not a string.", ruby::inspect(arg))));
        }
        let valid = ip(arg).is_some_and(|ip| family.is_none_or(|v4| ip.address.is_ipv4() == v4));
        if !valid {
            return Err(fault(format!(
                "{} is not a valid {label} address.",
                ruby::inspect(arg)
            )));
        }
    }
    Ok(Value::Undef)
}

fn validate_ip_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_ip_family("validate_ip_address", args, None, "IP")
}

fn validate_ipv4_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_ip_family("validate_ipv4_address", args, Some(true), "IPv4")
}

fn validate_ipv6_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_ip_family("validate_ipv6_address", args, Some(false), "IPv6")
}

fn validate_domain_name(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    at_least_one("validate_domain_name", args)?;
    for arg in args {
        if !matches!(arg, Value::Str(_)) {
            return Err(fault(format!("{} is not a string.", ruby::inspect(arg))));
        }
        if !is_domain_name_value(arg) {
            return Err(fault(format!(
                "{} is not a syntactically correct domain name",
                ruby::inspect(arg)
            )));
        }
    }
    Ok(Value::Undef)
}

fn validate_email_address(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    at_least_one("validate_email_address", args)?;
    for arg in args {
        if !matches!(arg, Value::Str(_)) {
            return Err(fault(format!("{} is not a string.", ruby::inspect(arg))));
        }
        if !is_email_address_value(arg) {
            return Err(fault(format!(
                "{} is not a valid email address",
                ruby::inspect(arg)
            )));
        }
    }
    Ok(Value::Undef)
}

fn validate_re(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.len() < 2 || args.len() > 3 {
        return Err(fault(format!(
            "validate_re(): wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        )));
    }
    let Value::Str(text) = &args[0] else {
        return Err(fault(format!(
            "validate_re(): input needs to be a String, not a {}",
            class_name(&args[0])
        )));
    };
    let patterns = crate::catalog::values::types::array::flatten(&args[1..2]);
    for pattern in &patterns {
        let regexp = super::string_regexp(pattern)?;
        if regexp.is_match(text) {
            return Ok(Value::Undef);
        }
    }
    let message = match args.get(2) {
        Some(message) if message.is_truthy() => ruby::to_s(message),
        _ => format!(
            "validate_re(): {} does not match {}",
            ruby::inspect(&args[0]),
            ruby::inspect(&args[1])
        ),
    };
    Err(fault(message))
}

/// Ruby's `Integer(value)`, for the bounds of `validate_slength`.
fn ruby_integer_of(value: &Value) -> Option<i64> {
    match value {
        Value::Integer(i) => Some(*i),
        Value::Float(f) if f.is_finite() => Some(f.trunc() as i64),
        Value::Str(text) => ruby::integer(text),
        _ => None,
    }
}

fn validate_slength(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.len() != 2 && args.len() != 3 {
        return Err(fault(format!(
            "validate_slength(): Wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        )));
    }
    let max = match ruby_integer_of(&args[1]) {
        Some(max) if max > 0 => max,
        converted => {
            let shown = converted.map_or_else(|| args[1].clone(), Value::Integer);
            return Err(fault(format!(
                "validate_slength(): Expected second argument to be a positive Numeric, got {}:{}",
                ruby::to_s(&shown),
                class_name(&shown)
            )));
        }
    };
    let min = match args.get(2) {
        None | Some(Value::Undef | Value::Bool(false)) => 0,
        Some(value) => match ruby_integer_of(value) {
            Some(min) if min >= 0 => min,
            converted => {
                let shown = converted.map_or_else(|| value.clone(), Value::Integer);
                return Err(fault(format!(
                    "validate_slength(): Expected third argument to be unset or a positive Numeric, got {}:{}",
                    ruby::to_s(&shown),
                    class_name(&shown)
                )));
            }
        },
    };
    if max < min {
        return Err(fault(
            "validate_slength(): Expected second argument to be equal to or larger than third argument",
        ));
    }
    let check = |text: &str| -> Result<()> {
        let length = text.chars().count() as i64;
        if length > max || length < min {
            let input_length = match &args[0] {
                Value::Str(text) => text.chars().count(),
                Value::Array(items) => items.len(),
                _ => 0,
            };
            return Err(fault(format!(
                "validate_slength(): Expected length of {} to be between {min} and {max}, was {input_length}",
                ruby::inspect(&args[0])
            )));
        }
        Ok(())
    };
    match &args[0] {
        Value::Str(text) => check(text)?,
        Value::Array(items) => {
            for (position, item) in items.iter().enumerate() {
                let Value::Str(text) = item else {
                    return Err(fault(format!(
                        "validate_slength(): Expected element at array position {position} to be a String, got {}",
                        class_name(item)
                    )));
                };
                check(text)?;
            }
        }
        other => {
            return Err(fault(format!(
                "validate_slength(): Expected first argument to be a String or Array, got {}",
                class_name(other)
            )))
        }
    }
    Ok(Value::Undef)
}

fn validate_integer(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_number(args, "validate_integer", true)
}

fn validate_numeric(_: &mut dyn Context, args: &[Value]) -> Result<Value> {
    validate_number(args, "validate_numeric", false)
}

/// A number within bounds: stdlib 8's `validate_integer` (Ruby's
/// `Integer()` of each value's text) and `validate_numeric` (`Float()`).
fn validate_number(args: &[Value], name: &str, integer: bool) -> Result<Value> {
    let (kind, article) = if integer {
        ("Integer", "an")
    } else {
        ("Numeric", "a")
    };
    if args.is_empty() || args.len() > 3 {
        return Err(fault(format!(
            "{name}(): Wrong number of arguments; must be 1, 2 or 3, got {}",
            args.len()
        )));
    }
    let read = |value: &Value| -> Option<Value> {
        let text = ruby::to_s(value);
        if integer {
            ruby::integer(&text).map(Value::Integer)
        } else {
            ruby::float(&text).map(Value::Float)
        }
    };
    let number = |value: &Value| match value {
        Value::Integer(i) => *i as f64,
        Value::Float(f) => *f,
        _ => 0.0,
    };
    let max = if args.len() > 1 {
        let text = ruby::to_s(&args[1]);
        if args.len() > 2 && text.is_empty() {
            None
        } else {
            match read(&Value::Str(text.clone())) {
                Some(max) => Some(max),
                None => {
                    return Err(fault(format!(
                        "{name}(): Expected second argument to be unset or {article} {kind}, got {text}:String"
                    )))
                }
            }
        }
    } else {
        None
    };
    let min = if args.len() > 2 {
        match read(&args[2]) {
            Some(min) => Some(min),
            None => {
                return Err(fault(format!(
                    "{name}(): Expected third argument to be unset or {article} {kind}, got {}:{}",
                    ruby::to_s(&args[2]),
                    class_name(&args[2])
                )))
            }
        }
    } else {
        None
    };
    if let (Some(min), Some(max)) = (&min, &max) {
        if number(min) > number(max) {
            return Err(fault(format!(
                "{name}(): Expected second argument to be larger than third argument, got {} < {}",
                ruby::to_s(max),
                ruby::to_s(min)
            )));
        }
    }
    let validate = |value: f64, shown: &Value| -> Result<()> {
        if let Some(max) = &max {
            if value > number(max) {
                return Err(fault(format!(
                    "{name}(): Expected {} to be smaller or equal to {}, got {}.",
                    ruby::inspect(shown),
                    ruby::to_s(max),
                    ruby::inspect(shown)
                )));
            }
        }
        if let Some(min) = &min {
            if value < number(min) {
                return Err(fault(format!(
                    "{name}(): Expected {} to be greater or equal to {}, got {}.",
                    ruby::inspect(shown),
                    ruby::to_s(min),
                    ruby::inspect(shown)
                )));
            }
        }
        Ok(())
    };
    let article_kind = if integer { "an Integer" } else { "a Numeric" };
    match &args[0] {
        Value::Array(items) => {
            for (position, item) in items.iter().enumerate() {
                let converted = match item {
                    Value::Hash(_) => None,
                    other => read(other),
                };
                let Some(converted) = converted else {
                    return Err(fault(format!(
                        "{name}(): Expected element at array position {position} to be {article_kind}, got {}",
                        class_name(item)
                    )));
                };
                validate(number(&converted), &args[0])?;
            }
        }
        Value::Hash(_) => {
            return Err(fault(format!(
            "validate_integer(): Expected first argument to be {article_kind} or Array, got Hash"
        )))
        }
        other => {
            let Some(converted) = read(other) else {
                return Err(fault(format!(
                    "{name}(): Expected first argument to be {article_kind} or Array, got {}",
                    class_name(other)
                )));
            };
            validate(number(&converted), &converted)?;
        }
    }
    Ok(Value::Undef)
}
