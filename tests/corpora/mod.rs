//! The third-party corpora that tests and benches measure pfacts on: the
//! Debian modules, Puppet's conformance snippets, the forge modules and the
//! control repositories. They are not in the repository (README, "Corpora");
//! they are found in `PFACTS_CORPORA`, by default `../shared` beside the
//! checkout.
//!
//! Absent, a test that needs them says it is skipped and passes; under CI
//! (`CI` set), absence fails the test, so that CI always measures them.

use std::io::Write;
use std::path::PathBuf;

/// Where the corpora are by default, beside the checkout; also the name
/// Puppet's recordings give them (`scripts/ask-puppet.sh` runs with them
/// there).
const DEFAULT: &str = "../shared";

/// The corpora directory: `PFACTS_CORPORA`, else [`DEFAULT`].
fn root() -> PathBuf {
    std::env::var_os("PFACTS_CORPORA")
        .filter(|value| !value.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(DEFAULT))
}

/// `text` (pfacts' output) with the paths of files in the corpora written
/// as Puppet's recordings write them, below [`DEFAULT`].
#[allow(dead_code)] // only the test crates that compare with recordings call it
pub fn as_recorded(text: &str) -> String {
    text.replace(&root().display().to_string(), DEFAULT)
}

/// `relative` (`corpus/debian-modules`) below the corpora directory, or
/// `None` after saying on the terminal what the running test or bench
/// skips, and why.
///
/// # Panics
/// When the corpus is absent and `CI` is set.
pub fn path(relative: &str) -> Option<PathBuf> {
    let path = root().join(relative);
    if path.exists() {
        return Some(path);
    }
    let why = format!(
        "{} not found (the corpora are in PFACTS_CORPORA, default {DEFAULT} beside the checkout; README, \"Corpora\")",
        path.display()
    );
    if std::env::var_os("CI").is_some_and(|value| !value.is_empty()) {
        panic!("CI runs every corpus test: {why}");
    }
    let current = std::thread::current();
    let test = current.name().unwrap_or("this bench");
    // Written to the terminal itself: the test harness keeps what
    // `eprintln!` prints for failures only.
    let _ = writeln!(std::io::stderr(), "skipped in {test}: {why}");
    None
}
