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
    texts: HashMap<PathBuf, Option<String>>,
}

impl Sources {
    pub fn text(&mut self, path: &Path) -> Option<&str> {
        self.texts
            .entry(path.to_path_buf())
            .or_insert_with(|| std::fs::read_to_string(path).ok())
            .as_deref()
    }

    /// The line at `location`.
    pub fn line(&mut self, path: &Path, location: Option<Location>) -> Option<&str> {
        let line = location?.line;
        self.text(path)?.lines().nth(line.checked_sub(1)?)
    }
}
