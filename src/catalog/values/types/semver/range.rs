//! Ranges of semantic versions (`SemVerRange('>=1.0.0 <2.0.0 || 3.x')`),
//! as Puppet's `SemanticPuppet::VersionRange`: npm's syntax (`~`, `^`,
//! `x`, hyphens, `||`), ranges merged where they touch, and a
//! pre-release included only by a bound of the same release.

use std::cmp::Ordering;
use std::fmt;
use std::sync::LazyLock;

use super::{parse_build, parse_prerelease, Version};

/// One range: a comparison with a version, or the two ends of one.
#[derive(Clone, Debug, PartialEq)]
pub enum Bound {
    All,
    Greater(Version),
    AtLeast(Version),
    Less(Version),
    AtMost(Version),
    Exactly(Version),
    /// A lower and an upper comparison.
    Between(Box<Bound>, Box<Bound>),
}

impl Bound {
    fn lowest(&self) -> Version {
        match self {
            Bound::Greater(v) | Bound::AtLeast(v) | Bound::Exactly(v) => v.clone(),
            Bound::Between(min, _) => min.lowest(),
            _ => Version::MIN,
        }
    }

    fn highest(&self) -> Version {
        match self {
            Bound::Less(v) | Bound::AtMost(v) | Bound::Exactly(v) => v.clone(),
            Bound::Between(_, max) => max.highest(),
            _ => Version::MAX,
        }
    }

    fn excludes_lowest(&self) -> bool {
        match self {
            Bound::Greater(_) => true,
            Bound::Between(min, _) => min.excludes_lowest(),
            _ => false,
        }
    }

    fn excludes_highest(&self) -> bool {
        match self {
            Bound::Less(_) => true,
            Bound::Between(_, max) => max.excludes_highest(),
            _ => false,
        }
    }

    fn has_lower_bound(&self) -> bool {
        match self {
            Bound::Greater(_) => true,
            Bound::AtLeast(v) | Bound::Exactly(v) => *v != Version::MIN,
            Bound::Between(min, _) => min.has_lower_bound(),
            _ => false,
        }
    }

    fn has_upper_bound(&self) -> bool {
        match self {
            Bound::Less(_) => true,
            Bound::AtMost(v) | Bound::Exactly(v) => *v != Version::MAX,
            Bound::Between(_, max) => max.has_upper_bound(),
            _ => false,
        }
    }

    fn includes(&self, version: &Version) -> bool {
        match self {
            Bound::All => true,
            Bound::Greater(v) => version.precedence(v).is_gt(),
            Bound::AtLeast(v) => version.precedence(v).is_ge(),
            Bound::Less(v) => version.precedence(v).is_lt(),
            Bound::AtMost(v) => version.precedence(v).is_le(),
            Bound::Exactly(v) => version == v,
            Bound::Between(min, max) => min.includes(version) && max.includes(version),
        }
    }

    /// Whether a pre-release of `version` may be included: only by a
    /// bound that is a pre-release of the same release.
    fn admits_prerelease(&self, version: &Version) -> bool {
        match self {
            Bound::All => true,
            Bound::Greater(v)
            | Bound::AtLeast(v)
            | Bound::Less(v)
            | Bound::AtMost(v)
            | Bound::Exactly(v) => !v.is_stable() && v.same_release(version),
            Bound::Between(min, max) => {
                min.admits_prerelease(version) || max.admits_prerelease(version)
            }
        }
    }

    /// Both ranges' common part (`AbstractRange#intersection`); `None`
    /// when they are apart.
    fn intersection(&self, other: &Bound) -> Option<Bound> {
        if *self == Bound::All {
            return Some(other.clone());
        }
        match self.lowest().precedence(&other.highest()) {
            Ordering::Greater => return None,
            Ordering::Equal => {
                return (!self.excludes_lowest() && !other.excludes_highest())
                    .then(|| Bound::Exactly(self.lowest()))
            }
            Ordering::Less => {}
        }
        match other.lowest().precedence(&self.highest()) {
            Ordering::Greater => return None,
            Ordering::Equal => {
                return (!other.excludes_lowest() && !self.excludes_highest())
                    .then(|| Bound::Exactly(other.lowest()))
            }
            Ordering::Less => {}
        }
        let min = match self.lowest().precedence(&other.lowest()) {
            Ordering::Less => other,
            Ordering::Greater => self,
            Ordering::Equal if self.excludes_lowest() => self,
            Ordering::Equal => other,
        };
        let max = match self.highest().precedence(&other.highest()) {
            Ordering::Greater => other,
            Ordering::Less => self,
            Ordering::Equal if self.excludes_highest() => self,
            Ordering::Equal => other,
        };
        Some(if !max.has_upper_bound() {
            min.clone()
        } else if !min.has_lower_bound() {
            max.clone()
        } else {
            between(min, max)
        })
    }

    /// One range covering both where they overlap or touch
    /// (`AbstractRange#merge`).
    fn merge(&self, other: &Bound) -> Option<Bound> {
        if *self == Bound::All {
            return Some(Bound::All);
        }
        let from_to = |a: &Bound, b: &Bound| {
            create(
                lower(a.lowest(), a.excludes_lowest()),
                upper(b.highest(), b.excludes_highest()),
            )
        };
        if self.includes(&other.lowest()) || other.includes(&self.lowest()) {
            let (min, exclude_min) = match self.lowest().precedence(&other.lowest()) {
                Ordering::Less => (self.lowest(), self.excludes_lowest()),
                Ordering::Greater => (other.lowest(), other.excludes_lowest()),
                Ordering::Equal => (
                    self.lowest(),
                    self.excludes_lowest() && other.excludes_lowest(),
                ),
            };
            let (max, exclude_max) = match self.highest().precedence(&other.highest()) {
                Ordering::Greater => (self.highest(), self.excludes_highest()),
                Ordering::Less => (other.highest(), other.excludes_highest()),
                Ordering::Equal => (
                    self.highest(),
                    self.excludes_highest() && other.excludes_highest(),
                ),
            };
            create(lower(min, exclude_min), upper(max, exclude_max))
        } else if self.excludes_highest()
            && !other.excludes_lowest()
            && self.highest() == other.lowest()
        {
            from_to(self, other)
        } else if other.excludes_highest()
            && !self.excludes_lowest()
            && other.highest() == self.lowest()
        {
            from_to(other, self)
        } else if !self.excludes_highest()
            && !other.excludes_lowest()
            && self.highest().next_patch() == other.lowest()
        {
            from_to(self, other)
        } else if !other.excludes_highest()
            && !self.excludes_lowest()
            && other.highest().next_patch() == self.lowest()
        {
            from_to(other, self)
        } else {
            None
        }
    }
}

fn lower(version: Version, exclusive: bool) -> Bound {
    if exclusive {
        Bound::Greater(version)
    } else {
        Bound::AtLeast(version)
    }
}

fn upper(version: Version, exclusive: bool) -> Bound {
    if exclusive {
        Bound::Less(version)
    } else {
        Bound::AtMost(version)
    }
}

/// `MinMaxRange.new`: the lower end of `min` and the upper end of `max`.
fn between(min: &Bound, max: &Bound) -> Bound {
    let min = match min {
        Bound::Between(min, _) => (**min).clone(),
        other => other.clone(),
    };
    let max = match max {
        Bound::Between(_, max) => (**max).clone(),
        other => other.clone(),
    };
    Bound::Between(Box::new(min), Box::new(max))
}

/// `MinMaxRange.create`: the intersection of two ranges.
fn create(a: Bound, b: Bound) -> Option<Bound> {
    a.intersection(&b)
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::All => f.write_str("*"),
            Bound::Greater(v) => write!(f, ">{v}"),
            Bound::AtLeast(v) => write!(f, ">={v}"),
            // Ruby's `MATCH_NOTHING`.
            Bound::Less(v) if *v == Version::MIN => f.write_str("<0.0.0"),
            Bound::Less(v) => write!(f, "<{v}"),
            Bound::AtMost(v) => write!(f, "<={v}"),
            Bound::Exactly(v) => write!(f, "{v}"),
            Bound::Between(min, max) => write!(f, "{min} {max}"),
        }
    }
}

/// A set of ranges and the text it was made from.
#[derive(Clone, Debug)]
pub struct VersionRange {
    pub ranges: Vec<Bound>,
    text: String,
}

impl PartialEq for VersionRange {
    /// Ruby's `eql?`: the ranges, not the text.
    fn eq(&self, other: &VersionRange) -> bool {
        self.ranges == other.ranges
    }
}

const PARTIAL: &str = r"(?:x|X|\*|0|[1-9][0-9]*)(?:\.(?:x|X|\*|0|[1-9][0-9]*)(?:\.(?:x|X|\*|0|[1-9][0-9]*)(?:-(?:[0-9A-Za-z-]+)(?:\.(?:[0-9A-Za-z-]+))*)?(?:\+(?:[0-9A-Za-z-]+)(?:\.(?:[0-9A-Za-z-]+))*)?)?)?";

static SIMPLE: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(&format!(r"\A([<>=~^]|<=|>=|~>|~=)?({PARTIAL})\z")).expect("compiles")
});
static HYPHEN: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(&format!(r"\A({PARTIAL})\s+-\s+({PARTIAL})\z")).expect("compiles")
});
static PARTS: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"\A(x|X|\*|0|[1-9][0-9]*)(?:\.(x|X|\*|0|[1-9][0-9]*)(?:\.(x|X|\*|0|[1-9][0-9]*)(?:-((?:[0-9A-Za-z-]+)(?:\.(?:[0-9A-Za-z-]+))*))?(?:\+((?:[0-9A-Za-z-]+)(?:\.(?:[0-9A-Za-z-]+))*))?)?)?\z")
        .expect("compiles")
});
static OPERATOR_SPACE: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r"([><=~^])(?:\s+|\s*v)").expect("compiles"));
static OR: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r"\s*\|\|\s*").expect("compiles"));

/// A partial version's numbers (`None` for `x` or missing), pre-release
/// and build.
struct Partial {
    numbers: [Option<u64>; 3],
    prerelease: Option<String>,
    build: Option<String>,
}

impl Partial {
    fn parse(text: &str) -> Result<Partial, String> {
        let found = PARTS
            .captures(text)
            .ok_or_else(|| format!("Unparsable version range: \"{text}\""))?;
        let digit = |index: usize| {
            found
                .get(index)
                .filter(|m| !matches!(m.as_str(), "x" | "X" | "*"))
                .and_then(|m| m.as_str().parse().ok())
        };
        Ok(Partial {
            numbers: [digit(1), digit(2), digit(3)],
            prerelease: found.get(4).map(|m| m.as_str().to_string()),
            build: found.get(5).map(|m| m.as_str().to_string()),
        })
    }

    fn version(&self, major: u64, minor: u64, patch: u64) -> Result<Version, String> {
        Ok(Version {
            major,
            minor,
            patch,
            prerelease: self
                .prerelease
                .as_deref()
                .map(parse_prerelease)
                .transpose()?,
            build: self.build.as_deref().map(parse_build),
        })
    }

    /// `parse_version`: missing numbers are 0.
    fn filled(&self) -> Result<Version, String> {
        let [major, minor, patch] = self.numbers;
        self.version(major.unwrap_or(0), minor.unwrap_or(0), patch.unwrap_or(0))
    }
}

fn from_to(min: Version, max: Version) -> Bound {
    Bound::Between(Box::new(Bound::AtLeast(min)), Box::new(Bound::Less(max)))
}

/// `allow_patch_updates`: `~1.2` is `>=1.2.0 <1.3.0`; without `tilde`,
/// a whole version is exactly that version.
fn patch_updates(partial: &Partial, tilde: bool) -> Result<Bound, String> {
    let Some(major) = partial.numbers[0] else {
        return Ok(Bound::All);
    };
    let Some(minor) = partial.numbers[1] else {
        return Ok(from_to(
            Version::new(major, 0, 0),
            Version::new(major + 1, 0, 0),
        ));
    };
    let Some(patch) = partial.numbers[2] else {
        return Ok(from_to(
            Version::new(major, minor, 0),
            Version::new(major, minor + 1, 0),
        ));
    };
    let version = partial.version(major, minor, patch)?;
    if !tilde {
        return Ok(Bound::Exactly(version));
    }
    Ok(from_to(version, Version::new(major, minor + 1, 0)))
}

/// `allow_minor_updates`: `^1.2.3` is `>=1.2.3 <2.0.0`.
fn minor_updates(partial: &Partial) -> Result<Bound, String> {
    let Some(major) = partial.numbers[0] else {
        return Ok(Bound::All);
    };
    let next = Version::new(major + 1, 0, 0);
    Ok(match (partial.numbers[1], partial.numbers[2]) {
        (Some(minor), None) => from_to(Version::new(major, minor, 0), next),
        (Some(minor), Some(patch)) => from_to(partial.version(major, minor, patch)?, next),
        (None, _) => from_to(Version::new(major, 0, 0), next),
    })
}

fn simple(operator: Option<&str>, partial: &Partial) -> Result<Bound, String> {
    let [major, minor, patch] = partial.numbers;
    Ok(match operator {
        Some("~" | "~>" | "~=") => patch_updates(partial, true)?,
        Some("^") if major == Some(0) => patch_updates(partial, true)?,
        Some("^") => minor_updates(partial)?,
        Some(">") => match (major, minor, patch) {
            (None, ..) => Bound::Less(Version::MIN),
            (Some(major), None, _) => Bound::AtLeast(Version::new(major + 1, 0, 0)),
            (Some(major), Some(minor), None) => Bound::AtLeast(Version::new(major, minor + 1, 0)),
            (Some(major), Some(minor), Some(patch)) => {
                Bound::Greater(partial.version(major, minor, patch)?)
            }
        },
        Some(">=") => Bound::AtLeast(partial.filled()?),
        Some("<") => Bound::Less(partial.filled()?),
        Some("<=") => match (major, minor, patch) {
            (None, ..) => Bound::All,
            (Some(major), None, _) => Bound::Less(Version::new(major + 1, 0, 0)),
            (Some(major), Some(minor), None) => Bound::Less(Version::new(major, minor + 1, 0)),
            (Some(major), Some(minor), Some(patch)) => {
                Bound::AtMost(partial.version(major, minor, patch)?)
            }
        },
        _ => patch_updates(partial, false)?,
    })
}

impl VersionRange {
    /// `VersionRange.parse`, or Puppet's words.
    pub fn parse(text: &str) -> Result<VersionRange, String> {
        let unparsable = || format!("Unparsable version range: \"{text}\"");
        let set = OPERATOR_SPACE.replace_all(text, "$1");
        let mut alternatives: Vec<&str> = OR.split(&set).collect();
        while alternatives.last() == Some(&"") {
            alternatives.pop();
        }
        if alternatives.is_empty() {
            return Ok(VersionRange {
                ranges: vec![Bound::All],
                text: "*".to_string(),
            });
        }
        let mut ranges: Vec<Option<Bound>> = Vec::new();
        for alternative in alternatives {
            let range = if let Some(found) = HYPHEN.captures(alternative) {
                create(
                    Bound::AtLeast(Partial::parse(&found[1])?.filled()?),
                    Bound::AtMost(Partial::parse(&found[2])?.filled()?),
                )
            } else {
                let pieces: Vec<&str> = alternative.split(char::is_whitespace).collect();
                let mut simples = Vec::new();
                for (index, piece) in pieces.iter().enumerate() {
                    // Ruby's `split` drops empty pieces at the end only.
                    if piece.is_empty() && index > 0 {
                        continue;
                    }
                    let found = SIMPLE.captures(piece).ok_or_else(unparsable)?;
                    let partial = Partial::parse(&found[2])?;
                    simples.push(simple(found.get(1).map(|m| m.as_str()), &partial)?);
                }
                let mut simples = simples.into_iter();
                let first = simples.next().ok_or_else(unparsable)?;
                simples.try_fold(first, |memo, next| memo.intersection(&next))
            };
            if !ranges.contains(&range) {
                ranges.push(range);
            }
        }
        Ok(VersionRange::of(
            ranges.into_iter().flatten().collect(),
            Some(text.to_string()),
        ))
    }

    /// `VersionRange.new(min, max, exclude_end)`, with the text Ruby
    /// gives it (which names the ends the other way around).
    pub fn between(min: Version, max: Version, exclude_end: bool) -> VersionRange {
        let text = if exclude_end {
            format!(">={max} <{min}")
        } else {
            format!("{max} - {min}")
        };
        let range = create(Bound::AtLeast(min), upper(max, exclude_end));
        VersionRange::of(range.into_iter().collect(), Some(text))
    }

    /// `VersionRange.new(ranges, text)`: ranges merged where they touch.
    fn of(mut ranges: Vec<Bound>, text: Option<String>) -> VersionRange {
        let mut merged = true;
        while ranges.len() > 1 && merged {
            merged = false;
            let mut result = Vec::new();
            while let Some(mut memo) = ranges.pop() {
                let mut unmerged = Vec::new();
                for other in ranges.drain(..) {
                    match memo.merge(&other) {
                        Some(both) => {
                            merged = true;
                            memo = both;
                        }
                        None => unmerged.push(other),
                    }
                }
                result.push(memo);
                ranges = unmerged;
            }
            result.reverse();
            ranges = result;
        }
        if ranges.is_empty() {
            ranges.push(Bound::Less(Version::MIN));
        }
        let text = text.unwrap_or_else(|| joined(&ranges));
        VersionRange { ranges, text }
    }

    /// Whether `version` is in the range.
    pub fn includes(&self, version: &Version) -> bool {
        self.ranges.iter().any(|range| {
            range.includes(version) && (version.is_stable() || range.admits_prerelease(version))
        })
    }

    /// The text it was made from.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Ruby's `inspect`: the ranges joined by `||`.
    pub fn inspect(&self) -> String {
        joined(&self.ranges)
    }

    fn single(&self) -> Option<&Bound> {
        match self.ranges.as_slice() {
            [range] => Some(range),
            _ => None,
        }
    }

    /// `PSemVerRangeType.covered_by?(self, other)`: every version of this
    /// range is in `other` (by their ends).
    pub fn is_covered_by(&self, other: &VersionRange) -> bool {
        let (Some(a), Some(b)) = (self.single(), other.single()) else {
            return false;
        };
        b.lowest().precedence(&a.lowest()).is_le()
            && (b.highest().precedence(&a.highest()).is_gt()
                || b.highest() == a.highest() && (!b.excludes_highest() || a.excludes_highest()))
    }

    /// `PSemVerRangeType.merge`: one range for both, where they overlap
    /// or touch.
    pub fn merge(&self, other: &VersionRange) -> Option<VersionRange> {
        let (a, b) = (self.single()?, other.single()?);
        if self.includes(&b.lowest()) || other.includes(&a.lowest()) {
            let max = if a.highest().precedence(&b.highest()).is_ge() {
                a.highest()
            } else {
                b.highest()
            };
            let exclude_end = if a.excludes_highest() {
                max == a.highest() && (max.precedence(&b.highest()).is_gt() || b.excludes_highest())
            } else if b.excludes_highest() {
                max == b.highest() && (max.precedence(&a.highest()).is_gt() || a.excludes_highest())
            } else {
                false
            };
            let min = if a.lowest().precedence(&b.lowest()).is_le() {
                a.lowest()
            } else {
                b.lowest()
            };
            Some(VersionRange::between(min, max, exclude_end))
        } else if a.excludes_highest() && a.highest() == b.lowest() {
            Some(VersionRange::between(
                a.lowest(),
                b.highest(),
                b.excludes_highest(),
            ))
        } else if b.excludes_highest() && b.highest() == a.lowest() {
            Some(VersionRange::between(
                b.lowest(),
                a.highest(),
                a.excludes_highest(),
            ))
        } else {
            None
        }
    }
}

fn joined(ranges: &[Bound]) -> String {
    ranges
        .iter()
        .map(Bound::to_string)
        .collect::<Vec<_>>()
        .join(" || ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruby's `SemanticPuppet::VersionRange.parse(text).inspect`
    /// (semantic_puppet 1.0.4).
    #[test]
    fn ranges_are_rubys() {
        for (text, inspected) in [
            ("~1.2", ">=1.2.0 <1.3.0"),
            ("^0.2.3", ">=0.2.3 <0.3.0"),
            (
                "1.x || >=2.5.0 || 5.0.0 - 7.2.3",
                ">=1.0.0 <2.0.0 || >=2.5.0",
            ),
            (">1.2", ">=1.3.0"),
            ("<=1.2", "<1.3.0"),
            ("1.2.3 - 2.3", ">=1.2.3 <=2.3.0"),
            (">=1.0.0 <2.0.0", ">=1.0.0 <2.0.0"),
            ("*", "*"),
            ("", "*"),
            (">= 1.0.0", ">=1.0.0"),
        ] {
            let range = VersionRange::parse(text).expect("parses");
            assert_eq!(range.inspect(), inspected, "{text}");
        }
    }

    /// Ruby: `VersionRange.new(Version.parse('1.0.0'),
    /// Version.parse('2.0.0'), true).to_s`, and `Version::MIN.to_s`.
    #[test]
    fn texts_are_rubys() {
        let range = VersionRange::between(Version::new(1, 0, 0), Version::new(2, 0, 0), true);
        assert_eq!(range.text(), ">=2.0.0 <1.0.0");
        assert_eq!(Version::MIN.to_string(), "0.0.0-");
    }
}
