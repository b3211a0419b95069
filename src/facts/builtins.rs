//! The resource types and functions built into Puppet 7, as listed by
//! `scripts/puppet-builtins.sh` from the installed Puppet, the types of
//! the modules its AIO agent package bundles (`cron`, `augeas`, `mount`,
//! ...: `scripts/puppet-type-parameters.rb`), and the facts of Facter 4,
//! listed by `scripts/facter-facts.sh`, with its legacy facts
//! (`scripts/facter-legacy-facts.rb`), and the functions stdlib 9 removed
//! (`scripts/stdlib9-removed-functions.rb`).

use super::intern::Interner;
use super::ruby::{TitlePattern, TypeNaming};
use super::schema::{
    FileId, Known, KnownKind, LegacyFact, StdlibDeprecated, StdlibRemoved, TypeParam,
};

const BUILTINS: &str = include_str!("../../data/puppet7-builtins.tsv");
const FACTS: &str = include_str!("../../data/facter4-facts.tsv");
const LEGACY_FACTS: &str = include_str!("../../data/facter4-legacy-facts.tsv");
const STDLIB_REMOVED: &str = include_str!("../../data/stdlib9-removed-functions.tsv");
const STDLIB_DEPRECATED: &str = include_str!("../../data/stdlib9-deprecated-functions.tsv");
const TYPE_PARAMETERS: &str = include_str!("../../data/puppet7-type-parameters.tsv");
/// The types that left Puppet's core for modules its AIO agent package
/// bundles in `vendor_modules` and puts on every environment's modulepath:
/// built in, to anyone running that package.
const VENDOR_TYPE_PARAMETERS: &str = include_str!("../../data/puppet7-vendor-type-parameters.tsv");

const TYPE_NAMEVARS: &str = include_str!("../../data/puppet7-type-namevars.tsv");
const SETTINGS: &str = include_str!("../../data/puppet7-settings.tsv");

/// The `$settings::` variables of a Puppet 7 server's compilations
/// (`scripts/puppet-settings.rb`), with their values.
pub fn settings() -> impl Iterator<Item = (&'static str, serde_json::Value)> {
    rows(SETTINGS).map(|(name, json)| {
        let value = serde_json::from_str(json).expect("data/puppet7-settings.tsv holds JSON");
        (name, value)
    })
}

/// How a built-in resource type (lower case) names its resources, as
/// Puppet gives it.
pub fn naming(type_name: &str) -> Option<&'static TypeNaming> {
    static NAMING: std::sync::LazyLock<std::collections::HashMap<&'static str, TypeNaming>> =
        std::sync::LazyLock::new(|| {
            TYPE_NAMEVARS
                .lines()
                .filter(|line| !line.starts_with('#'))
                .filter_map(|line| {
                    let mut columns = line.split('\t');
                    let name = columns.next()?;
                    let namevar = columns.next()?.to_string();
                    let title_patterns = match columns.next()? {
                        "-" => None,
                        json => {
                            let rows: Vec<(String, u32, Vec<String>)> =
                                serde_json::from_str(json).expect("data/puppet7-type-namevars.tsv");
                            Some(
                                rows.into_iter()
                                    .map(|(source, options, parameters)| TitlePattern {
                                        source,
                                        options,
                                        parameters,
                                    })
                                    .collect(),
                            )
                        }
                    };
                    Some((
                        name,
                        TypeNaming {
                            namevar,
                            title_patterns,
                        },
                    ))
                })
                .collect()
        });
    NAMING.get(type_name)
}

/// `(kind, name)` of every built-in resource type, function and fact; a
/// fact family's name has a `<placeholder>` (`ipaddress_<interface>`).
pub fn names() -> impl Iterator<Item = (KnownKind, &'static str)> {
    let listed = rows(BUILTINS).map(|(kind, name)| {
        let kind = KnownKind::from_name(kind).expect("data/builtins.tsv names known kinds");
        (kind, name)
    });
    let facts = FACTS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|name| (KnownKind::Fact, name));
    let mut vendor_types: Vec<&str> = rows(VENDOR_TYPE_PARAMETERS)
        .map(|(type_name, _)| type_name)
        .collect();
    vendor_types.dedup();
    let vendor_types = vendor_types
        .into_iter()
        .map(|type_name| (KnownKind::ResourceType, type_name));
    listed.chain(vendor_types).chain(facts)
}

/// Whether `name` is a resource type built into Puppet 7 (or bundled
/// with its agent).
pub fn is_resource_type(name: &str) -> bool {
    static TYPES: std::sync::LazyLock<std::collections::HashSet<&'static str>> =
        std::sync::LazyLock::new(|| {
            names()
                .filter(|&(kind, _)| kind == KnownKind::ResourceType)
                .map(|(_, name)| name)
                .collect()
        });
    TYPES.contains(name)
}

/// Whether `parameter` is an attribute of `type_name`, a type of Puppet's
/// own (as `Puppet::Type.validattr?` says: its properties and parameters,
/// the metaparameters, and `name`); `None` for a type that is not Puppet's.
pub fn accepts_parameter(type_name: &str, parameter: &str) -> Option<bool> {
    static PARAMETERS: std::sync::LazyLock<
        std::collections::HashMap<&'static str, std::collections::HashSet<&'static str>>,
    > = std::sync::LazyLock::new(|| {
        let mut parameters: std::collections::HashMap<_, std::collections::HashSet<_>> =
            std::collections::HashMap::new();
        for (type_name, parameter) in rows(TYPE_PARAMETERS) {
            parameters.entry(type_name).or_default().insert(parameter);
        }
        parameters
    });
    let accepted = PARAMETERS.get(type_name)?;
    Some(parameter == "name" || accepted.contains(parameter) || METAPARAMETERS.contains(&parameter))
}

/// The `key<TAB>value` rows of a data file, without its comments.
fn rows(data: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    data.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split_once('\t'))
}

/// The `known` rows of the built-ins (no module, file 0).
pub fn known(interner: &mut Interner) -> Vec<Known> {
    let module = interner.intern("");
    names()
        .map(|(kind, name)| Known {
            kind,
            name: interner.intern(name),
            module,
            file: FileId(0),
        })
        .collect()
}

/// The `legacy_fact` rows of Facter 4.
pub fn legacy_facts(interner: &mut Interner) -> Vec<LegacyFact> {
    LEGACY_FACTS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let mut columns = line.split('\t');
            let mut next = || interner.intern(columns.next().unwrap_or_default());
            LegacyFact {
                fact: next(),
                replacement: next(),
                conversion: next(),
            }
        })
        .collect()
}

/// The `stdlib_removed` rows.
pub fn stdlib_removed(interner: &mut Interner) -> Vec<StdlibRemoved> {
    rows(STDLIB_REMOVED)
        .map(|(function, note)| StdlibRemoved {
            function: interner.intern(function),
            note: interner.intern(note),
        })
        .collect()
}

/// The `stdlib_deprecated` rows.
pub fn stdlib_deprecated(interner: &mut Interner) -> Vec<StdlibDeprecated> {
    rows(STDLIB_DEPRECATED)
        .filter_map(|(function, rest)| {
            let (strict, note) = rest.split_once('\t')?;
            Some(StdlibDeprecated {
                function: interner.intern(function),
                strict: strict == "yes",
                note: interner.intern(note),
            })
        })
        .collect()
}

/// Whether `name` is a legacy fact of Facter 4 (`osfamily`,
/// `ipaddress_eth0`).
pub fn is_legacy_fact(name: &str) -> bool {
    LEGACY_FACTS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.split('\t').next())
        .any(|pattern| placeholder_match(pattern, name).is_some())
}

/// What `name` puts in the place of `pattern`'s placeholder, `""` when
/// the pattern has none and is the name; `None` when it does not match.
/// `<N>` stands for digits (`processor0`, not `processors`), any other
/// placeholder for a non-empty name (`ipaddress_<interface>`).
pub fn placeholder_match<'n>(pattern: &str, name: &'n str) -> Option<&'n str> {
    let Some((prefix, rest)) = pattern.split_once('<') else {
        return (pattern == name).then_some("");
    };
    let (placeholder, suffix) = rest.split_once('>')?;
    let middle = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
    let fits = if placeholder == "N" {
        middle.bytes().all(|byte| byte.is_ascii_digit())
    } else {
        middle
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
    };
    (!middle.is_empty() && fits).then_some(middle)
}

/// The facts a node may have, from the `known` rows of kind fact (Facter's
/// core facts, custom and external facts of the modules, and the
/// configuration's `known_facts`), Facter's legacy facts (`legacy_fact`:
/// `processor<N>`), with those Puppet adds to every
/// node's facts: looked up by name, exactly or by a family's prefix
/// (`processor<N>`, `ipaddress_<interface>`).
pub struct FactNames<'a> {
    exact: rustc_hash::FxHashSet<&'a str>,
    families: Vec<&'a str>,
}

/// What Puppet adds to the facts Facter gives (`puppetversion` by
/// `Puppet.initialize_facts`, `add_local_facts` of `Puppet::Node::Facts`,
/// the agent's environment, the server's timestamp).
const FACTS_PUPPET_ADDS: &[&str] = &[
    "puppetversion",
    "clientcert",
    "clientversion",
    "clientnoop",
    "agent_specified_environment",
    "_timestamp",
];

impl<'a> FactNames<'a> {
    pub fn new(known: &[Known], legacy: &[LegacyFact], interner: &'a Interner) -> FactNames<'a> {
        let mut names = FactNames {
            exact: FACTS_PUPPET_ADDS.iter().copied().collect(),
            families: Vec::new(),
        };
        let facts = known
            .iter()
            .filter(|row| row.kind == KnownKind::Fact)
            .map(|row| row.name)
            .chain(legacy.iter().map(|row| row.fact));
        for fact in facts {
            let name = interner.resolve(fact);
            match name.split_once('<') {
                Some((prefix, _)) => names.families.push(prefix),
                None => {
                    names.exact.insert(name);
                }
            }
        }
        names.families.sort_unstable();
        names.families.dedup();
        names
    }

    /// Whether `name` is a fact's name.
    pub fn contains(&self, name: &str) -> bool {
        self.exact.contains(name) || self.families.iter().any(|prefix| name.starts_with(prefix))
    }

    /// The known fact nearest to `name`, when one is close enough to be a
    /// misspelling of it (at most two edits, and fewer than a third of
    /// the name).
    pub fn nearest(&self, name: &str) -> Option<&'a str> {
        let length = name.chars().count();
        let most = (length / 3).clamp(1, 2);
        // An edit changes the length by at most one character, and a
        // character takes at most four bytes: names whose byte lengths
        // differ more are too far, without the costlier distance.
        let near = |known: &&&str| known.len().abs_diff(name.len()) <= 4 * most;
        self.exact
            .iter()
            .filter(near)
            .map(|&known| (strsim::damerau_levenshtein(name, known), known))
            .filter(|&(distance, _)| distance <= most)
            .min()
            .map(|(_, known)| known)
    }
}

/// The `type_param` rows of the built-in types (file 0).
pub fn type_parameters(interner: &mut Interner) -> Vec<TypeParam> {
    rows(TYPE_PARAMETERS)
        .chain(rows(VENDOR_TYPE_PARAMETERS))
        .map(|(type_name, param)| TypeParam {
            type_name: interner.intern(type_name),
            param: interner.intern(param),
            file: FileId(0),
        })
        .collect()
}

/// Puppet's metaparameters: attributes every resource type accepts, and
/// variables inside a define's body.
pub const METAPARAMETERS: &[&str] = &[
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
];

#[cfg(test)]
mod tests {
    use super::placeholder_match;

    #[test]
    fn placeholders_match_names_of_their_kind() {
        assert_eq!(placeholder_match("osfamily", "osfamily"), Some(""));
        assert_eq!(placeholder_match("osfamily", "os"), None);
        assert_eq!(
            placeholder_match("ipaddress_<interface>", "ipaddress_eth0"),
            Some("eth0")
        );
        assert_eq!(placeholder_match("processor<N>", "processor1"), Some("1"));
        assert_eq!(placeholder_match("processor<N>", "processors"), None);
        assert_eq!(placeholder_match("processor<N>", "processorcount"), None);
        assert_eq!(
            placeholder_match("ssh<algorithm>key", "sshrsakey"),
            Some("rsa")
        );
        assert_eq!(placeholder_match("ssh<algorithm>key", "sshkey"), None);
    }
}
