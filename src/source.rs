//! Finding manifests and reading them as text.
//!
//! Directories are walked like ripgrep walks them: hidden files and
//! directories are skipped and `.gitignore`/`.ignore` files are honoured
//! (also outside a git repository). A file named on the command line is
//! read whatever its name.

use std::fs;
use std::path::{Component, Path, PathBuf};

use std::sync::{Mutex, PoisonError};

use ignore::{WalkBuilder, WalkState};

use crate::diagnostic::{Diagnostic, Location};

/// The manifests found under some paths, and what could not be read.
#[derive(Debug, Default)]
pub struct Discovery {
    /// Sorted and without duplicates, as reached from the given paths.
    pub files: Vec<PathBuf>,
    pub errors: Vec<Diagnostic>,
}

/// Whether a walked file is a Puppet manifest.
pub fn is_manifest(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "pp")
}

/// The order of Ruby's `Dir.glob(...).sort`, in which Puppet reads the
/// files of a manifests directory: by the bytes of their paths, so that
/// `nodes.pp` comes before `nodes/a.pp` (a path's components would put it
/// after).
pub fn glob_order(one: &Path, other: &Path) -> std::cmp::Ordering {
    one.as_os_str()
        .as_encoded_bytes()
        .cmp(other.as_os_str().as_encoded_bytes())
}

/// `bytes` as text, each invalid sequence replaced by U+FFFD: most files
/// are UTF-8, which the standard library's validator checks several times
/// faster than the replacing decoder walks it.
pub fn lossy_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// Whether a walked file is an EPP template.
pub fn is_template(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "epp")
}

/// Whether a walked file is an ERB template.
pub fn is_erb_template(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "erb")
}

/// Whether a walked file is Hiera's: a `hiera.yaml`, or YAML, eyaml or
/// JSON below a `data` or `hieradata` directory (Hiera's usual
/// `datadir`s).
pub fn is_hiera_file(path: &Path) -> bool {
    if path.file_name().is_some_and(|name| name == "hiera.yaml") {
        return true;
    }
    is_data_text(path)
        && path
            .parent()
            .is_some_and(|dir| dir.iter().any(|part| part == "data" || part == "hieradata"))
}

/// Whether a walked file may hold Hiera data: YAML, eyaml (hiera-eyaml's
/// files, YAML whose encrypted strings only the server decrypts) or JSON.
pub fn is_data_text(path: &Path) -> bool {
    path.extension().is_some_and(|extension| {
        extension == "yaml" || extension == "yml" || extension == "json" || extension == "eyaml"
    })
}

/// Whether a walked file is a `metadata.json` (a module's, when it lies
/// at the module's root).
pub fn is_metadata(path: &Path) -> bool {
    path.file_name().is_some_and(|name| name == "metadata.json")
}

/// Whether a walked file is an environment's `environment.conf`.
pub fn is_environment_conf(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name == "environment.conf")
}

/// Whether a walked file is an external fact: a file of a module's
/// `facts.d/` (pluginsync copies it to the agent, where Facter reads it).
pub fn is_external_fact(path: &Path) -> bool {
    path.parent()
        .and_then(Path::file_name)
        .is_some_and(|dir| dir == "facts.d")
}

/// Whether a walked file is Ruby code that defines resource types,
/// functions or facts in a module (`lib/puppet/{type,functions,
/// parser/functions}`, `lib/facter`).
pub fn is_ruby_plugin(path: &Path) -> bool {
    // Every walked file is asked: the extension first, without allocating.
    if !is_ruby(path) {
        return false;
    }
    let text = path.to_string_lossy().replace('\\', "/");
    [
        "lib/puppet/type/",
        "lib/puppet/functions/",
        "lib/puppet/parser/functions/",
        "lib/facter/",
    ]
    .iter()
    .any(|dir| text.contains(dir))
}

fn is_ruby(path: &Path) -> bool {
    path.extension().is_some_and(|extension| extension == "rb")
}

/// Whether `path` is other Ruby code of a module's `lib/` for Puppet
/// (providers, utilities, features, `puppet_x`): read for what Ruby 3.2
/// removed.
pub fn is_ruby_library(path: &Path) -> bool {
    if !is_ruby(path) {
        return false;
    }
    let parts: Vec<&std::ffi::OsStr> = path.iter().collect();
    parts.windows(2).any(|pair| {
        pair[0] == "lib"
            && ["puppet", "puppet_x", "puppetx"]
                .iter()
                .any(|dir| pair[1] == *dir)
    }) && !is_ruby_plugin(path)
}

/// Collects the files named by `paths`: files as given, directories walked
/// for files that `wanted` accepts (such as [`is_manifest`]).
pub fn discover(paths: &[PathBuf], wanted: fn(&Path) -> bool) -> Discovery {
    let mut discovery = Discovery::default();
    for root in paths {
        match fs::metadata(root) {
            Err(error) => discovery
                .errors
                .push(Diagnostic::io(root.clone(), error.to_string())),
            Ok(metadata) if !metadata.is_dir() => discovery.files.push(root.clone()),
            Ok(_) => walk(root, wanted, &mut discovery),
        }
    }
    // Paths compare part by part, which walks both paths at each of the
    // n log n comparisons: each is read into a key once instead.
    discovery
        .files
        .sort_by_cached_key(|path| component_key(path));
    discovery.files.dedup();
    // Parallel walks meet unreadable directories in any order.
    discovery
        .errors
        .sort_by(|one, other| (&one.path, &one.message).cmp(&(&other.path, &other.message)));
    discovery
}

/// Bytes that sort as `path`'s components do (`Path`'s own order, on Unix,
/// where no path has a prefix): each component as a tag in the order of
/// [`Component`]'s kinds, a normal one's name after its tag, and a zero
/// byte, which no name holds, between components, so that a component
/// sorts before any longer one it begins.
fn component_key(path: &Path) -> Vec<u8> {
    let mut key = Vec::with_capacity(path.as_os_str().len() + 8);
    for (index, component) in path.components().enumerate() {
        if index > 0 {
            key.push(0);
        }
        match component {
            Component::Prefix(prefix) => {
                key.push(1);
                key.extend_from_slice(prefix.as_os_str().as_encoded_bytes());
            }
            Component::RootDir => key.push(2),
            Component::CurDir => key.push(3),
            Component::ParentDir => key.push(4),
            Component::Normal(name) => {
                key.push(5);
                key.extend_from_slice(name.as_encoded_bytes());
            }
        }
    }
    key
}

/// Walks `root` on as many threads as rayon's pool has (the walk waits on
/// the file system, so threads overlap its calls); `discover` sorts.
fn walk(root: &Path, wanted: fn(&Path) -> bool, discovery: &mut Discovery) {
    let found = Mutex::new(Discovery::default());
    WalkBuilder::new(root)
        .require_git(false)
        .threads(rayon::current_num_threads())
        .build_parallel()
        .run(|| {
            Box::new(|entry| {
                let mut found = found.lock().unwrap_or_else(PoisonError::into_inner);
                match entry {
                    Ok(entry) => {
                        let is_file = entry.file_type().is_some_and(|kind| kind.is_file());
                        if is_file && wanted(entry.path()) {
                            found.files.push(entry.into_path());
                        }
                    }
                    Err(error) => {
                        let path = error_path(&error).unwrap_or_else(|| root.to_path_buf());
                        found.errors.push(Diagnostic::io(path, error.to_string()));
                    }
                }
                WalkState::Continue
            })
        });
    let found = found.into_inner().unwrap_or_else(PoisonError::into_inner);
    discovery.files.extend(found.files);
    discovery.errors.extend(found.errors);
}

fn error_path(error: &ignore::Error) -> Option<PathBuf> {
    match error {
        ignore::Error::WithPath { path, .. } => Some(path.clone()),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        _ => None,
    }
}

/// The UTF-8 byte-order mark, which Puppet refuses at the start of a file.
const BYTE_ORDER_MARK: &str = "\u{feff}";

/// A manifest's text, ready to parse.
#[derive(Debug)]
pub struct SourceText {
    /// The file as it is, for locations and excerpts.
    pub text: String,
    /// Whether the file starts with a byte-order mark. The parser is given
    /// the text with the mark blanked out, so that byte offsets still hold.
    pub byte_order_mark: bool,
}

impl SourceText {
    /// The text to hand to the parser.
    pub fn parser_input(&self) -> std::borrow::Cow<'_, str> {
        if self.byte_order_mark {
            let blank = " ".repeat(BYTE_ORDER_MARK.len());
            std::borrow::Cow::Owned(format!("{blank}{}", &self.text[BYTE_ORDER_MARK.len()..]))
        } else {
            std::borrow::Cow::Borrowed(&self.text)
        }
    }
}

/// Why a file's content is not Puppet source.
#[derive(Debug, PartialEq, Eq)]
pub enum Rejection {
    /// Bytes that are not UTF-8, at this location.
    InvalidUtf8 { location: Location, byte: u8 },
    /// A NUL byte: a binary file.
    Binary { location: Location },
}

impl Rejection {
    pub fn into_diagnostic(self, path: PathBuf) -> Diagnostic {
        match self {
            Rejection::InvalidUtf8 { location, byte } => Diagnostic::finding(
                path,
                Some(location),
                format!("invalid UTF-8 (byte 0x{byte:02x}): Puppet reads manifests as UTF-8; the file is not parsed"),
            ),
            Rejection::Binary { location } => Diagnostic::finding(
                path,
                Some(location),
                "binary file (NUL byte): not Puppet source; the file is not parsed".to_string(),
            ),
        }
    }
}

/// Decodes a file's bytes as Puppet source.
pub fn decode(bytes: Vec<u8>) -> Result<SourceText, Rejection> {
    if let Some(nul) = memchr::memchr(0, &bytes) {
        let prefix = String::from_utf8_lossy(&bytes[..nul]);
        return Err(Rejection::Binary {
            location: Location::of_offset(&prefix, prefix.len()),
        });
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        let valid = error.utf8_error().valid_up_to();
        let bytes = error.as_bytes();
        let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid up to here");
        Rejection::InvalidUtf8 {
            location: Location::of_offset(prefix, valid),
            byte: bytes[valid],
        }
    })?;
    Ok(SourceText {
        byte_order_mark: text.starts_with(BYTE_ORDER_MARK),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_is_located() {
        let rejection = decode(b"$a = 1\n$b = '\xff'\n".to_vec()).unwrap_err();
        assert_eq!(
            rejection,
            Rejection::InvalidUtf8 {
                location: Location { line: 2, column: 7 },
                byte: 0xff
            }
        );
    }

    #[test]
    fn nul_byte_marks_a_binary_file() {
        let rejection = decode(b"ab\ncd\0".to_vec()).unwrap_err();
        assert_eq!(
            rejection,
            Rejection::Binary {
                location: Location { line: 2, column: 3 }
            }
        );
    }

    #[test]
    fn discovery_keys_sort_as_paths_do() {
        let paths = [
            "a", "a/b", "a-b", "a.b", "a/b/c", "a/b-c", "a/bc", "a/b.pp", "a//b", "a/./b", "a/b/",
            "ab", "/a", "/a/b", "./a", "../a", "a/../b", ".", "..", "/", "a\u{1}b", "é/a", "z",
        ];
        for one in paths {
            for other in paths {
                let (one, other) = (Path::new(one), Path::new(other));
                assert_eq!(
                    component_key(one).cmp(&component_key(other)),
                    one.cmp(other),
                    "{one:?} against {other:?}"
                );
            }
        }
    }

    #[test]
    fn byte_order_mark_is_blanked_for_the_parser() {
        let source = decode("\u{feff}$a = 1".as_bytes().to_vec()).unwrap();
        assert!(source.byte_order_mark);
        assert_eq!(source.parser_input(), "   $a = 1");
        assert_eq!(source.parser_input().len(), source.text.len());
    }
}
