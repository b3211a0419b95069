//! GitLab Code Quality: a JSON array of issues with a description, a check
//! name, a stable fingerprint, a severity and a location.

use std::io::{self, Write};

use serde_json::json;

use super::{relative, Report};
use crate::diagnostic::Severity;

pub fn write(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    let issues: Vec<serde_json::Value> = report
        .findings
        .iter()
        .map(|finding| {
            let diagnostic = &finding.diagnostic;
            json!({
                "description": diagnostic.message,
                "check_name": diagnostic.rule,
                "fingerprint": finding.fingerprint,
                "severity": match diagnostic.severity {
                    Severity::Error => "critical",
                    Severity::Warning => "minor",
                },
                "location": {
                    "path": relative(report.root, &diagnostic.path),
                    "lines": { "begin": diagnostic.location.map_or(1, |location| location.line) },
                },
            })
        })
        .collect();
    serde_json::to_writer_pretty(&mut *out, &issues)?;
    writeln!(out)
}
