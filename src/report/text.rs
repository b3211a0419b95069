//! Text for people: each finding with its source line under a caret and
//! its related places, rendered by codespan-reporting.

use std::io::{self, Write};
use std::ops::Range;
use std::path::Path;

use codespan_reporting::diagnostic::{Diagnostic as Rendered, Label, Severity as Level};
use codespan_reporting::files::{Files, SimpleFiles};
use codespan_reporting::term::{self, termcolor};

use super::{Report, Sources};
use crate::diagnostic::{Diagnostic, Location, Severity};

pub fn write(out: &mut dyn Write, report: &Report, sources: &mut Sources) -> io::Result<()> {
    let mut files = Catalog {
        sources,
        files: SimpleFiles::new(),
        ids: std::collections::HashMap::new(),
    };
    let config = term::Config::default();
    let mut colored = report.color.then(|| termcolor::Ansi::new(Vec::<u8>::new()));
    let mut emit = |rendered: &Rendered<usize>, files: &Catalog| -> io::Result<()> {
        let result = match &mut colored {
            Some(ansi) => {
                let result = term::emit_to_write_style(ansi, &config, &files.files, rendered);
                out.write_all(ansi.get_ref())?;
                ansi.get_mut().clear();
                result
            }
            None => term::emit_to_io_write(out, &config, &files.files, rendered),
        };
        result.map_err(io::Error::other)
    };
    for finding in report.findings {
        let rendered = files.render(&finding.diagnostic);
        emit(&rendered, &files)?;
    }
    for silenced in report.silenced {
        let mut rendered = files.render(&silenced.diagnostic);
        rendered.severity = Level::Note;
        rendered.message = format!("silenced: {}", rendered.message);
        let reason = if silenced.reason.is_empty() {
            "(no reason given)"
        } else {
            &silenced.reason
        };
        rendered.notes.push(format!(
            "by the comment at {}:{}: {reason}",
            shown(&silenced.comment),
            silenced.line,
        ));
        emit(&rendered, &files)?;
    }
    Ok(())
}

/// The files rendered so far, by path.
struct Catalog<'s> {
    sources: &'s mut Sources,
    files: SimpleFiles<String, String>,
    ids: std::collections::HashMap<std::path::PathBuf, Option<usize>>,
}

impl Catalog<'_> {
    fn id(&mut self, path: &Path) -> Option<usize> {
        if let Some(id) = self.ids.get(path) {
            return *id;
        }
        let id = self
            .sources
            .text(path)
            .map(|text| self.files.add(shown(path), text.to_string()));
        self.ids.insert(path.to_path_buf(), id);
        id
    }

    /// The bytes of the token at `location`: a name or variable (`::`
    /// within), a path (`/etc/x`, `./dist`), else one character.
    fn span(&self, id: usize, location: Location) -> Option<Range<usize>> {
        let line = self
            .files
            .line_range(id, location.line.checked_sub(1)?)
            .ok()?;
        let text = self.files.get(id).ok()?.source();
        let line_text = &text[line.clone()];
        let start = line.start
            + line_text
                .char_indices()
                .nth(location.column.saturating_sub(1))
                .map_or(line_text.trim_end().len(), |(offset, _)| offset);
        let rest = &text[start..line.end];
        let is_path = rest.starts_with(['/', '.']);
        let token = rest
            .char_indices()
            .find(|&(offset, c)| {
                let in_name = c.is_alphanumeric()
                    || c == '_'
                    || (offset == 0 && c == '$')
                    || (c == ':'
                        && (rest[offset..].starts_with("::") || rest[..offset].ends_with(':')));
                let in_path = is_path && !c.is_whitespace() && !matches!(c, ':' | '"' | '\'' | ',');
                !(in_name || in_path)
            })
            .map_or(rest.trim_end().len(), |(offset, _)| offset);
        // Past the end of the line (a missing `]`), the span is empty.
        let width = if token > 0 {
            token
        } else if rest.trim_end().is_empty() {
            0
        } else {
            rest.chars().next().map_or(0, char::len_utf8)
        };
        Some(start..start + width)
    }

    fn label(&mut self, path: &Path, location: Option<Location>) -> Option<(usize, Range<usize>)> {
        let id = self.id(path)?;
        let span = match location {
            Some(location) => self.span(id, location)?,
            None => 0..0,
        };
        Some((id, span))
    }

    fn render(&mut self, diagnostic: &Diagnostic) -> Rendered<usize> {
        let level = match diagnostic.severity {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
        };
        let mut rendered = Rendered::new(level)
            .with_code(diagnostic.rule)
            .with_message(&diagnostic.message);
        match self.label(&diagnostic.path, diagnostic.location) {
            Some((id, span)) => rendered.labels.push(Label::primary(id, span)),
            None => rendered
                .notes
                .push(place(&diagnostic.path, diagnostic.location)),
        }
        for related in &diagnostic.related {
            match self.label(&related.path, related.location) {
                Some((id, span)) => rendered
                    .labels
                    .push(Label::secondary(id, span).with_message(&related.message)),
                None => rendered.notes.push(format!(
                    "{}: {}",
                    place(&related.path, related.location),
                    related.message
                )),
            }
        }
        rendered
    }
}

fn place(path: &Path, location: Option<Location>) -> String {
    match location {
        Some(location) => format!("{}:{}:{}", shown(path), location.line, location.column),
        None => shown(path),
    }
}

/// A path as found, without the `./` of the default `.` root.
fn shown(path: &Path) -> String {
    path.strip_prefix(".").unwrap_or(path).display().to_string()
}
