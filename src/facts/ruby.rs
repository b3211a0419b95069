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

/// How a resource type names its resources: the parameter that repeats
/// the title (`Puppet::Resource#namevar`), and the `title_patterns` that
/// set parameters from the title (`None`: Puppet's default, the whole
/// title for the namevar).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypeNaming {
    pub namevar: String,
    pub title_patterns: Option<Vec<TitlePattern>>,
}

/// How the Ruby resource type in `text` names its resources.
pub fn type_naming(text: &str) -> TypeNaming {
    TypeNaming {
        namevar: type_namevar(text),
        title_patterns: title_patterns(text),
    }
}

/// The parameter a Ruby resource type names its resources by, as
/// `Puppet::Resource#namevar` finds it: its one key attribute
/// (`newparam(:path, namevar: true)`, or `isnamevar` in the parameter's
/// block), else `name`.
fn type_namevar(text: &str) -> String {
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

/// One of a type's `title_patterns`: a Ruby regexp (its source and
/// options) and the parameters its groups give, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TitlePattern {
    pub source: String,
    /// Ruby's `Regexp#options` bits: 1 ignore case, 2 extended, 4
    /// multiline (`.` matches a newline).
    pub options: u32,
    pub parameters: Vec<String>,
}

/// The `title_patterns` a Ruby resource type declares, read from its
/// text: each `%r{...}` or `/.../` literal with the `[:parameter]` lists
/// after it. `None` when it declares none, or in a form pfacts does not
/// read (a procedure other than the identity on a group).
pub fn title_patterns(text: &str) -> Option<Vec<TitlePattern>> {
    let start = text.find("def self.title_patterns")?;
    let indent = text[..start].rsplit('\n').next().unwrap_or("");
    let body = &text[start..];
    let end = body
        .match_indices('\n')
        .map(|(at, _)| at + 1)
        .find(|&at| body[at..].starts_with(&format!("{indent}end")))
        .unwrap_or(body.len());
    let body = &body[..end];
    let identities = identity_procedures(body);
    let mut patterns: Vec<TitlePattern> = Vec::new();
    let bytes = body.as_bytes();
    let mut at = body.find('\n')?;
    let mut previous = b'\n';
    while at < bytes.len() {
        let c = bytes[at];
        if body[at..].starts_with("%r{") {
            let (source, next) = balanced_regexp(body, at + 3)?;
            let (options, next) = regexp_options(body, next);
            patterns.push(TitlePattern {
                source,
                options,
                parameters: Vec::new(),
            });
            at = next;
        } else if c == b'/' && matches!(previous, b'[' | b',' | b'(') {
            let (source, next) = slashed_regexp(body, at + 1)?;
            let (options, next) = regexp_options(body, next);
            patterns.push(TitlePattern {
                source,
                options,
                parameters: Vec::new(),
            });
            at = next;
        } else if c == b':' && previous == b'[' {
            let name = first_symbol(&body[at..])?;
            at += 1 + name.len();
            let rest = body[at..].trim_start();
            // `[:name, identity]`: only the identity is read.
            if let Some(procedure) = rest.strip_prefix(',') {
                let procedure: String = procedure
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !identities.contains(&procedure) {
                    return None;
                }
            }
            patterns.last_mut()?.parameters.push(name);
        } else {
            at += 1;
        }
        if !c.is_ascii_whitespace() {
            previous = c;
        }
    }
    (!patterns.is_empty()).then_some(patterns)
}

/// The names a `title_patterns` body gives the identity procedure
/// (`identity = lambda { |x| x }`).
fn identity_procedures(body: &str) -> Vec<String> {
    body.lines()
        .filter_map(|line| {
            let (name, value) = line.split_once('=')?;
            let value: String = value.chars().filter(|c| !c.is_whitespace()).collect();
            let argument = value
                .strip_prefix("lambda{|")
                .or_else(|| value.strip_prefix("proc{|"))
                .and_then(|rest| rest.split_once('|'))
                .map(|(argument, rest)| (argument.to_string(), rest.to_string()))
                .or_else(|| {
                    let (argument, rest) = value.strip_prefix("->(")?.split_once(')')?;
                    Some((argument.to_string(), rest.to_string()))
                })?;
            (argument.1 == format!("{}}}", argument.0)
                || argument.1 == format!("{{{}}}", argument.0))
            .then(|| name.trim().to_string())
        })
        .collect()
}

/// A `%r{...}` literal's source from `from` (after its brace), braces
/// nested, and where it ends.
fn balanced_regexp(text: &str, from: usize) -> Option<(String, usize)> {
    let mut depth = 0;
    let mut escaped = false;
    for (offset, c) in text[from..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' if depth == 0 => {
                return Some((text[from..from + offset].to_string(), from + offset + 1))
            }
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// A `/.../` literal's source from `from` (after its slash), and where it
/// ends.
fn slashed_regexp(text: &str, from: usize) -> Option<(String, usize)> {
    let mut escaped = false;
    for (offset, c) in text[from..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '/' => {
                return Some((
                    text[from..from + offset].replace("\\/", "/"),
                    from + offset + 1,
                ))
            }
            _ => {}
        }
    }
    None
}

/// A regexp literal's option letters from `from`, as `Regexp#options`.
fn regexp_options(text: &str, from: usize) -> (u32, usize) {
    let mut options = 0;
    let mut at = from;
    for c in text[from..].chars() {
        match c {
            'i' => options |= 1,
            'x' => options |= 2,
            'm' => options |= 4,
            'o' | 'u' | 'n' | 'e' | 's' => {}
            _ => break,
        }
        at += 1;
    }
    (options, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_title_patterns() {
        let shellvar = "class X\n  def self.title_patterns\n    identity = lambda { |x| x }\n    [\n      [\n        %r{^((\\S+)\\s+in\\s+(\\S+))$},\n        [\n          [ :name, identity ],\n          [:variable],\n          [:target],\n        ],\n      ],\n      [\n        /(.*)/m,\n        [[:name]]\n      ],\n    ]\n  end\n  newparam(:x)\n";
        let pattern = |source: &str, options, parameters: &[&str]| TitlePattern {
            source: source.to_string(),
            options,
            parameters: parameters.iter().map(|p| p.to_string()).collect(),
        };
        assert_eq!(
            title_patterns(shellvar).unwrap(),
            [
                pattern(
                    "^((\\S+)\\s+in\\s+(\\S+))$",
                    0,
                    &["name", "variable", "target"]
                ),
                pattern("(.*)", 4, &["name"]),
            ]
        );
        // A procedure that is not the identity: pfacts cannot tell.
        let upcase =
            "  def self.title_patterns\n    [[/(.*)/, [[:name, ->(x) { x.upcase }]]]]\n  end\n";
        assert_eq!(title_patterns(upcase), None);
        assert_eq!(title_patterns("newparam(:name)"), None);
    }

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
