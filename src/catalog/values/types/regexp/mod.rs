//! `Regexp` values: a pattern as Puppet writes it (Ruby's syntax),
//! compiled once: by Rust's `regex` where it can (fast, no backtracking),
//! else by `fancy-regex`, which also reads Ruby's look-arounds,
//! back-references and atomic groups.

use std::fmt;
use std::rc::Rc;
use std::sync::OnceLock;

/// A regular expression: its source, compiled on first use.
#[derive(Clone)]
pub struct Regexp(Rc<Compiled>);

struct Compiled {
    source: String,
    engine: OnceLock<Result<Engine, String>>,
}

/// The engine that reads a pattern.
enum Engine {
    Linear(regex::Regex),
    Backtracking(fancy_regex::Regex),
}

/// Where a match is, and its groups (`None` for a group that did not take
/// part), as byte ranges of the text.
pub type Groups = Vec<Option<(usize, usize)>>;

impl Regexp {
    pub fn new(source: impl Into<String>) -> Regexp {
        Regexp(Rc::new(Compiled {
            source: source.into(),
            engine: OnceLock::new(),
        }))
    }

    /// The pattern as written, without its slashes.
    pub fn source(&self) -> &str {
        &self.0.source
    }

    fn engine(&self) -> Result<&Engine, &str> {
        self.0
            .engine
            .get_or_init(|| compile(&self.0.source))
            .as_ref()
            .map_err(String::as_str)
    }

    /// Whether the pattern can be read, or why not.
    pub fn check(&self) -> Result<(), &str> {
        self.engine().map(|_| ())
    }

    /// Whether `text` matches; a pattern that cannot be read matches
    /// nothing.
    pub fn is_match(&self, text: &str) -> bool {
        match self.engine() {
            Ok(Engine::Linear(regex)) => regex.is_match(text),
            Ok(Engine::Backtracking(regex)) => regex.is_match(text).unwrap_or(false),
            Err(_) => false,
        }
    }

    /// The first match at or after byte `start`: the whole match first,
    /// then each group.
    pub fn captures_at(&self, text: &str, start: usize) -> Option<Groups> {
        match self.engine().ok()? {
            Engine::Linear(regex) => {
                let captures = regex.captures_at(text, start)?;
                Some(
                    captures
                        .iter()
                        .map(|group| group.map(|g| (g.start(), g.end())))
                        .collect(),
                )
            }
            Engine::Backtracking(regex) => {
                let captures = regex.captures_from_pos(text, start).ok()??;
                Some(
                    captures
                        .iter()
                        .map(|group| group.map(|g| (g.start(), g.end())))
                        .collect(),
                )
            }
        }
    }

    /// The index of the group named `name` (`(?<name>...)`), if any.
    pub fn group_index(&self, name: &str) -> Option<usize> {
        match self.engine().ok()? {
            Engine::Linear(regex) => regex.capture_names().position(|n| n == Some(name)),
            Engine::Backtracking(regex) => regex.capture_names().position(|n| n == Some(name)),
        }
    }

    /// The first match's groups as text, the whole match first.
    pub fn captures(&self, text: &str) -> Option<Vec<Option<String>>> {
        let groups = self.captures_at(text, 0)?;
        Some(
            groups
                .into_iter()
                .map(|group| group.map(|(start, end)| text[start..end].to_string()))
                .collect(),
        )
    }

    /// Every match, left to right, as group ranges.
    pub fn all_captures(&self, text: &str) -> Vec<Groups> {
        let mut found = Vec::new();
        let mut at = 0;
        while at <= text.len() {
            let Some(groups) = self.captures_at(text, at) else {
                break;
            };
            let Some((start, end)) = groups[0] else {
                break;
            };
            at = if end == start {
                // An empty match: step over one character.
                end + text[end..].chars().next().map_or(1, char::len_utf8)
            } else {
                end
            };
            found.push(groups);
        }
        found
    }

    /// Puppet's form with delimiters: `/a\/b/`.
    pub fn with_delimiters(&self) -> String {
        let mut text = String::with_capacity(self.0.source.len() + 2);
        text.push('/');
        let mut escaped = false;
        for c in self.0.source.chars() {
            if c == '/' && !escaped {
                text.push('\\');
            }
            escaped = c == '\\' && !escaped;
            text.push(c);
        }
        text.push('/');
        text
    }
}

/// Ruby's syntax read by the engines: `\A`, `\z` and `\Z` as anchors,
/// `(?<name>...)` groups, octal escapes; `\h` (a hex digit) rewritten.
fn compile(source: &str) -> Result<Engine, String> {
    let translated = source.replace("\\h", "[0-9a-fA-F]").replace("\\Z", "\\z");
    // `\1` is a back-reference to Ruby (an octal escape to `regex`).
    if has_back_reference(&translated) {
        return fancy_regex::Regex::new(&translated)
            .map(Engine::Backtracking)
            .map_err(|error| error.to_string());
    }
    match regex::RegexBuilder::new(&translated).octal(true).build() {
        Ok(regex) => Ok(Engine::Linear(regex)),
        Err(linear) => fancy_regex::Regex::new(&translated)
            .map(Engine::Backtracking)
            .map_err(|_| linear.to_string()),
    }
}

/// Whether `source` holds `\1` ... `\9` outside an escaped backslash.
fn has_back_reference(source: &str) -> bool {
    let mut escaped = false;
    for c in source.chars() {
        if escaped && c.is_ascii_digit() && c != '0' {
            return true;
        }
        escaped = c == '\\' && !escaped;
    }
    false
}

impl PartialEq for Regexp {
    fn eq(&self, other: &Regexp) -> bool {
        self.0.source == other.0.source
    }
}

impl fmt::Debug for Regexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.with_delimiters())
    }
}

#[cfg(test)]
mod tests {
    use super::Regexp;

    #[test]
    fn ruby_patterns_are_read() {
        // stdlib's compat IPv4 pattern looks ahead.
        let ipv4 = Regexp::new(r"^(([0-9](?!\d)|[1-9][0-9](?!\d))[.]){3}[0-9]+$");
        assert!(ipv4.is_match("10.1.2.3"));
        assert!(!ipv4.is_match("10.1.2"));
        assert!(Regexp::new(r"\A\h+\z").is_match("c0ffee"));
        assert!(Regexp::new(r"(\w)\1").is_match("aa"));
        let words = Regexp::new(r"(\w+)");
        assert_eq!(words.all_captures("ab cd").len(), 2);
        assert_eq!(
            words.captures("  ab"),
            Some(vec![Some("ab".to_string()), Some("ab".to_string())])
        );
        assert!(Regexp::new("(").check().is_err());
    }
}
