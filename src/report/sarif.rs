//! SARIF 2.1.0 through serde-sarif's types: one `rule` per pfacts rule
//! (with its documentation as help), one result per finding, locations
//! relative to `%SRCROOT%`, the analyzed root.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::Path;

use serde_json::json;
use serde_sarif::sarif::{
    ArtifactLocation, Location as SarifLocation, Message, MultiformatMessageString,
    PhysicalLocation, Region, ReportingConfiguration, ReportingDescriptor, Result as SarifResult,
    ResultLevel, Run, Sarif, Suppression, Tool, ToolComponent,
};

use super::{relative, Report};
use crate::diagnostic::{Diagnostic, Location, Severity};
use crate::lints::{self, Rule};

/// The base of every result's URI.
pub const SRCROOT: &str = "%SRCROOT%";

pub fn write(out: &mut dyn Write, report: &Report) -> io::Result<()> {
    let rules: Vec<&Rule> = lints::rules().collect();
    let mut results: Vec<SarifResult> = report
        .findings
        .iter()
        .map(|finding| {
            let mut result = result(&finding.diagnostic, &rules, report.root);
            result.partial_fingerprints = Some(BTreeMap::from([(
                "pfacts/v1".to_string(),
                finding.fingerprint.clone(),
            )]));
            result
        })
        .collect();
    results.extend(report.silenced.iter().map(|silenced| {
        let mut result = result(&silenced.diagnostic, &rules, report.root);
        result.suppressions = Some(vec![Suppression::builder()
            .kind(json!("inSource"))
            .justification(silenced.reason.clone())
            .build()]);
        result
    }));
    let root_uri = std::path::absolute(report.root)
        .ok()
        .map(|root| format!("file://{}/", root.to_string_lossy().trim_end_matches('/')));
    let mut run = Run::builder()
        .tool(
            Tool::builder()
                .driver(
                    ToolComponent::builder()
                        .name("pfacts".to_string())
                        .version(env!("CARGO_PKG_VERSION").to_string())
                        .semantic_version(env!("CARGO_PKG_VERSION").to_string())
                        .rules(
                            rules
                                .iter()
                                .map(|rule| descriptor(rule))
                                .collect::<Vec<_>>(),
                        )
                        .build(),
                )
                .build(),
        )
        .results(results)
        .column_kind(json!("unicodeCodePoints"))
        .build();
    if let Some(uri) = root_uri {
        run.original_uri_base_ids = Some(BTreeMap::from([(
            SRCROOT.to_string(),
            ArtifactLocation::builder().uri(uri).build(),
        )]));
    }
    let sarif = Sarif::builder()
        .schema("https://json.schemastore.org/sarif-2.1.0.json".to_string())
        .version(json!("2.1.0"))
        .runs(vec![run])
        .build();
    serde_json::to_writer_pretty(&mut *out, &sarif)?;
    writeln!(out)
}

fn text(text: &str) -> MultiformatMessageString {
    MultiformatMessageString::builder()
        .text(text.to_string())
        .build()
}

fn descriptor(rule: &Rule) -> ReportingDescriptor {
    let level = match (rule.enabled, rule.severity) {
        (false, _) => "none",
        (true, Severity::Error) => "error",
        (true, Severity::Warning) => "warning",
    };
    ReportingDescriptor::builder()
        .id(rule.id.to_string())
        .name(rule.id.to_string())
        .short_description(text(&rule.summary()))
        .full_description(text(&rule.section("What it does")))
        .help(
            MultiformatMessageString::builder()
                .text(rule.text())
                .markdown(rule.text())
                .build(),
        )
        .default_configuration(
            ReportingConfiguration::builder()
                .enabled(rule.enabled)
                .level(json!(level))
                .build(),
        )
        .build()
}

fn result(diagnostic: &Diagnostic, rules: &[&Rule], root: &Path) -> SarifResult {
    let mut result = SarifResult::builder()
        .rule_id(diagnostic.rule.to_string())
        .level(match diagnostic.severity {
            Severity::Error => ResultLevel::Error,
            Severity::Warning => ResultLevel::Warning,
        })
        .message(Message::builder().text(diagnostic.message.clone()).build())
        .locations(vec![location(
            root,
            &diagnostic.path,
            diagnostic.location,
            None,
        )])
        .build();
    result.rule_index = rules
        .iter()
        .position(|rule| rule.id == diagnostic.rule)
        .map(|index| index as i64);
    if !diagnostic.related.is_empty() {
        result.related_locations = Some(
            diagnostic
                .related
                .iter()
                .enumerate()
                .map(|(index, related)| {
                    let mut location = location(
                        root,
                        &related.path,
                        related.location,
                        Some(&related.message),
                    );
                    location.id = Some(index as i64);
                    location
                })
                .collect(),
        );
    }
    result
}

fn location(
    root: &Path,
    path: &Path,
    at: Option<Location>,
    message: Option<&str>,
) -> SarifLocation {
    let mut physical = PhysicalLocation::builder()
        .artifact_location(
            ArtifactLocation::builder()
                .uri(relative(root, path))
                .uri_base_id(SRCROOT.to_string())
                .build(),
        )
        .build();
    if let Some(at) = at {
        physical.region = Some(
            Region::builder()
                .start_line(at.line as i64)
                .start_column(at.column.max(1) as i64)
                .build(),
        );
    }
    let mut location = SarifLocation::builder().physical_location(physical).build();
    location.message = message.map(|message| Message::builder().text(message.to_string()).build());
    location
}
