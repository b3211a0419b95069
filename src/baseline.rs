//! Fingerprints of findings, and the baseline file that lets a code base
//! with old findings adopt `pfacts check` and fail only on new ones.
//!
//! A fingerprint hashes the rule, the file (relative to the analyzed
//! root), the message (which names the entities involved) and the
//! offending source line with all blanks removed, plus the finding's rank
//! among identical ones. Line numbers are not part of it, so adding lines
//! above a finding or re-indenting the file keeps it.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::Path;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::diagnostic::Diagnostic;
use crate::report::{relative, Finding, Sources};

/// The findings of `diagnostics` (in report order) with their
/// fingerprints. Files are read, and digests taken, in parallel; only the
/// ranks among identical findings are counted in order.
pub fn fingerprint(
    diagnostics: Vec<Diagnostic>,
    root: &Path,
    sources: &mut Sources,
) -> Vec<Finding> {
    sources.read_all(
        diagnostics
            .iter()
            .map(|diagnostic| diagnostic.path.as_path()),
    );
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    // Each file's relative path, found once (it asks for the working
    // directory).
    let mut relatives: HashMap<&Path, String> = HashMap::new();
    let keys: Vec<(String, usize)> = diagnostics
        .iter()
        .map(|diagnostic| {
            let line: String = sources
                .line(&diagnostic.path, diagnostic.location)
                .unwrap_or_default()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            let key = [
                diagnostic.rule,
                relatives
                    .entry(&diagnostic.path)
                    .or_insert_with(|| relative(root, &diagnostic.path)),
                &diagnostic.message,
                &line,
            ]
            .join("\u{0}");
            let rank = seen.entry(key.clone()).or_default();
            *rank += 1;
            (key, *rank - 1)
        })
        .collect();
    diagnostics
        .into_par_iter()
        .zip(keys)
        .map(|(diagnostic, (key, rank))| {
            let digest = Sha256::digest(format!("{key}\u{0}{rank}"));
            let fingerprint = digest[..8]
                .iter()
                .map(|byte| format!("{byte:02x}"))
                .collect();
            Finding {
                diagnostic,
                fingerprint,
            }
        })
        .collect()
}

/// One recorded finding.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Entry {
    pub file: String,
    pub rule: String,
    pub message: String,
    pub fingerprint: String,
}

/// The baseline file: its entries sorted, so that it diffs well.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    pub version: u32,
    pub findings: Vec<Entry>,
}

const VERSION: u32 = 1;

impl Baseline {
    pub fn of(findings: &[Finding], root: &Path) -> Baseline {
        let mut entries: Vec<Entry> = findings
            .iter()
            .map(|finding| Entry {
                file: relative(root, &finding.diagnostic.path),
                rule: finding.diagnostic.rule.to_string(),
                message: finding.diagnostic.message.clone(),
                fingerprint: finding.fingerprint.clone(),
            })
            .collect();
        entries.sort();
        Baseline {
            version: VERSION,
            findings: entries,
        }
    }

    pub fn read(path: &Path) -> Result<Baseline, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| format!("{}: {error}", path.display()))?;
        let baseline: Baseline = serde_json::from_str(&text).map_err(|error| {
            format!(
                "{}:{}:{}: not a pfacts baseline: {error}",
                path.display(),
                error.line(),
                error.column()
            )
        })?;
        if baseline.version != VERSION {
            return Err(format!(
                "{}: baseline version {} (this pfacts writes version {VERSION})",
                path.display(),
                baseline.version
            ));
        }
        Ok(baseline)
    }

    /// Writes the file whole or not at all.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let mut file = tempfile::NamedTempFile::new_in(dir)?;
        serde_json::to_writer_pretty(&mut file, self)?;
        writeln!(file)?;
        file.persist(path).map_err(|error| error.error)?;
        Ok(())
    }

    /// Splits `findings` into those the baseline records (each entry
    /// matches one finding) and new ones; also returns the entries that no
    /// longer occur.
    pub fn compare(&self, findings: Vec<Finding>) -> (Vec<Finding>, Vec<Finding>, Vec<Entry>) {
        let mut left: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
        for entry in &self.findings {
            left.entry(&entry.fingerprint).or_default().push(entry);
        }
        let (mut known, mut new) = (Vec::new(), Vec::new());
        for finding in findings {
            match left
                .get_mut(finding.fingerprint.as_str())
                .and_then(Vec::pop)
            {
                Some(_) => known.push(finding),
                None => new.push(finding),
            }
        }
        let mut gone: Vec<Entry> = left.into_values().flatten().cloned().collect();
        gone.sort();
        (known, new, gone)
    }
}
