//! Repeatable randomness: `stdlib::fqdn_rand_string`,
//! `stdlib::fqdn_rotate`, `stdlib::seeded_rand`,
//! `stdlib::seeded_rand_string` (unnamespaced in stdlib 8), drawn as
//! Puppet draws them (Ruby's Mersenne Twister seeded from a digest), so
//! that they give Puppet's values.

use md5::{Digest, Md5};
use sha2::Sha256;

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::random::RubyRandom;
use crate::catalog::values::ruby::{self, legacy_args};
use crate::catalog::values::Value;
use crate::catalog::Result;

/// stdlib's default alphabet for `fqdn_rand_string`.
const ALPHANUMERIC: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

pub fn register(registry: &mut Registry, version: Version) {
    registry
        .add(
            "stdlib::fqdn_rand_string",
            "Integer[1] $length, Optional[String] $charset?, Any *$seed",
            |context, args| {
                let length = match args.get(0) {
                    Value::Integer(length) => *length,
                    _ => 0,
                };
                let charset = args.get(1).to_text();
                fqdn_rand_string(
                    context,
                    length,
                    &charset,
                    &args.values[args.values.len().min(2)..],
                )
            },
        )
        .add(
            "stdlib::fqdn_rotate",
            "String $input, Variant[Integer,String] *$seeds",
            fqdn_rotate,
        )
        .add(
            "stdlib::fqdn_rotate",
            "Array $input, Variant[Integer,String] *$seeds",
            fqdn_rotate,
        )
        .add(
            "stdlib::seeded_rand",
            "Integer[1] $max, String $seed",
            |_, args| {
                let max = match args.get(0) {
                    Value::Integer(max) => *max as u64,
                    _ => 1,
                };
                Ok(Value::Integer(
                    seeded_rand(max, &args.get(1).to_text()) as i64
                ))
            },
        );
    let seeded_rand_string = match version {
        Version::V8 => "seeded_rand_string",
        Version::V9 => "stdlib::seeded_rand_string",
    };
    registry.add(
        seeded_rand_string,
        "Integer[1] $length, String $seed, String[2] $charset?",
        |_, args| {
            let length = match args.get(0) {
                Value::Integer(length) => *length,
                _ => 0,
            };
            let charset = match args.opt(1 + 1) {
                Some(Value::Str(charset)) => charset.clone(),
                _ => "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".to_string(),
            };
            let chars: Vec<char> = charset.chars().collect();
            let digest = Sha256::digest(args.get(1).to_text().as_bytes());
            let mut random = RubyRandom::from_big_endian(&digest);
            Ok(Value::Str(
                (0..length)
                    .map(|_| chars[random.below(chars.len() as u64) as usize])
                    .collect(),
            ))
        },
    );
    if version == Version::V8 {
        registry
            .legacy("fqdn_rand_string", -2, legacy_fqdn_rand_string)
            .legacy("fqdn_rotate", -1, legacy_fqdn_rotate)
            .legacy("seeded_rand", 2, legacy_seeded_rand);
    }
}

/// Ruby's `array.join(':')`: a nested array joined in its place (an
/// empty one is an empty part), each value's `to_s`.
fn joined(values: &[Value]) -> String {
    values
        .iter()
        .map(|value| match value {
            Value::Array(items) => joined(items),
            other => ruby::to_s(other),
        })
        .collect::<Vec<_>>()
        .join(":")
}

/// `Digest::MD5.hexdigest(text).hex`, as a generator.
fn md5_random(text: &str) -> RubyRandom {
    RubyRandom::from_big_endian(&Md5::digest(text.as_bytes()))
}

/// The node's `networking.fqdn` fact.
fn fqdn(context: &dyn Context) -> String {
    context
        .facts()
        .hash_get(&Value::string("networking"))
        .and_then(|networking| networking.hash_get(&Value::string("fqdn")))
        .map(ruby::to_s)
        .unwrap_or_default()
}

/// Puppet's `fqdn_rand(max, seed)`: a number below `max`, repeatable for
/// the node and the seed.
pub fn fqdn_rand(context: &dyn Context, max: i64, seed: &str) -> i64 {
    let text = format!("{}:{max}:{seed}", fqdn(context));
    if max <= 0 {
        return 0;
    }
    md5_random(&text).below(max as u64) as i64
}

fn fqdn_rand_string(
    context: &mut dyn Context,
    length: i64,
    charset: &str,
    seed: &[Value],
) -> Result<Value> {
    let charset: Vec<char> = if charset.is_empty() {
        ALPHANUMERIC.chars().collect()
    } else {
        charset.chars().collect()
    };
    let mut text = String::new();
    for current in 1..=length {
        let mut parts = seed.to_vec();
        parts.push(Value::Integer(current));
        let index = fqdn_rand(context, charset.len() as i64, &joined(&parts));
        text.push(charset[index as usize]);
    }
    Ok(Value::Str(text))
}

/// `value` rotated by a number repeatable for the node (`fqdn`) and the
/// seeds.
fn rotated(fqdn: &str, value: &Value, seeds: &[Value]) -> Value {
    let (items, string) = match value {
        Value::Str(text) => (
            text.chars()
                .map(|c| Value::Str(c.to_string()))
                .collect::<Vec<_>>(),
            true,
        ),
        Value::Array(items) => (items.clone(), false),
        other => return other.clone(),
    };
    if items.len() <= 1 {
        return value.clone();
    }
    // Ruby's `[fqdn, seeds].join(':')`.
    let parts = [Value::string(fqdn), Value::Array(seeds.to_vec())];
    let offset = md5_random(&joined(&parts)).below(items.len() as u64) as usize;
    let mut result = items;
    result.rotate_left(offset);
    if string {
        Value::Str(result.iter().map(Value::to_text).collect())
    } else {
        Value::Array(result)
    }
}

fn fqdn_rotate(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    Ok(rotated(&fqdn(context), args.get(0), &args.values[1..]))
}

/// `Digest::MD5.hexdigest(seed).hex`'s draw below `max`.
fn seeded_rand(max: u64, seed: &str) -> u64 {
    md5_random(seed).below(max)
}

/// stdlib 8's `is_integer` reading: an integer, or a string of one.
fn integer_like(value: &Value) -> Option<i64> {
    match value {
        Value::Integer(i) => Some(*i),
        Value::Str(text)
            if crate::catalog::values::Regexp::new(r"^-?(?:(?:[1-9]\d*)|0)$").is_match(text) =>
        {
            Some(ruby::to_i(text))
        }
        _ => None,
    }
}

fn legacy_fqdn_rand_string(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let length = match integer_like(&args[0]) {
        Some(length) if length > 0 => length,
        _ => {
            return Err(fault(
                "fqdn_rand_string(): first argument must be a positive integer",
            ))
        }
    };
    let charset = match args.get(1) {
        None | Some(Value::Undef) => String::new(),
        Some(Value::Str(charset)) => charset.clone(),
        Some(_) => {
            return Err(fault(
                "fqdn_rand_string(): second argument must be undef or a string",
            ))
        }
    };
    let seed: Vec<Value> = args.iter().skip(2).cloned().collect();
    fqdn_rand_string(context, length, &charset, &seed)
}

fn legacy_fqdn_rotate(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let Some(value) = args.first() else {
        return Err(fault(
            "fqdn_rotate(): Wrong number of arguments given (0 for 1)",
        ));
    };
    if !matches!(value, Value::Array(_) | Value::Str(_)) {
        return Err(fault(
            "fqdn_rotate(): Requires either array or string to work with",
        ));
    }
    // stdlib 8 reads the legacy top-scope `$::fqdn`.
    let fqdn = context
        .variable("::fqdn")
        .map(|v| ruby::to_s(&v))
        .unwrap_or_default();
    Ok(rotated(&fqdn, value, &args[1..]))
}

fn legacy_seeded_rand(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    let max = match integer_like(&args[0]) {
        Some(max) if max > 0 => max,
        _ => {
            return Err(fault(
                "seeded_rand(): first argument must be a positive integer",
            ))
        }
    };
    let Value::Str(seed) = &args[1] else {
        return Err(fault("seeded_rand(): second argument must be a string"));
    };
    Ok(Value::Integer(seeded_rand(max as u64, seed) as i64))
}
