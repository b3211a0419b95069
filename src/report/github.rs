//! GitHub Actions workflow commands: `::error file=F,line=L,col=C,
//! title=RULE::MESSAGE`, which GitHub shows as annotations on the lines.

use std::io::{self, Write};

use super::{relative, Report};
use crate::diagnostic::Severity;

pub fn write(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    for finding in report.findings {
        let diagnostic = &finding.diagnostic;
        let command = match diagnostic.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(
            out,
            "::{command} file={}",
            property(&relative(report.root, &diagnostic.path))
        )?;
        if let Some(location) = diagnostic.location {
            write!(out, ",line={},col={}", location.line, location.column)?;
        }
        writeln!(
            out,
            ",title={}::{}",
            property(diagnostic.rule),
            data(&format!("{} [{}]", diagnostic.message, diagnostic.rule))
        )?;
    }
    Ok(())
}

/// A command's message, escaped as the runner expects.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: also `:` and `,` escaped.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}
