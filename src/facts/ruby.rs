//! Names that modules define in Ruby, read from the source as text (never
//! executed): `Puppet::Type.newtype(:name)` in `lib/puppet/type/`,
//! `Puppet::Functions.create_function(:'mod::name')` in
//! `lib/puppet/functions/`, `newfunction(:name, ...)` in
//! `lib/puppet/parser/functions/` and `Facter.add(:name)` in `lib/facter/`.
//! Types and functions are also named by their file, where Puppet's
//! autoloader looks for them: `lib/puppet/type/nagios_host.rb` defines
//! `nagios_host` however it makes it (puppetlabs' nagios_core calls a
//! helper that calls `newtype`).

use std::path::Path;

use super::layout::Role;

/// The names a Ruby plugin file of `role` defines; `path` is the file's
/// path below its module's root.
pub fn defined_names(role: Role, path: &Path, text: &str) -> Vec<String> {
    let mut names: Vec<String> = match role {
        Role::RubyType => symbol_arguments(text, "newtype(").collect(),
        Role::RubyFunction => symbol_arguments(text, "create_function(")
            .chain(symbol_arguments(text, "newfunction("))
            .collect(),
        Role::RubyFact => symbol_arguments(text, "Facter.add(").collect(),
        _ => Vec::new(),
    };
    names.extend(autoloaded_name(role, path));
    names.sort();
    names.dedup();
    names
}

/// The name Puppet's autoloader finds in the file at `path` (below its
/// module's root): `lib/puppet/type/<name>.rb`,
/// `lib/puppet/functions/<ns>/<name>.rb` (`ns::name`) and
/// `lib/puppet/parser/functions/<name>.rb`.
fn autoloaded_name(role: Role, path: &Path) -> Option<String> {
    let parts: Vec<&str> = path
        .iter()
        .map(|part| part.to_str())
        .collect::<Option<_>>()?;
    let below = match (role, parts.as_slice()) {
        (Role::RubyType, ["lib", "puppet", "type", below @ ..]) => below,
        (Role::RubyFunction, ["lib", "puppet", "parser", "functions", below @ ..]) => below,
        (Role::RubyFunction, ["lib", "puppet", "functions", below @ ..]) => below,
        _ => return None,
    };
    let (last, namespaces) = below.split_last()?;
    let name = last.strip_suffix(".rb")?;
    // Types and legacy functions have no namespace.
    if role == Role::RubyType || parts[2] == "parser" {
        return namespaces.is_empty().then(|| name.to_string());
    }
    Some(
        namespaces
            .iter()
            .copied()
            .chain([name])
            .collect::<Vec<_>>()
            .join("::"),
    )
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
/// computed name, a helper module) or is made elsewhere (a file that does
/// not call `newtype`).
pub fn type_parameters(text: &str) -> Option<Vec<String>> {
    if !text.contains("newtype") || GENERATED_PARAMETERS.iter().any(|code| text.contains(code)) {
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

/// The parameter a Ruby resource type names its resources by, as
/// `Puppet::Resource#namevar` finds it: its one key attribute
/// (`newparam(:path, namevar: true)`, or `isnamevar` in the parameter's
/// block), else `name`.
pub fn type_namevar(text: &str) -> String {
    let starts: Vec<usize> = text
        .match_indices("newparam")
        .chain(text.match_indices("newproperty"))
        .map(|(at, _)| at)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut namevars = Vec::new();
    for (index, &start) in starts.iter().enumerate() {
        if !text[start..].starts_with("newparam") {
            continue;
        }
        let end = starts.get(index + 1).copied().unwrap_or(text.len());
        let declaration = &text[start..end];
        let rest = &declaration["newparam".len()..];
        let rest = rest.strip_prefix('(').unwrap_or(rest);
        let line = declaration.lines().next().unwrap_or("");
        let is_namevar = line.contains("namevar: true")
            || line.contains(":namevar => true")
            || declaration.contains("isnamevar");
        if let Some(name) = first_symbol(rest).filter(|_| is_namevar) {
            namevars.push(name);
        }
    }
    match namevars.as_slice() {
        [one] => one.clone(),
        _ => "name".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_namevar_as_puppet_does() {
        let concat_file = "Puppet::Type.newtype(:concat_file) do\n  newparam(:tag) do\n  end\n  newparam(:path) do\n    desc 'x'\n    isnamevar\n  end\nend";
        assert_eq!(type_namevar(concat_file), "path");
        let inline = "newtype(:x) do\n  newparam(:key, namevar: true)\n  newproperty(:value)\nend";
        assert_eq!(type_namevar(inline), "key");
        // Two key attributes: Puppet names resources by `name`.
        let composite = "newparam(:name, namevar: true)\nnewparam(:target, :namevar => true)";
        assert_eq!(type_namevar(composite), "name");
        assert_eq!(
            type_namevar("newtype(:x) do\n newparam(:path)\nend"),
            "name"
        );
    }

    #[test]
    fn reads_type_and_function_names() {
        let nowhere = Path::new("");
        assert_eq!(
            defined_names(
                Role::RubyType,
                nowhere,
                "Puppet::Type.newtype(:apache_config) do"
            ),
            ["apache_config"]
        );
        assert_eq!(
            defined_names(
                Role::RubyFunction,
                nowhere,
                "Puppet::Functions.create_function(:'apache::pw_hash') do"
            ),
            ["apache::pw_hash"]
        );
        assert_eq!(
            defined_names(
                Role::RubyFunction,
                nowhere,
                "  newfunction(:go_md5, type: :rvalue) do |args|"
            ),
            ["go_md5"]
        );
        assert_eq!(
            defined_names(Role::RubyFact, nowhere, "Facter.add('apt_has_updates') do"),
            ["apt_has_updates"]
        );
        assert!(defined_names(Role::ModuleManifest, nowhere, "newtype(:x)").is_empty());
    }

    #[test]
    fn the_autoloader_finds_types_and_functions_by_file_name() {
        let names = |role, path: &str, text| defined_names(role, Path::new(path), text);
        // nagios_core makes its types through a helper.
        assert_eq!(
            names(
                Role::RubyType,
                "lib/puppet/type/nagios_host.rb",
                "Nagios::Base.eachtype { |name, _| Puppet::Util::NagiosMaker.create_nagios_type name }"
            ),
            ["nagios_host"]
        );
        assert_eq!(
            names(
                Role::RubyFunction,
                "lib/puppet/functions/apache/bool2httpd.rb",
                ""
            ),
            ["apache::bool2httpd"]
        );
        assert_eq!(
            names(
                Role::RubyFunction,
                "lib/puppet/parser/functions/pick.rb",
                ""
            ),
            ["pick"]
        );
        // Nothing else is where the autoloader looks.
        assert!(names(Role::RubyType, "lib/puppet/type/nested/x.rb", "").is_empty());
        assert!(names(Role::RubyFact, "lib/facter/role.rb", "").is_empty());
        assert_eq!(
            names(
                Role::RubyType,
                "lib/puppet/type/a.rb",
                "Puppet::Type.newtype(:a) do\nend\nPuppet::Type.newtype(:b)"
            ),
            ["a", "b"]
        );
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
        assert_eq!(type_parameters("Maker.make(:nagios_host)"), None);
    }
}
