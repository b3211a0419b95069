//! Digests and encodings: `base64`, `stdlib::sha256`, `stdlib::crc32`,
//! `fqdn_uuid`, `pw_hash`, `str2saltedpbkdf2`, and `str2saltedsha512`,
//! whose salt is random.

use sha1::Sha1;
use sha2::{Digest, Sha256, Sha512};

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::{self, class_name, legacy_args};
use crate::catalog::values::types::binary::{decode64_lenient, decode64_strict, encode64};
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry, _version: Version) {
    let digestible =
        "Variant[ScalarData, Sensitive[ScalarData], Binary, Sensitive[Binary]] $my_data";
    registry
        .legacy("base64", -1, base64)
        .add("stdlib::sha256", digestible, |_, args| {
            let digest = Sha256::digest(digest_text(args.get(0)).as_bytes());
            Ok(Value::Str(hex(&digest)))
        })
        .add("stdlib::crc32", digestible, |_, args| {
            let crc = crc32fast::hash(digest_text(args.get(0)).as_bytes());
            Ok(Value::Str(format!("{crc:x}")))
        })
        .legacy("fqdn_uuid", -1, fqdn_uuid)
        .legacy("pw_hash", 3, pw_hash)
        .legacy("str2saltedpbkdf2", -1, str2saltedpbkdf2)
        .legacy("str2saltedsha512", -1, |context, args| {
            let args = legacy_args(&args.values);
            if args.len() != 1 {
                return Err(fault(format!(
                    "str2saltedsha512(): Wrong number of arguments passed ({} but we require 1)",
                    args.len()
                )));
            }
            if !matches!(args[0], Value::Str(_)) {
                return Err(fault(format!(
                    "str2saltedsha512(): Requires a String argument, you passed: {}",
                    class_name(&args[0])
                )));
            }
            Ok(context.unevaluated(
                "str2saltedsha512()".to_string(),
                "a random salt, different at each compilation",
            ))
        });
}

/// Lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What stdlib digests: the value's text, a sensitive one unwrapped.
fn digest_text(value: &Value) -> String {
    match value {
        Value::Sensitive(inner) => ruby::to_s(inner),
        other => ruby::to_s(other),
    }
}

fn base64(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() < 2 {
        return Err(fault(format!(
            "base64(): Wrong number of arguments ({}; must be >= 2)",
            args.len()
        )));
    }
    let action = match &args[0] {
        Value::Str(action) if action == "encode" || action == "decode" => action.clone(),
        _ => {
            return Err(fault(
                "base64(): the first argument must be one of 'encode' or 'decode'",
            ))
        }
    };
    let Value::Str(text) = &args[1] else {
        return Err(fault(
            "base64(): the second argument must be a string to base64",
        ));
    };
    let method = match args.get(2) {
        None => "default".to_string(),
        Some(Value::Str(method)) if ["default", "strict", "urlsafe"].contains(&method.as_str()) => {
            method.clone()
        }
        Some(_) => {
            return Err(fault(
                "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'",
            ))
        }
    };
    let text_of = |bytes: Vec<u8>| Value::Str(String::from_utf8_lossy(&bytes).into_owned());
    Ok(match (action.as_str(), method.as_str()) {
        ("encode", "default") => {
            let encoded = encode64(text.as_bytes());
            let mut lines = String::new();
            for line in encoded.as_bytes().chunks(60) {
                lines.push_str(std::str::from_utf8(line).unwrap_or_default());
                lines.push('\n');
            }
            Value::Str(lines)
        }
        ("encode", "strict") => Value::Str(encode64(text.as_bytes())),
        ("encode", _) => Value::Str(
            encode64(text.as_bytes())
                .replace('+', "-")
                .replace('/', "_"),
        ),
        ("decode", "default") => text_of(decode64_lenient(text)),
        ("decode", "strict") => {
            text_of(decode64_strict(text).ok_or_else(|| fault("invalid base64"))?)
        }
        _ => {
            let mut standard = text.replace('-', "+").replace('_', "/");
            if standard.len() % 4 != 0 && !standard.ends_with('=') {
                let padding = 4 - standard.len() % 4;
                standard.push_str(&"=".repeat(padding));
            }
            text_of(decode64_strict(&standard).ok_or_else(|| fault("invalid base64"))?)
        }
    })
}

fn fqdn_uuid(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    match args.len() {
        0 => return Err(fault("fqdn_uuid: No arguments given")),
        1 => {}
        n => return Err(fault(format!("fqdn_uuid: Too many arguments given ({n})"))),
    }
    let Value::Str(fqdn) = &args[0] else {
        return Err(super::no_string(&args[0]));
    };
    // RFC 4122's name space for DNS names.
    const DNS: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut sha1 = Sha1::new();
    sha1.update(DNS);
    sha1.update(fqdn.as_bytes());
    let mut bytes: Vec<u8> = sha1.finalize()[..16].to_vec();
    bytes[6] = (bytes[6] & 0x0f) | 0x50;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    Ok(Value::Str(format!(
        "{}-{}-{}-{}-{}",
        hex(&bytes[..4]),
        hex(&bytes[4..6]),
        hex(&bytes[6..8]),
        hex(&bytes[8..10]),
        hex(&bytes[10..])
    )))
}

/// The value a sensitive argument wraps.
fn unwrapped(value: &Value) -> Value {
    match value {
        Value::Sensitive(inner) => (**inner).clone(),
        other => other.clone(),
    }
}

fn pw_hash(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args: Vec<Value> = legacy_args(&args.values).iter().map(unwrapped).collect();
    let password = match &args[0] {
        Value::Str(password) => password.clone(),
        Value::Undef => String::new(),
        _ => return Err(fault("pw_hash(): first argument must be a string")),
    };
    let Value::Str(kind) = &args[1] else {
        return Err(fault("pw_hash(): second argument must be a string"));
    };
    let bcrypt_salt = r"^(0[4-9]|[12][0-9]|3[01])\$[./A-Za-z0-9]{22}";
    let (prefix, salt_pattern) = match kind.to_lowercase().as_str() {
        "md5" => ("1", None),
        "sha-256" => ("5", None),
        "sha-512" => ("6", None),
        "bcrypt" => ("2b", Some(bcrypt_salt)),
        "bcrypt-a" => ("2a", Some(bcrypt_salt)),
        "bcrypt-x" => ("2x", Some(bcrypt_salt)),
        "bcrypt-y" => ("2y", Some(bcrypt_salt)),
        _ => return Err(fault(format!("pw_hash(): {kind} is not a valid hash type"))),
    };
    let Value::Str(salt) = &args[2] else {
        return Err(fault("pw_hash(): third argument must be a string"));
    };
    if salt.is_empty() {
        return Err(fault("pw_hash(): third argument must not be empty"));
    }
    let valid = match salt_pattern {
        Some(pattern) => crate::catalog::values::Regexp::new(pattern).is_match(salt),
        None => salt
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'/'),
    };
    if !valid {
        let doc = match salt_pattern {
            // As Ruby's `Regexp#to_s` writes it: slashes escaped.
            Some(pattern) => format!("match (?-mix:{})", pattern.replace('/', "\\/")),
            None => "be in the set [a-zA-Z0-9./]".to_string(),
        };
        return Err(fault(format!("pw_hash(): characters in salt must {doc}")));
    }
    if password.is_empty() {
        return Ok(Value::Undef);
    }
    let setting = format!("${prefix}${salt}");
    pwhash::unix::crypt(password.as_bytes(), &setting)
        .map(Value::Str)
        .map_err(|e| fault(format!("pw_hash(): {e}")))
}

fn str2saltedpbkdf2(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args: Vec<Value> = legacy_args(&args.values).iter().map(unwrapped).collect();
    if args.len() != 3 {
        return Err(fault(format!(
            "str2saltedpbkdf2(): wrong number of arguments ({} for 3)",
            args.len()
        )));
    }
    let Value::Str(password) = &args[0] else {
        return Err(fault("str2saltedpbkdf2(): first argument must be a string"));
    };
    let Value::Str(salt) = &args[1] else {
        return Err(fault(
            "str2saltedpbkdf2(): second argument must be a string",
        ));
    };
    if salt.len() < 8 {
        return Err(fault(
            "str2saltedpbkdf2(): second argument must be at least 8 bytes long",
        ));
    }
    let Value::Integer(iterations) = args[2] else {
        return Err(fault(
            "str2saltedpbkdf2(): third argument must be an integer",
        ));
    };
    if iterations <= 40_000 || iterations >= 70_000 {
        return Err(fault(
            "str2saltedpbkdf2(): third argument must be between 40,000 and 70,000",
        ));
    }
    let mut key = [0u8; 128];
    pbkdf2::pbkdf2_hmac::<Sha512>(
        password.as_bytes(),
        salt.as_bytes(),
        iterations as u32,
        &mut key,
    );
    Ok(Value::Hash(vec![
        (Value::string("password_hex"), Value::Str(hex(&key))),
        (Value::string("salt_hex"), Value::Str(hex(salt.as_bytes()))),
        (Value::string("iterations"), Value::Integer(iterations)),
    ]))
}
