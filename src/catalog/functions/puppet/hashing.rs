//! Digests of strings (`md5`, `sha1`, `sha256`, `digest` with Puppet's
//! default `digest_algorithm`, sha256) and `fqdn_rand`, the node's
//! repeatable random number.

use md5::Md5;
use rand_mt::Mt;
use sha1::Sha1;
use sha2::{Digest, Sha256};

use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::types::float::ruby_float;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry) {
    registry
        .legacy("md5", 1, |_, args| hex_digest::<Md5>(&args))
        .legacy("sha1", 1, |_, args| hex_digest::<Sha1>(&args))
        .legacy("sha256", 1, |_, args| hex_digest::<Sha256>(&args))
        .legacy("digest", 1, |_, args| hex_digest::<Sha256>(&args))
        .legacy("fqdn_rand", -2, fqdn_rand);
}

/// The hexadecimal digest of the string argument; Ruby's digests take
/// nothing else.
fn hex_digest<D: Digest>(args: &Args<'_>) -> Result<Value> {
    match args.get(0) {
        Value::Str(text) => Ok(Value::Str(hex(&D::digest(text.as_bytes())))),
        other => Err(fault(format!(
            "no implicit conversion of {} into String",
            crate::catalog::values::ruby::conversion_name(other)
        ))),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// `fqdn_rand(max, seed?, downcase?)`: a number below `max`, the same for
/// the node's `networking.fqdn` and the seed on every run. Puppet seeds
/// Ruby's `Random` (a Mersenne Twister) with the MD5 of
/// `fqdn:max:seed`, read as one big integer, and draws `rand(max)`.
fn fqdn_rand(context: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let max = ruby_to_i(args.get(0));
    let seed = args.opt(1).map(ruby_join_text).unwrap_or_default();
    let downcase = args.opt(2).is_some_and(Value::is_truthy);
    let fqdn = match context.facts().hash_get(&Value::string("networking")) {
        Some(networking) => match networking.hash_get(&Value::string("fqdn")) {
            Some(Value::Str(fqdn)) => fqdn.clone(),
            _ => String::new(),
        },
        None => String::new(),
    };
    let fqdn = if downcase { fqdn.to_lowercase() } else { fqdn };
    let digest = Md5::digest(format!("{fqdn}:{max}:{seed}").as_bytes());
    if max <= 0 {
        return Err(fault(format!("invalid argument - {max}")));
    }
    Ok(Value::Integer(ruby_random(&digest).below(max as u64) as i64))
}

/// Ruby's `to_i` of the value `max` is given as: a string's leading
/// integer (0 without one), a float truncated.
fn ruby_to_i(value: &Value) -> i64 {
    match value {
        Value::Integer(number) => *number,
        Value::Float(number) => number.trunc() as i64,
        Value::Str(text) => {
            let text = text.trim_start();
            let (sign, digits) = match text.strip_prefix('-') {
                Some(rest) => (-1, rest),
                None => (1, text.strip_prefix('+').unwrap_or(text)),
            };
            let mut number: i64 = 0;
            let mut previous_digit = false;
            for c in digits.chars() {
                match c {
                    '0'..='9' => {
                        number = number
                            .saturating_mul(10)
                            .saturating_add(i64::from(c as u8 - b'0'));
                        previous_digit = true;
                    }
                    '_' if previous_digit => previous_digit = false,
                    _ => break,
                }
            }
            sign * number
        }
        _ => 0,
    }
}

/// A value as Ruby's `Array#join` writes it: nil empty, arrays joined
/// with the same `:`, floats as Ruby writes them.
fn ruby_join_text(value: &Value) -> String {
    match value {
        Value::Undef => String::new(),
        Value::Float(number) => ruby_float(*number),
        Value::Array(items) => items
            .iter()
            .map(ruby_join_text)
            .collect::<Vec<_>>()
            .join(":"),
        other => other.to_text(),
    }
}

/// Ruby's `Random.new(seed)` for a seed of 128 bits (big-endian bytes):
/// the Mersenne Twister initialised by array with the seed's 32-bit words,
/// least significant first, without the leading zero words; a seed of one
/// word initialises it with that word alone.
fn ruby_random(seed: &[u8]) -> RubyRandom {
    let mut words: Vec<u32> = seed
        .rchunks(4)
        .map(|chunk| {
            chunk
                .iter()
                .fold(0u32, |word, byte| (word << 8) | u32::from(*byte))
        })
        .collect();
    while words.len() > 1 && words.last() == Some(&0) {
        words.pop();
    }
    RubyRandom(match words[..] {
        [word] => Mt::new(word),
        _ => Mt::new_with_key(words),
    })
}

struct RubyRandom(Mt);

impl RubyRandom {
    /// Ruby's `Random#rand(max)` for a positive integer `max`: words of
    /// the twister masked to the bits of `max - 1`, drawn again while
    /// above it (the most significant word first past 32 bits).
    fn below(&mut self, max: u64) -> u64 {
        let limit = max - 1;
        if limit == 0 {
            return 0;
        }
        let mask = u64::MAX >> limit.leading_zeros();
        if limit <= u64::from(u32::MAX) {
            loop {
                let value = u64::from(self.0.next_u32()) & mask;
                if value <= limit {
                    return value;
                }
            }
        }
        'retry: loop {
            let mut value = 0u64;
            for shift in [32, 0] {
                if (mask >> shift) & 0xffff_ffff != 0 {
                    value |= u64::from(self.0.next_u32()) << shift;
                    value &= mask;
                    if value > limit {
                        continue 'retry;
                    }
                }
            }
            return value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruby 3.1: `Random.new(seed).rand(max)` for seeds written as their
    /// 16 big-endian bytes.
    #[test]
    fn draws_as_ruby_random_does() {
        let seed = |number: u128| number.to_be_bytes();
        for (number, max, expected) in [
            (12345u128, 100u64, 98u64),
            ((1u128 << 100) + 7, 1000, 12),
            (0, 10, 5),
            (5, 1 << 40, 425438759118),
        ] {
            assert_eq!(ruby_random(&seed(number)).below(max), expected, "{number}");
        }
    }
}
