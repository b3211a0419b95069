//! Findings and errors as pfacts prints them: `path:line:col: error: message`.

use std::fmt;
use std::path::PathBuf;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}

/// A position in a file, both 1-based; the column counts characters, as
/// Puppet's do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    pub line: usize,
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` of `text`.
    pub fn of_offset(text: &str, offset: usize) -> Location {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        Location {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }

    /// The location of a tree-sitter point (0-based row, byte column) in
    /// `text`.
    pub fn of_point(text: &str, byte_offset: usize, point: tree_sitter::Point) -> Location {
        Columns::default().location(text, byte_offset, point)
    }
}

/// Columns of the points of one text, each counted on from the previous
/// point when it lies further on the same line: a walk in source order
/// pays for a line's length once, not once per point (a generated manifest
/// may be one line of a megabyte).
#[derive(Default)]
pub struct Columns {
    /// The line start, byte offset and characters before that offset on
    /// its line, of the last point.
    last: std::cell::Cell<(usize, usize, usize)>,
}

impl Columns {
    /// The location of a tree-sitter point (0-based row, byte column) in
    /// `text`.
    pub fn location(&self, text: &str, byte_offset: usize, point: tree_sitter::Point) -> Location {
        let line_start = byte_offset.saturating_sub(point.column);
        let end = floor_char_boundary(text, byte_offset.min(text.len()));
        let (last_start, last_end, last_characters) = self.last.get();
        let characters = if last_start == line_start && last_end <= end {
            last_characters + characters(&text.as_bytes()[last_end..end])
        } else {
            let start = floor_char_boundary(text, line_start.min(end));
            characters(&text.as_bytes()[start..end])
        };
        self.last.set((line_start, end, characters));
        Location {
            line: point.row + 1,
            column: characters + 1,
        }
    }
}

/// The characters of UTF-8 `bytes` cut at character boundaries: those
/// that are not continuation bytes (`0b10xx_xxxx`).
fn characters(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        bytes.len()
    } else {
        bytes.iter().filter(|&&byte| (byte as i8) >= -0x40).count()
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Why a diagnostic was raised; decides the exit status of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Something wrong with the analyzed code: exit status 1.
    Finding,
    /// A file that could not be read: exit status 2.
    Io,
}

/// A place elsewhere that a diagnostic refers to: the private definition,
/// each class of a cycle.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Related {
    pub path: PathBuf,
    pub location: Option<Location>,
    pub message: String,
}

/// One message about one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub path: PathBuf,
    pub location: Option<Location>,
    pub severity: Severity,
    pub kind: Kind,
    /// The id of the rule that found it (`syntax-error` for the parser).
    pub rule: &'static str,
    pub message: String,
    pub related: Vec<Related>,
    /// How `pfacts check --fix` rewrites the code to settle it, when it can.
    pub fix: Option<crate::facts::rewrite::FactRewrite>,
}

impl Diagnostic {
    /// A finding in the analyzed code.
    pub fn finding(path: PathBuf, location: Option<Location>, message: String) -> Diagnostic {
        Diagnostic {
            path,
            location,
            severity: Severity::Error,
            kind: Kind::Finding,
            rule: "syntax-error",
            message,
            related: Vec::new(),
            fix: None,
        }
    }

    /// A file or directory that could not be read.
    pub fn io(path: PathBuf, message: String) -> Diagnostic {
        Diagnostic {
            path,
            location: None,
            severity: Severity::Error,
            kind: Kind::Io,
            rule: "io",
            message,
            related: Vec::new(),
            fix: None,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(location) = self.location {
            write!(f, ":{}:{}", location.line, location.column)?;
        }
        write!(f, ": {}: {}", self.severity, self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In any order of points, as counted from the line start.
    #[test]
    fn columns_counted_on_agree_with_columns_counted_anew() {
        let text = "$x = 'é' ; $y = 'ü€' ; $z\n  $w = 'ö' $v\nascii $u";
        let points: Vec<(usize, tree_sitter::Point)> = text
            .char_indices()
            .filter(|&(_, c)| c == '$')
            .map(|(offset, _)| {
                let before = &text[..offset];
                let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
                let row = before.matches('\n').count();
                (offset, tree_sitter::Point::new(row, offset - line_start))
            })
            .collect();
        let order: Vec<usize> = vec![0, 1, 2, 3, 4, 5, 1, 0, 5, 3, 2, 4];
        let columns = Columns::default();
        for index in order {
            let (offset, point) = points[index];
            assert_eq!(
                columns.location(text, offset, point),
                Location::of_offset(text, offset),
                "point {index}"
            );
        }
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "$x = 'é'\n  $y";
        assert_eq!(
            Location::of_offset(text, text.find("$y").unwrap()),
            Location { line: 2, column: 3 }
        );
        let quote = text.rfind('\'').unwrap();
        assert_eq!(
            Location::of_offset(text, quote),
            Location { line: 1, column: 8 }
        );
    }
}
