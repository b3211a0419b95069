//! IP addresses as Ruby's `IPAddr` reads them, and the functions on them:
//! `enclose_ipv6`, `stdlib::ip_in_range`, the interface facts
//! (`has_interface_with`, `has_ip_address`, `has_ip_network`).

use std::net::{Ipv4Addr, Ipv6Addr};

use super::Version;
use crate::catalog::functions::{fault, Args, Context, Registry};
use crate::catalog::values::ruby::{self, class_name, legacy_args};
use crate::catalog::values::types::array::flatten;
use crate::catalog::values::Value;
use crate::catalog::Result;

pub fn register(registry: &mut Registry, version: Version) {
    let has_interface_with = match version {
        Version::V8 => "has_interface_with",
        Version::V9 => "stdlib::has_interface_with",
    };
    registry
        .legacy("enclose_ipv6", -1, enclose_ipv6)
        .add(
            "stdlib::ip_in_range",
            "String $ipaddress, Variant[String, Array] $range",
            ip_in_range,
        )
        .add(
            "stdlib::has_interface_with",
            "String[1] $interface",
            |context, args| match interfaces(context)? {
                Value::Undef => Err(fault(ruby::no_method("key?", &Value::Undef))),
                interfaces => Ok(Value::Bool(interfaces.hash_get(args.get(0)).is_some())),
            },
        )
        .add(
            "stdlib::has_interface_with",
            "Enum['ip', 'ipaddress', 'mac', 'macaddress', 'netmask', 'network'] $kind, String[1] $value",
            |context, args| {
                let kind = match args.get(0).to_text().as_str() {
                    "ipaddress" => "ip".to_string(),
                    "macaddress" => "mac".to_string(),
                    other => other.to_string(),
                };
                let interfaces = match interfaces(context)? {
                    Value::Hash(interfaces) => interfaces,
                    other => return Err(fault(ruby::no_method("any?", &other))),
                };
                let wanted = args.get(1);
                Ok(Value::Bool(interfaces.iter().any(|(_, settings)| {
                    match settings {
                        Value::Hash(_) => settings.hash_get(&Value::Str(kind.clone())) == Some(wanted),
                        other => return_false_for(other),
                    }
                })))
            },
        )
        .legacy("has_ip_address", -1, |context, args| {
            let args = legacy_args(&args.values);
            if args.len() != 1 {
                return Err(fault(format!(
                    "has_ip_address(): Wrong number of arguments given ({} for 1)",
                    args.len()
                )));
            }
            autoload(context, "has_interface_with");
            legacy_has_interface_with(context, &[Value::string("ipaddress"), args[0].clone()])
        })
        .legacy("has_ip_network", -1, |context, args| {
            let args = legacy_args(&args.values);
            if args.len() != 1 {
                return Err(fault(format!(
                    "has_ip_network(): Wrong number of arguments given ({} for 1)",
                    args.len()
                )));
            }
            autoload(context, "has_interface_with");
            legacy_has_interface_with(context, &[Value::string("network"), args[0].clone()])
        });
    if version == Version::V8 {
        registry.legacy(has_interface_with, -1, |context, args| {
            legacy_has_interface_with(context, &legacy_args(&args.values))
        });
    } else {
        // stdlib 9 keeps the 3.x function, but its 4.x alias is what calls
        // reach; `has_ip_address` and `has_ip_network` call the 3.x one.
    }
}

fn return_false_for(_: &Value) -> bool {
    false
}

/// What Puppet says when a stdlib function loads the 3.x function
/// `name` through the 3.x autoloader (`has_ip_address`, `try_get_value`).
pub fn autoload(context: &mut dyn Context, name: &str) {
    for method in ["loaded?", "load"] {
        let message = format!(
            "The method 'Puppet::Parser::Functions.autoloader#{method}(\"{name}\")' is deprecated in favor of using 'Scope#call_function'.\n   (file & line not available)"
        );
        context.deprecation_warning(&message.clone(), &message);
    }
}

/// `$facts['networking']['interfaces']`, failing as Ruby does where a
/// level is missing.
fn interfaces(context: &mut dyn Context) -> Result<Value> {
    let facts = context.facts().clone();
    let Some(networking) = facts.hash_get(&Value::string("networking")).cloned() else {
        return Err(fault(ruby::no_method("[]", &Value::Undef)));
    };
    Ok(networking
        .hash_get(&Value::string("interfaces"))
        .cloned()
        .unwrap_or(Value::Undef))
}

/// The 3.x `has_interface_with(kind, value)`: the legacy facts
/// `$interfaces` (a comma-separated list) and `${kind}_${interface}`.
fn legacy_has_interface_with(context: &mut dyn Context, args: &[Value]) -> Result<Value> {
    if args.is_empty() || args.len() > 2 {
        return Err(fault(format!(
            "has_interface_with(): Wrong number of arguments given ({} for 1 or 2)",
            args.len()
        )));
    }
    let interfaces = match context.variable("::interfaces") {
        None => {
            // Puppet's `lookupvar` of an unknown variable, without
            // `strict_variables`.
            context.warn("Undefined variable 'interfaces'; \n   (file & line not available)");
            return Ok(Value::Bool(false));
        }
        Some(Value::Undef) => return Ok(Value::Bool(false)),
        Some(value) => ruby::to_s(&value),
    };
    let names: Vec<String> = interfaces.split(',').map(str::to_string).collect();
    if args.len() == 1 {
        return Ok(Value::Bool(names.contains(&ruby::to_s(&args[0]))));
    }
    let kind = ruby::to_s(&args[0]);
    let value = &args[1];
    if context.variable(&format!("::{kind}")).as_ref() == Some(value) {
        return Ok(Value::Bool(true));
    }
    for name in names {
        let fact = context.variable(&format!("::{kind}_{}", name.to_lowercase()));
        if fact.as_ref() == Some(value) {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

/// An address as `IPAddr.new` reads it: IPv4 or IPv6, with its prefix
/// length (the address masked by it), and an IPv6 zone.
#[derive(Clone, Debug, PartialEq)]
pub struct IpAddr {
    pub address: std::net::IpAddr,
    pub prefix: u8,
    pub zone: Option<String>,
}

impl IpAddr {
    /// `IPAddr.new(text)`, or Ruby's message for text it refuses.
    pub fn parse(text: &str) -> std::result::Result<IpAddr, String> {
        let (mut host, length) = match text.split_once('/') {
            Some((host, length)) => (host, Some(length)),
            None => (text, None),
        };
        let mut v6_only = false;
        if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            host = inner;
            v6_only = true;
        }
        let mut zone = None;
        if let Some(at) = host.rfind('%') {
            let id = &host[at + 1..];
            if !id.is_empty() && id.chars().all(|c| c.is_alphanumeric() || c == '_') {
                zone = Some(host[at..].to_string());
                host = &host[..at];
                v6_only = true;
            }
        }
        let address = if let Some(v4) = (!v6_only).then(|| parse_v4(host)).flatten() {
            std::net::IpAddr::V4(v4?)
        } else if let Ok(v6) = host.parse::<Ipv6Addr>() {
            std::net::IpAddr::V6(v6)
        } else {
            return Err("invalid address: ".to_string());
        };
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match length {
            None => bits,
            Some(length) if !length.is_empty() && length.bytes().all(|b| b.is_ascii_digit()) => {
                match length.parse::<u8>() {
                    Ok(prefix) if prefix <= bits => prefix,
                    _ => return Err("invalid length".to_string()),
                }
            }
            Some(mask) => {
                let mask = IpAddr::parse(mask).map_err(|_| "invalid address: ".to_string())?;
                if mask.address.is_ipv4() != address.is_ipv4() {
                    return Err("invalid address: ".to_string());
                }
                let value = bits_of(&mask.address) << (128 - u32::from(bits));
                value.leading_ones() as u8
            }
        };
        let masked = mask(&address, prefix);
        Ok(IpAddr {
            address: masked,
            prefix,
            zone,
        })
    }

    /// `IPAddr#include?`: of the same family and within the range.
    pub fn includes(&self, other: &IpAddr) -> bool {
        self.address.is_ipv4() == other.address.is_ipv4()
            && mask(&other.address, self.prefix) == self.address
    }

    /// `IPAddr#to_s`: IPv6 compressed as Ruby compresses it.
    pub fn ruby_text(&self) -> String {
        match self.address {
            std::net::IpAddr::V4(v4) => v4.to_string(),
            std::net::IpAddr::V6(v6) => {
                let mut text = ruby_v6_text(&v6);
                if let Some(zone) = &self.zone {
                    text.push_str(zone);
                }
                text
            }
        }
    }
}

/// A dotted quad: `None` when the text is no IPv4 address at all, an
/// error for one Ruby refuses.
fn parse_v4(text: &str) -> Option<std::result::Result<Ipv4Addr, String>> {
    let parts: Vec<&str> = text.split('.').collect();
    if parts.len() != 4
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let mut octets = [0u8; 4];
    for (index, part) in parts.iter().enumerate() {
        if part.len() > 1 && part.starts_with('0') {
            return Some(Err(
                "zero-filled number in IPv4 address is ambiguous: ".to_string()
            ));
        }
        match part.parse::<u8>() {
            Ok(octet) => octets[index] = octet,
            Err(_) => return Some(Err("invalid address: ".to_string())),
        }
    }
    Some(Ok(Ipv4Addr::from(octets)))
}

fn bits_of(address: &std::net::IpAddr) -> u128 {
    match address {
        std::net::IpAddr::V4(v4) => u128::from(u32::from(*v4)),
        std::net::IpAddr::V6(v6) => u128::from(*v6),
    }
}

fn mask(address: &std::net::IpAddr, prefix: u8) -> std::net::IpAddr {
    match address {
        std::net::IpAddr::V4(v4) => {
            let keep = if prefix == 0 {
                0
            } else {
                u32::MAX << (32 - u32::from(prefix))
            };
            std::net::IpAddr::V4(Ipv4Addr::from(u32::from(*v4) & keep))
        }
        std::net::IpAddr::V6(v6) => {
            let keep = if prefix == 0 {
                0
            } else {
                u128::MAX << (128 - u32::from(prefix))
            };
            std::net::IpAddr::V6(Ipv6Addr::from(u128::from(*v6) & keep))
        }
    }
}

/// Ruby's `IPAddr#to_s` of an IPv6 address: groups without leading
/// zeros, the longest run of zero groups (the first of that length)
/// as `::`, and the IPv4 forms `::a.b.c.d` and `::ffff:a.b.c.d`.
fn ruby_v6_text(address: &Ipv6Addr) -> String {
    let groups = address.segments();
    let mut best: Option<(usize, usize)> = None;
    for length in (2..=8).rev() {
        if let Some(start) =
            (0..=8 - length).find(|&s| groups[s..s + length].iter().all(|&g| g == 0))
        {
            best = Some((start, length));
            break;
        }
    }
    let hex = |gs: &[u16]| {
        gs.iter()
            .map(|g| format!("{g:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    let text = match best {
        Some((start, length)) => format!(
            "{}::{}",
            hex(&groups[..start]),
            hex(&groups[start + length..])
        ),
        None => hex(&groups),
    };
    static MAPPED: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)\A::(ffff:)?([\da-f]{1,4}):([\da-f]{1,4})\z")
            .expect("a valid pattern")
    });
    if let Some(parts) = MAPPED.captures(&text) {
        let high = u16::from_str_radix(&parts[2], 16).unwrap_or(0);
        let low = u16::from_str_radix(&parts[3], 16).unwrap_or(0);
        return format!(
            "::{}{}.{}.{}.{}",
            parts.get(1).map_or("", |m| m.as_str()),
            high >> 8,
            high & 0xff,
            low >> 8,
            low & 0xff
        );
    }
    text
}

fn enclose_ipv6(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let args = legacy_args(&args.values);
    if args.len() != 1 {
        return Err(fault(format!(
            "enclose_ipv6(): Wrong number of arguments given {} for 1",
            args.len()
        )));
    }
    if !matches!(args[0], Value::Str(_) | Value::Array(_)) {
        return Err(fault(format!(
            "enclose_ipv6(): Wrong argument type given {} expected String or Array",
            class_name(&args[0])
        )));
    }
    let mut result: Vec<Value> = Vec::new();
    for value in flatten(&args[..1]) {
        if value == Value::Undef {
            continue;
        }
        let text = ruby::to_s(&value);
        let item = if text == "*" {
            value
        } else {
            match IpAddr::parse(&text) {
                Ok(ip) if ip.address.is_ipv6() => Value::Str(format!("[{}]", ip.ruby_text())),
                Ok(_) => value,
                Err(_) => {
                    return Err(fault(format!(
                        "enclose_ipv6(): Wrong argument given {text} is not an ip address."
                    )))
                }
            }
        };
        if !result.iter().any(|r| ruby::eql(r, &item)) {
            result.push(item);
        }
    }
    Ok(Value::Array(result))
}

fn ip_in_range(_: &mut dyn Context, args: Args<'_>) -> Result<Value> {
    let parse = |value: &Value| -> Result<IpAddr> {
        let text = ruby::to_s(value);
        IpAddr::parse(&text).map_err(fault)
    };
    let ip = parse(args.get(0))?;
    let ranges = match args.get(1) {
        Value::Array(items) => items.clone(),
        other => vec![other.clone()],
    };
    for range in &ranges {
        if parse(range)?.includes(&ip) {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

#[cfg(test)]
mod tests {
    use super::IpAddr;

    #[test]
    fn addresses_read_and_print_as_ruby() {
        for (text, shown) in [
            ("::1", "::1"),
            ("fe80::1/64", "fe80::"),
            ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),
            ("::ffff:1.2.3.4", "::ffff:1.2.3.4"),
            ("::1.2.3.4", "::1.2.3.4"),
            ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
            ("0:0:0:0:0:0:0:0", "::"),
            ("fe80::1%eth0", "fe80::1%eth0"),
            ("[::1]", "::1"),
            ("1.2.3.4/255.255.0.0", "1.2.0.0"),
            ("10.1.2.3/8", "10.0.0.0"),
            ("1::", "1::"),
        ] {
            assert_eq!(IpAddr::parse(text).unwrap().ruby_text(), shown, "{text}");
        }
        for bad in ["01.2.3.4", "1.2.3.256", "", "abc", "1.2.3.4/33", ":::"] {
            assert!(IpAddr::parse(bad).is_err(), "{bad}");
        }
    }
}
