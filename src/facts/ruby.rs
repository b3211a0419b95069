//! Names that modules define in Ruby, read from the source as text (never
//! executed): `Puppet::Type.newtype(:name)` in `lib/puppet/type/`,
//! `Puppet::Functions.create_function(:'mod::name')` in
//! `lib/puppet/functions/`, `newfunction(:name, ...)` in
//! `lib/puppet/parser/functions/` and `Facter.add(:name)` in `lib/facter/`.

use super::layout::Role;

/// The names a Ruby plugin file of `role` defines.
pub fn defined_names(role: Role, text: &str) -> Vec<String> {
    let call = match role {
        Role::RubyType => "newtype(",
        Role::RubyFunction => {
            return symbol_arguments(text, "create_function(")
                .chain(symbol_arguments(text, "newfunction("))
                .collect();
        }
        Role::RubyFact => "Facter.add(",
        _ => return Vec::new(),
    };
    symbol_arguments(text, call).collect()
}

/// The symbol or string first argument of every `call` in `text`:
/// `:name`, `:'a::b'`, `:"a::b"`, `'name'`.
fn symbol_arguments<'t>(text: &'t str, call: &'t str) -> impl Iterator<Item = String> + 't {
    text.match_indices(call)
        .filter_map(move |(at, _)| first_symbol(&text[at + call.len()..]))
}

/// The symbol or string that `text` starts with (after blanks).
fn first_symbol(text: &str) -> Option<String> {
    let rest = text.trim_start();
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    let (quote, rest) = match rest.chars().next()? {
        quote @ ('\'' | '"') => (Some(quote), &rest[1..]),
        _ => (None, rest),
    };
    let end = match quote {
        Some(quote) => rest.find(quote)?,
        None => rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len()),
    };
    let name = &rest[..end];
    (!name.is_empty()).then(|| name.to_string())
}

/// Code in a type file that makes parameters pfacts cannot read as text.
const GENERATED_PARAMETERS: &[&str] = &[
    "create_parameters",
    "extend ",
    "instance_eval",
    "class_eval",
    "Puppet::Type.type(",
];

/// The parameters and properties a Ruby resource type declares with
/// `newparam(:x)` and `newproperty(:x)` (with or without parentheses),
/// plus `ensure` for `ensurable` types, and `name` and `provider`, which
/// every type has; `None` when the type makes parameters in code (a
/// computed name, a helper module).
pub fn type_parameters(text: &str) -> Option<Vec<String>> {
    if GENERATED_PARAMETERS.iter().any(|code| text.contains(code)) {
        return None;
    }
    let mut names = vec!["name".to_string(), "provider".to_string()];
    if text.contains("ensurable") {
        names.push("ensure".to_string());
    }
    for call in ["newparam", "newproperty"] {
        for (at, _) in text.match_indices(call) {
            let rest = &text[at + call.len()..];
            let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
            if !rest.starts_with([':', '\'', '"']) {
                return None;
            }
            names.extend(first_symbol(rest));
        }
    }
    names.sort();
    names.dedup();
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_type_and_function_names() {
        assert_eq!(
            defined_names(Role::RubyType, "Puppet::Type.newtype(:apache_config) do"),
            ["apache_config"]
        );
        assert_eq!(
            defined_names(
                Role::RubyFunction,
                "Puppet::Functions.create_function(:'apache::pw_hash') do"
            ),
            ["apache::pw_hash"]
        );
        assert_eq!(
            defined_names(
                Role::RubyFunction,
                "  newfunction(:go_md5, type: :rvalue) do |args|"
            ),
            ["go_md5"]
        );
        assert_eq!(
            defined_names(Role::RubyFact, "Facter.add('apt_has_updates') do"),
            ["apt_has_updates"]
        );
        assert!(defined_names(Role::ModuleManifest, "newtype(:x)").is_empty());
    }

    #[test]
    fn reads_type_parameters_or_gives_up() {
        let text = "Puppet::Type.newtype(:x) do\n  ensurable\n  newparam(:name, namevar: true)\n  newproperty :port do\n  end\n  newparam('path')\nend";
        assert_eq!(
            type_parameters(text).unwrap(),
            ["ensure", "name", "path", "port", "provider"]
        );
        assert_eq!(type_parameters("[:a, :b].each { |p| newparam(p) }"), None);
        assert_eq!(type_parameters("extend Helper\ncreate_parameters"), None);
    }
}
