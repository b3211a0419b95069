//! URIs (`URI('https://example.com/a')`) as Puppet keeps them: Ruby's
//! `URI` objects, split as RFC 3986 (Ruby's `RFC3986_Parser`) splits them,
//! written back as Ruby's `URI::Generic#to_s` writes them, joined as
//! `URI#+` joins them (RFC 3986 section 5.2); and the `URI[...]` type,
//! whose parameters are the parts an instance must match (Puppet's
//! `PURIType`).

use crate::catalog::values::compare::{case_match, parameters_cover};
use crate::catalog::values::display::in_type;
use crate::catalog::values::Value;

/// A URI's parts; `None`: the part is absent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Uri {
    pub scheme: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<i64>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
    /// What follows `scheme:` in a URI without a hierarchy (`urn:a:b`).
    pub opaque: Option<String>,
}

/// The names of a URI's parts, in Puppet's order.
pub const PARTS: [&str; 8] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment", "opaque",
];

/// The port a scheme has when none is written (Ruby's `default_port`).
fn default_port(scheme: Option<&str>) -> Option<i64> {
    Some(match scheme?.to_ascii_lowercase().as_str() {
        "http" | "ws" => 80,
        "https" | "wss" => 443,
        "ftp" => 21,
        "ldap" => 389,
        "ldaps" => 636,
        _ => return None,
    })
}

impl Uri {
    /// `text` split into its parts (RFC 3986, appendix B), or why not.
    pub fn parse(text: &str) -> Result<Uri, String> {
        let invalid = || format!("bad URI(is not URI?): \"{text}\"");
        if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid());
        }
        let (rest, fragment) = match text.split_once('#') {
            Some((rest, fragment)) => (rest, Some(fragment.to_string())),
            None => (text, None),
        };
        let scheme_end = rest.find(':').filter(|&at| {
            let scheme = &rest[..at];
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
                && !rest[..at].contains(['/', '?'])
        });
        let (scheme, rest) = match scheme_end {
            Some(at) => (Some(rest[..at].to_string()), &rest[at + 1..]),
            None => (None, rest),
        };
        let mut uri = Uri {
            fragment,
            ..Uri::default()
        };
        if scheme.is_some() && !rest.starts_with('/') {
            if rest.is_empty() {
                return Err(invalid());
            }
            uri.scheme = scheme;
            uri.opaque = Some(rest.to_string());
            return Ok(uri);
        }
        let (rest, query) = match rest.split_once('?') {
            Some((rest, query)) => (rest, Some(query.to_string())),
            None => (rest, None),
        };
        uri.query = query;
        let path = match rest.strip_prefix("//") {
            Some(hierarchy) => {
                let end = hierarchy.find('/').unwrap_or(hierarchy.len());
                let authority = &hierarchy[..end];
                let (userinfo, host_port) = match authority.rsplit_once('@') {
                    Some((userinfo, host_port)) => (Some(userinfo.to_string()), host_port),
                    None => (None, authority),
                };
                let (host, port) = match host_port.rsplit_once(':') {
                    Some((host, port)) if !host.ends_with(']') || host_port.starts_with('[') => {
                        let port = match port {
                            "" => None,
                            digits => Some(digits.parse::<i64>().map_err(|_| invalid())?),
                        };
                        (host, port)
                    }
                    _ => (host_port, None),
                };
                uri.userinfo = userinfo;
                uri.host = Some(host.to_string());
                uri.port = port.or_else(|| default_port(scheme.as_deref()));
                &hierarchy[end..]
            }
            None => rest,
        };
        uri.scheme = scheme;
        uri.path = path.to_string();
        Ok(uri)
    }

    /// A URI built from its parts (Ruby's `URI::Generic.build`); the
    /// caller checked their types.
    pub fn from_parts(entries: &[(Value, Value)]) -> Uri {
        let part = |name: &str| Value::entry(entries, name).map(Value::to_text);
        let scheme = part("scheme");
        let port = match Value::entry(entries, "port") {
            Some(Value::Integer(port)) => Some(*port),
            _ => None,
        };
        Uri {
            port: port.or_else(|| default_port(scheme.as_deref())),
            scheme,
            userinfo: part("userinfo"),
            host: part("host"),
            path: part("path").unwrap_or_default(),
            query: part("query"),
            fragment: part("fragment"),
            opaque: part("opaque"),
        }
    }

    /// Ruby's `to_s`: the parts joined, a scheme's default port left out.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(scheme) = &self.scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if let Some(opaque) = &self.opaque {
            out.push_str(opaque);
        } else {
            if let Some(host) = &self.host {
                out.push_str("//");
                if let Some(userinfo) = &self.userinfo {
                    out.push_str(userinfo);
                    out.push('@');
                }
                out.push_str(host);
                if let Some(port) = self
                    .port
                    .filter(|&p| Some(p) != default_port(self.scheme.as_deref()))
                {
                    out.push_str(&format!(":{port}"));
                }
            }
            out.push_str(&self.path);
            if let Some(query) = &self.query {
                out.push('?');
                out.push_str(query);
            }
        }
        if let Some(fragment) = &self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }

    /// The part `name` as `$uri.name` reads it.
    pub fn part(&self, name: &str) -> Option<Value> {
        let text = |part: &Option<String>| part.clone().map_or(Value::Undef, Value::Str);
        Some(match name {
            "scheme" => text(&self.scheme),
            "userinfo" => text(&self.userinfo),
            "host" => text(&self.host),
            "port" => self.port.map_or(Value::Undef, Value::Integer),
            "path" if self.opaque.is_some() => Value::Undef,
            "path" => Value::Str(self.path.clone()),
            "query" => text(&self.query),
            "fragment" => text(&self.fragment),
            "opaque" => text(&self.opaque),
            _ => return None,
        })
    }

    /// The parts as `URI[...]` holds them (Puppet's `uri_to_hash`):
    /// scheme and host in lower case, a default port left out, the port
    /// as a string.
    pub fn type_parameters(&self) -> Vec<(String, Value)> {
        let scheme = self.scheme.as_ref().map(|s| s.to_lowercase());
        let mut parameters = Vec::new();
        let mut push = |name: &str, value: Option<String>| {
            if let Some(value) = value {
                parameters.push((name.to_string(), Value::Str(value)));
            }
        };
        push("scheme", scheme.clone());
        push("userinfo", self.userinfo.clone());
        push(
            "host",
            self.host
                .as_ref()
                .filter(|h| !h.is_empty())
                .map(|h| h.to_lowercase()),
        );
        let default = matches!(
            (self.port, scheme.as_deref()),
            (Some(80), Some("http")) | (Some(443), Some("https"))
        );
        push(
            "port",
            self.port.filter(|_| !default).map(|port| port.to_string()),
        );
        push(
            "path",
            Some(self.path.clone()).filter(|path| !path.is_empty() && self.opaque.is_none()),
        );
        push("query", self.query.clone());
        push("fragment", self.fragment.clone());
        push("opaque", self.opaque.clone());
        parameters
    }

    /// `self + reference`: the reference resolved against this URI
    /// (RFC 3986, section 5.2.2, as Ruby's `URI#merge`).
    pub fn join(&self, reference: &Uri) -> Uri {
        if reference.scheme.is_some() {
            return Uri {
                path: remove_dot_segments(&reference.path),
                ..reference.clone()
            };
        }
        let mut target = Uri {
            scheme: self.scheme.clone(),
            fragment: reference.fragment.clone(),
            ..Uri::default()
        };
        if reference.host.is_some() {
            target.userinfo = reference.userinfo.clone();
            target.host = reference.host.clone();
            target.port = reference
                .port
                .or_else(|| default_port(target.scheme.as_deref()));
            target.path = remove_dot_segments(&reference.path);
            target.query = reference.query.clone();
            return target;
        }
        target.userinfo = self.userinfo.clone();
        target.host = self.host.clone();
        target.port = self.port;
        if reference.path.is_empty() {
            target.path = self.path.clone();
            target.query = reference.query.clone().or_else(|| self.query.clone());
        } else {
            target.path = if reference.path.starts_with('/') {
                remove_dot_segments(&reference.path)
            } else {
                let merged = if self.host.is_some() && self.path.is_empty() {
                    format!("/{}", reference.path)
                } else {
                    let base = self.path.rfind('/').map_or("", |at| &self.path[..=at]);
                    format!("{base}{}", reference.path)
                };
                remove_dot_segments(&merged)
            };
            target.query = reference.query.clone();
        }
        target
    }
}

/// RFC 3986, section 5.2.4.
fn remove_dot_segments(path: &str) -> String {
    let mut output: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    for (index, segment) in segments.iter().enumerate() {
        let last = index + 1 == segments.len();
        match *segment {
            "." => {
                if last {
                    output.push("");
                }
            }
            ".." => {
                if output.len() > 1 {
                    output.pop();
                }
                if last {
                    output.push("");
                }
            }
            other => output.push(other),
        }
    }
    output.join("/")
}

/// `URI[...]`: the parts an instance must match (a value, a regexp or a
/// type each); none: every URI.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UriType {
    pub parameters: Vec<(String, Value)>,
}

impl UriType {
    /// `URI[text]` or `URI[{part => pattern}]`.
    pub fn new(key: &Value) -> Result<UriType, String> {
        let parameters = match key {
            Value::Str(text) => Uri::parse(text)?.type_parameters(),
            Value::Hash(entries) => {
                let mut parameters = Vec::new();
                for (name, value) in entries {
                    let name = name.to_text();
                    if !PARTS.contains(&name.as_str()) {
                        return Err(format!(
                            "URI-Type parameter expects a match for Variant[String[1], Struct[...]], got Struct with unrecognized key '{name}'"
                        ));
                    }
                    parameters.push((name, value.clone()));
                }
                parameters
            }
            other => {
                return Err(format!(
                    "URI-Type parameter expects a String or a Hash, got {}",
                    crate::catalog::values::display::label(other)
                ))
            }
        };
        Ok(UriType { parameters })
    }

    pub fn is_instance(&self, uri: &Uri) -> bool {
        self.parameters.iter().all(|(name, pattern)| {
            let value = uri.part(name).unwrap_or(Value::Undef);
            // Puppet's parameters hold the port as text.
            let value = match value {
                Value::Integer(port) => Value::Str(port.to_string()),
                other => other,
            };
            case_match(pattern, &value, &mut None)
        })
    }

    /// Puppet's `_assignable?`: each part this type names, the other names
    /// too, with a value that matches or a type that is assignable.
    pub fn is_assignable_from(&self, other: &UriType) -> bool {
        parameters_cover(&self.parameters, &other.parameters)
    }

    /// `URI` or `URI[{'scheme' => 'https', ...}]`.
    pub fn text(&self) -> String {
        if self.parameters.is_empty() {
            return "URI".to_string();
        }
        let entries: Vec<String> = self
            .parameters
            .iter()
            .map(|(name, value)| format!("{} => {}", in_type(&Value::string(name)), in_type(value)))
            .collect();
        format!("URI[{{{}}}]", entries.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Ruby 3.1 answers: `URI('https://bob:pw@example.com:8080/a/b?a=b#frag')`
    /// and its parts, `URI('urn:a:b:c').opaque`, `(URI('https://example.com')
    /// + '/a/b').to_s` and `(URI('http://a/b/c/d;p?q') + '../g').to_s`.
    #[test]
    fn uris_are_split_and_joined_as_ruby_does() {
        let uri = Uri::parse("https://bob:pw@example.com:8080/a/b?a=b#frag").unwrap();
        assert_eq!(uri.userinfo.as_deref(), Some("bob:pw"));
        assert_eq!(uri.host.as_deref(), Some("example.com"));
        assert_eq!(uri.port, Some(8080));
        assert_eq!(uri.path, "/a/b");
        assert_eq!(uri.query.as_deref(), Some("a=b"));
        assert_eq!(uri.fragment.as_deref(), Some("frag"));
        assert_eq!(uri.text(), "https://bob:pw@example.com:8080/a/b?a=b#frag");
        let urn = Uri::parse("urn:a:b:c").unwrap();
        assert_eq!(urn.opaque.as_deref(), Some("a:b:c"));
        assert_eq!(urn.text(), "urn:a:b:c");
        let base = Uri::parse("https://example.com").unwrap();
        assert_eq!(base.port, Some(443));
        assert_eq!(
            base.join(&Uri::parse("/a/b").unwrap()).text(),
            "https://example.com/a/b"
        );
        let rfc = Uri::parse("http://a/b/c/d;p?q").unwrap();
        assert_eq!(
            rfc.join(&Uri::parse("../g").unwrap()).text(),
            "http://a/b/g"
        );
        assert_eq!(
            rfc.join(&Uri::parse("g?y#s").unwrap()).text(),
            "http://a/b/c/g?y#s"
        );
    }
}
