//! `# pfacts:ignore` comments, read off the tree as `suppression` facts.
//!
//! Which rules a comment names and whether it is well formed is decided
//! later, by the `bad-suppression` rule; here each comment is only split
//! into its parts and given the lines it covers.

use tree_sitter::{Node, Tree};

use super::intern::Interner;
use super::schema::{Directive, FileId, Suppression};
use crate::diagnostic::Location;

const MARKER: &str = "pfacts:ignore";

/// The suppression comments of a file, in source order.
pub(super) fn extract(tree: &Tree, text: &str, interner: &mut Interner) -> Vec<Suppression> {
    let root = tree.root_node();
    let mut rows = Vec::new();
    for offset in memchr::memmem::find_iter(text.as_bytes(), MARKER) {
        let Some(comment) = root
            .descendant_for_byte_range(offset, offset + MARKER.len())
            .filter(|node| node.kind() == "comment")
        else {
            continue;
        };
        // The marker must open the comment: `# pfacts:ignore ...`.
        let body = comment
            .utf8_text(text.as_bytes())
            .unwrap_or_default()
            .trim_start_matches('#')
            .trim_start();
        let Some(rest) = body.strip_prefix(MARKER) else {
            continue;
        };
        let (directive, rest) = if let Some(rest) = rest.strip_prefix("-start") {
            (Directive::Start, rest)
        } else if let Some(rest) = rest.strip_prefix("-end") {
            (Directive::End, rest)
        } else {
            (Directive::Ignore, rest)
        };
        if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
            continue;
        }
        let (rules, reason) = rest.split_once("--").unwrap_or((rest, ""));
        let location = Location::of_point(text, comment.start_byte(), comment.start_position());
        let line = location.line as u32;
        let (first_line, last_line) = match directive {
            Directive::Ignore if starts_its_line(text, comment.start_byte()) => {
                next_statement(comment).map_or((0, 0), |statement| {
                    (
                        statement.start_position().row as u32 + 1,
                        statement.end_position().row as u32 + 1,
                    )
                })
            }
            _ => (line, line),
        };
        rows.push(Suppression {
            file: FileId::default(),
            line,
            col: location.column as u32,
            directive,
            rules: interner.intern(rules.trim()),
            reason: interner.intern(reason.trim()),
            first_line,
            last_line,
        });
    }
    rows
}

/// Whether only blanks stand before `offset` on its line.
fn starts_its_line(text: &str, offset: usize) -> bool {
    let line_start = memchr::memrchr(b'\n', &text.as_bytes()[..offset]).map_or(0, |at| at + 1);
    text[line_start..offset].trim().is_empty()
}

/// The statement after a comment: its next sibling that is not a comment.
fn next_statement(comment: Node) -> Option<Node> {
    let mut next = comment.next_named_sibling();
    while let Some(node) = next {
        if node.kind() != "comment" {
            return Some(node);
        }
        next = node.next_named_sibling();
    }
    None
}
