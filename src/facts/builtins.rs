//! The resource types and functions built into Puppet 7, as listed by
//! `scripts/puppet-builtins.sh` from the installed Puppet, the types of
//! the modules its AIO agent package bundles (`cron`, `augeas`, `mount`,
//! ...: `scripts/puppet-type-parameters.rb`), and the facts of Facter 4,
//! listed by `scripts/facter-facts.sh`.

use super::intern::Interner;
use super::ruby::{TitlePattern, TypeNaming};
use super::schema::{FileId, Known, KnownKind, TypeParam};

const BUILTINS: &str = include_str!("../../data/puppet7-builtins.tsv");
const FACTS: &str = include_str!("../../data/facter4-facts.tsv");
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
