//! Semantic versions (`SemVer('1.2.3-rc.1+b5')`), as Puppet's
//! `SemanticPuppet::Version`: ordered by major, minor, patch and
//! pre-release (a version with one comes first), equal only when the
//! build is the same too. Their ranges (`SemVerRange('>=1.0 <2.0')`) are
//! in `range`.

pub mod range;

use std::cmp::Ordering;
use std::fmt;
use std::sync::LazyLock;

/// A pre-release or build given apart, as a type (Puppet's
/// `SemVerQualifier`).
macro_rules! qualifier_type {
    () => {
        r"Pattern[/\A[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*\z/]"
    };
}

/// The parameter types of `SemVer.new`'s dispatches, as Puppet declares
/// them.
pub const QUALIFIER_TYPE: &str = qualifier_type!();
pub const NATURAL_TYPE: &str = "Integer[0, default]";
pub const PATTERN_TYPE: &str = r"Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\n?\z/]";
pub const HASH_TYPE: &str = concat!(
    "Struct[{'major' => Integer[0, default], 'minor' => Integer[0, default], ",
    "'patch' => Integer[0, default], Optional['prerelease'] => ",
    qualifier_type!(),
    ", Optional['build'] => ",
    qualifier_type!(),
    "}]"
);

/// One part of a pre-release: numbers order below words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identifier {
    Number(u64),
    Word(String),
}

impl fmt::Display for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Identifier::Number(n) => write!(f, "{n}"),
            Identifier::Word(word) => f.write_str(word),
        }
    }
}

/// A version. `major` `u64::MAX` stands for Ruby's infinite major of
/// `Version::MAX`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    /// `Some(empty)` only for `Version::MIN`, which orders below 0.0.0.
    pub prerelease: Option<Vec<Identifier>>,
    pub build: Option<Vec<String>>,
}

static FULL: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(
        r"\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\n?\z",
    )
    .expect("the version pattern compiles")
});

impl Version {
    pub const MIN: Version = Version {
        major: 0,
        minor: 0,
        patch: 0,
        prerelease: Some(Vec::new()),
        build: None,
    };

    pub const MAX: Version = Version {
        major: u64::MAX,
        minor: 0,
        patch: 0,
        prerelease: None,
        build: None,
    };

    pub fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
            prerelease: None,
            build: None,
        }
    }

    /// `Version.parse`: the version `text` states, or Puppet's words.
    pub fn parse(text: &str) -> Result<Version, String> {
        let unable = || format!("Unable to parse '{text}' as a semantic version identifier");
        let found = FULL.captures(text).ok_or_else(unable)?;
        let number = |index: usize| found[index].parse::<u64>().map_err(|_| unable());
        Ok(Version {
            major: number(1)?,
            minor: number(2)?,
            patch: number(3)?,
            prerelease: found
                .get(4)
                .map(|m| parse_prerelease(m.as_str()))
                .transpose()?,
            build: found.get(5).map(|m| parse_build(m.as_str())),
        })
    }

    /// A pre-release identifier is stable when it has none.
    pub fn is_stable(&self) -> bool {
        self.prerelease.as_ref().is_none_or(Vec::is_empty)
    }

    /// The next patch version (`Version#next(:patch)`).
    pub fn next_patch(&self) -> Version {
        Version::new(self.major, self.minor, self.patch + 1)
    }

    /// Puppet's `<=>`: the build does not count.
    pub fn precedence(&self, other: &Version) -> Ordering {
        self.major
            .cmp(&other.major)
            .then(self.minor.cmp(&other.minor))
            .then(self.patch.cmp(&other.patch))
            .then_with(|| compare_prerelease(&self.prerelease, &other.prerelease))
    }

    /// Its major, minor and patch alone.
    pub fn same_release(&self, other: &Version) -> bool {
        (self.major, self.minor, self.patch) == (other.major, other.minor, other.patch)
    }
}

/// The identifiers of a pre-release (`rc.1`), numbers without leading
/// zeroes.
pub fn parse_prerelease(text: &str) -> Result<Vec<Identifier>, String> {
    text.split('.')
        .map(|part| {
            if part.bytes().all(|b| b.is_ascii_digit()) {
                if part.len() > 1 && part.starts_with('0') {
                    return Err(
                        "Numeric pre-release identifiers MUST NOT contain leading zeroes"
                            .to_string(),
                    );
                }
                Ok(Identifier::Number(part.parse().unwrap_or(u64::MAX)))
            } else {
                Ok(Identifier::Word(part.to_string()))
            }
        })
        .collect()
}

pub fn parse_build(text: &str) -> Vec<String> {
    text.split('.').map(str::to_string).collect()
}

fn compare_prerelease(mine: &Option<Vec<Identifier>>, yours: &Option<Vec<Identifier>>) -> Ordering {
    match (mine, yours) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
        (Some(mine), Some(yours)) => {
            for (index, x) in mine.iter().enumerate() {
                let Some(y) = yours.get(index) else {
                    return Ordering::Greater;
                };
                let order = match (x, y) {
                    (Identifier::Number(x), Identifier::Number(y)) => x.cmp(y),
                    (Identifier::Number(_), Identifier::Word(_)) => Ordering::Less,
                    (Identifier::Word(_), Identifier::Number(_)) => Ordering::Greater,
                    (Identifier::Word(x), Identifier::Word(y)) => x.cmp(y),
                };
                if order != Ordering::Equal {
                    return order;
                }
            }
            mine.len().cmp(&yours.len())
        }
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.major == u64::MAX {
            f.write_str("Infinity")?;
        } else {
            write!(f, "{}", self.major)?;
        }
        write!(f, ".{}.{}", self.minor, self.patch)?;
        if let Some(prerelease) = &self.prerelease {
            // Ruby writes the dash even for `MIN`'s empty pre-release.
            f.write_str("-")?;
            let parts: Vec<String> = prerelease.iter().map(Identifier::to_string).collect();
            f.write_str(&parts.join("."))?;
        }
        if let Some(build) = &self.build {
            write!(f, "+{}", build.join("."))?;
        }
        Ok(())
    }
}
