//! The findings of `pfacts check`, written in the format a reader wants:
//! text for people, JSON for scripts, SARIF for code-scanning views,
//! GitHub workflow commands and GitLab Code Quality for CI.

mod github;
mod gitlab;
mod json;
mod sarif;
mod text;

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Location};
use crate::suppression::Silenced;

/// An output format of `pfacts check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Each finding with its source line, for people.
    Text,
    /// An array of findings.
    Json,
    /// SARIF 2.1.0, for code-scanning views (GitHub, Azure DevOps, IDEs).
    Sarif,
    /// GitHub Actions workflow commands: annotations on the changed lines.
    Github,
    /// GitLab Code Quality report.
    Gitlab,
}

/// What a report shows.
pub struct Report<'a> {
    pub findings: &'a [Finding],
    /// Shown only where asked for (`--show-suppressed`); empty otherwise.
    pub silenced: &'a [Silenced],
    /// The directory that SARIF, GitHub and GitLab paths are relative to
    /// (the configuration's, else the current one); text shows paths as
    /// they were found.
    pub root: &'a Path,
    /// Colour, for text on a terminal.
    pub color: bool,
}

/// A finding and its fingerprint.
#[derive(Clone, Debug)]
pub struct Finding {
    pub diagnostic: Diagnostic,
    /// Stable across unrelated edits; see [`crate::baseline`].
    pub fingerprint: String,
}

/// Writes `report` in `format`; text shows excerpts of the `sources`.
pub fn write(
    format: Format,
    out: &mut dyn Write,
    report: &Report,
    sources: &mut Sources,
) -> io::Result<()> {
    match format {
        Format::Text => text::write(out, report, sources),
        Format::Json => json::write(out, report),
        Format::Sarif => sarif::write(out, report),
        Format::Github => github::write(out, report),
        Format::Gitlab => gitlab::write(out, report),
    }
}

/// `path` relative to `root` with `/` separators, or as given when it is
/// not below `root`.
pub fn relative(root: &Path, path: &Path) -> String {
    let below = std::path::absolute(root).ok().and_then(|root| {
        let path = std::path::absolute(path).ok()?;
        Some(path.strip_prefix(root).ok()?.to_path_buf())
    });
    match below {
        Some(below) => below
            .components()
            .map(|part| part.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/"),
        None => path.to_string_lossy().replace('\\', "/"),
    }
}

/// The analyzed files' texts, each read once, for excerpts and
/// fingerprints.
#[derive(Default)]
pub struct Sources {
    texts: HashMap<PathBuf, Option<Source>>,
}

/// A file's text and where each of its lines starts: a file with many
/// findings has each line found without reading the lines before it.
struct Source {
    text: String,
    line_starts: Vec<usize>,
}

impl Source {
    fn new(text: String) -> Source {
        let ends = memchr::memchr_iter(b'\n', text.as_bytes()).map(|newline| newline + 1);
        let line_starts = std::iter::once(0)
            .chain(ends)
            .filter(|&start| start < text.len())
            .collect();
        Source { text, line_starts }
    }

    /// Line `line` (from 1) without its line ending, as `str::lines` gives
    /// it.
    fn line(&self, line: usize) -> Option<&str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let rest = &self.text[start..];
        Some(match rest.find('\n') {
            Some(newline) => {
                let line = &rest[..newline];
                line.strip_suffix('\r').unwrap_or(line)
            }
            None => rest,
        })
    }
}

impl Sources {
    /// Reads the files of `paths` not read yet, in parallel.
    pub fn read_all<'p>(&mut self, paths: impl Iterator<Item = &'p Path>) {
        let mut unread: Vec<&Path> = paths
            .filter(|path| !self.texts.contains_key(*path))
            .collect();
        unread.sort_unstable();
        unread.dedup();
        let read: Vec<(PathBuf, Option<Source>)> = unread
            .into_par_iter()
            .map(|path| {
                let source = std::fs::read_to_string(path).ok().map(Source::new);
                (path.to_path_buf(), source)
            })
            .collect();
        self.texts.extend(read);
    }

    fn source(&mut self, path: &Path) -> Option<&Source> {
        self.texts
            .entry(path.to_path_buf())
            .or_insert_with(|| std::fs::read_to_string(path).ok().map(Source::new))
            .as_ref()
    }

    pub fn text(&mut self, path: &Path) -> Option<&str> {
        Some(&self.source(path)?.text)
    }

    /// The line at `location`.
    pub fn line(&mut self, path: &Path, location: Option<Location>) -> Option<&str> {
        let line = location?.line;
        self.source(path)?.line(line)
    }
}

#[cfg(test)]
mod tests {
    use super::Source;

    #[test]
    fn lines_are_those_str_lines_gives() {
        for text in [
            "",
            "\n",
            "a",
            "a\n",
            "a\nb",
            "a\r\nb\r\n",
            "a\n\nb\n\n",
            "bare\rreturn\n\r",
            "last\r",
        ] {
            let source = Source::new(text.to_string());
            let expected: Vec<&str> = text.lines().collect();
            let found: Vec<&str> = (1..=expected.len() + 1)
                .map_while(|line| source.line(line))
                .collect();
            assert_eq!(found, expected, "{text:?}");
            assert_eq!(source.line(0), None);
        }
    }
}
