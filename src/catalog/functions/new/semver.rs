//! `SemVer(...)` and `SemVerRange(...)`: Puppet's `new_Version` and
//! `new_VersionRange`, with their dispatches (a string, parts, a hash;
//! ends of a range).

use std::rc::Rc;

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::semver::range::VersionRange;
use crate::catalog::values::types::semver::{
    Identifier, Version, HASH_TYPE, NATURAL_TYPE, PATTERN_TYPE, QUALIFIER_TYPE,
};
use crate::catalog::values::Value;
use crate::catalog::Result;

const END: &str = "Variant[Default, SemVer]";

pub fn register(registry: &mut Registry) {
    let parts = format!(
        "{NATURAL_TYPE} $major, {NATURAL_TYPE} $minor, {NATURAL_TYPE} $patch, \
         {QUALIFIER_TYPE} $prerelease?, {QUALIFIER_TYPE} $build?"
    );
    let hash = format!("{HASH_TYPE} $hash_args");
    registry
        .add(
            "new_Version",
            &format!("{PATTERN_TYPE} $str"),
            version_from_string,
        )
        .add("new_Version", &parts, version_from_parts)
        .add("new_Version", &hash, version_from_hash)
        .argument_mismatch("new_Version", "String $str", |_, args| {
            Ok(Value::Str(format!(
                "The string '{}' cannot be converted to a SemVer",
                args.get(0).to_text()
            )))
        });
    let ends = format!("{END} $min, {END} $max, Boolean $exclude_max?");
    let range_hash = format!(
        "Struct[{{'min' => {END}, Optional['max'] => {END}, Optional['exclude_max'] => Boolean}}] \
         $hash_args"
    );
    registry
        .add("new_VersionRange", "String[1] $str", range_from_string)
        .add("new_VersionRange", &ends, range_from_ends)
        .add("new_VersionRange", &range_hash, range_from_hash);
}

fn version_from_string(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Version::parse(&args.get(0).to_text())
        .map(|version| Value::SemVer(Rc::new(version)))
        .map_err(fault)
}

/// A version from its parts: a pre-release or build given apart is one
/// identifier, as Puppet's `to_array` makes it.
fn version_of(parts: [Option<&Value>; 5]) -> Value {
    let number = |value: Option<&Value>| match value {
        Some(Value::Integer(n)) => *n as u64,
        _ => 0,
    };
    let text = |value: Option<&Value>| match value {
        Some(Value::Undef) | None => None,
        Some(other) => Some(other.to_text()),
    };
    Value::SemVer(Rc::new(Version {
        major: number(parts[0]),
        minor: number(parts[1]),
        patch: number(parts[2]),
        prerelease: text(parts[3]).map(|word| vec![Identifier::Word(word)]),
        build: text(parts[4]).map(|word| vec![word]),
    }))
}

fn version_from_parts(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(version_of([
        args.opt(0),
        args.opt(1),
        args.opt(2),
        args.opt(3),
        args.opt(4),
    ]))
}

fn version_from_hash(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Hash(entries) = args.get(0) else {
        return Err(fault("SemVer(): expects a hash"));
    };
    let get = |key: &str| Value::entry(entries, key);
    Ok(version_of([
        get("major"),
        get("minor"),
        get("patch"),
        get("prerelease"),
        get("build"),
    ]))
}

fn range_from_string(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    VersionRange::parse(&args.get(0).to_text())
        .map(|range| Value::SemVerRange(Rc::new(range)))
        .map_err(fault)
}

fn range_of(min: Option<&Value>, max: Option<&Value>, exclude_max: Option<&Value>) -> Value {
    let end = |value: Option<&Value>, default: Version| match value {
        Some(Value::SemVer(version)) => (**version).clone(),
        _ => default,
    };
    Value::SemVerRange(Rc::new(VersionRange::between(
        end(min, Version::MIN),
        end(max, Version::MAX),
        exclude_max.is_some_and(Value::is_truthy),
    )))
}

fn range_from_ends(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(range_of(args.opt(0), args.opt(1), args.opt(2)))
}

fn range_from_hash(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let Value::Hash(entries) = args.get(0) else {
        return Err(fault("SemVerRange(): expects a hash"));
    };
    let get = |key: &str| Value::entry(entries, key);
    Ok(range_of(get("min"), get("max"), get("exclude_max")))
}
