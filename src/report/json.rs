//! An array of findings: rule, severity, file, line, col, message,
//! related places, fingerprint; silenced findings (when shown) carry the
//! comment that silenced them.

use std::io::{self, Write};

use serde_json::{json, Value};

use super::Report;
use crate::diagnostic::Diagnostic;
use crate::query::location_json;

pub fn write(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    let mut values: Vec<Value> = report
        .findings
        .iter()
        .map(|finding| {
            let mut value = diagnostic(&finding.diagnostic);
            value["fingerprint"] = json!(finding.fingerprint);
            value
        })
        .collect();
    values.extend(report.silenced.iter().map(|silenced| {
        let mut value = diagnostic(&silenced.diagnostic);
        value["suppressed"] = json!({
            "file": silenced.comment.to_string_lossy(),
            "line": silenced.line,
            "reason": silenced.reason,
        });
        value
    }));
    serde_json::to_writer_pretty(&mut *out, &values)?;
    writeln!(out)
}

fn diagnostic(diagnostic: &Diagnostic) -> Value {
    let (line, col) = location_json(diagnostic.location);
    let related: Vec<Value> = diagnostic
        .related
        .iter()
        .map(|related| {
            let (line, col) = location_json(related.location);
            json!({
                "file": related.path.to_string_lossy(),
                "line": line,
                "col": col,
                "message": related.message,
            })
        })
        .collect();
    json!({
        "rule": diagnostic.rule,
        "severity": diagnostic.severity.to_string(),
        "file": diagnostic.path.to_string_lossy(),
        "line": line,
        "col": col,
        "message": diagnostic.message,
        "related": related,
    })
}
