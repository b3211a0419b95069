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
    text.match_indices(call).filter_map(move |(at, _)| {
        let rest = text[at + call.len()..].trim_start();
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
    })
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
}
