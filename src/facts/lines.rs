//! The lines of a text, to place byte offsets on them: one search per
//! place, where counting the lines before each place makes a text with
//! many places quadratic.

use crate::diagnostic::Location;

pub struct Lines<'t> {
    text: &'t str,
    /// The byte offset of each line's start.
    starts: Vec<usize>,
}

impl<'t> Lines<'t> {
    pub fn new(text: &'t str) -> Lines<'t> {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|newline| newline + 1));
        Lines { text, starts }
    }

    /// The 1-based line and column (in characters) of a byte offset (the
    /// text's end past it).
    pub fn location(&self, offset: usize) -> Location {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        let column = self
            .text
            .get(start..offset)
            .map_or(0, |before| before.chars().count());
        Location {
            line,
            column: column + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_are_placed_by_line_and_character() {
        let lines = Lines::new("ab\néx\n");
        let at = |offset| {
            let location = lines.location(offset);
            (location.line, location.column)
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(2), (1, 3));
        assert_eq!(at(3), (2, 1));
        assert_eq!(at(5), (2, 2));
        assert_eq!(at(99), (3, 1));
    }
}
