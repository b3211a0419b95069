//! `pfacts check --fix`: the findings that carry a rewrite (a legacy fact
//! read, rewritten to its structured fact) applied to their files, file by
//! file; what a rewrite settles is no longer reported.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::diagnostic::Diagnostic;
use crate::facts::rewrite;

/// What `--fix` did.
#[derive(Debug, Default)]
pub struct Fixed {
    /// The findings settled.
    pub findings: usize,
    pub files: usize,
    /// Files left as they were, each with why.
    pub refused: Vec<(PathBuf, String)>,
}

/// Applies the rewrites of `diagnostics`; returns the diagnostics still
/// standing, in their order, and what was done.
pub fn apply(diagnostics: Vec<Diagnostic>) -> (Vec<Diagnostic>, Fixed) {
    let mut by_file: BTreeMap<PathBuf, Vec<usize>> = BTreeMap::new();
    for (index, diagnostic) in diagnostics.iter().enumerate() {
        if diagnostic.fix.is_some() {
            by_file
                .entry(diagnostic.path.clone())
                .or_default()
                .push(index);
        }
    }
    let mut settled = vec![false; diagnostics.len()];
    let mut fixed = Fixed::default();
    for (path, indices) in by_file {
        let rewrites: Vec<rewrite::FactRewrite> = indices
            .iter()
            .filter_map(|&index| diagnostics[index].fix.clone())
            .collect();
        let outcome = std::fs::read_to_string(&path)
            .map_err(|error| format!("cannot read it: {error}"))
            .and_then(|text| rewrite::apply(&path, &text, &rewrites))
            .and_then(|rewritten| {
                if rewritten.applied.contains(&true) {
                    std::fs::write(&path, &rewritten.text)
                        .map_err(|error| format!("cannot write it: {error}"))?;
                }
                Ok(rewritten.applied)
            });
        match outcome {
            Ok(applied) => {
                let count = applied.iter().filter(|applied| **applied).count();
                for (&index, applied) in indices.iter().zip(applied) {
                    settled[index] = applied;
                }
                fixed.findings += count;
                fixed.files += usize::from(count > 0);
            }
            Err(why) => fixed.refused.push((path, why)),
        }
    }
    let standing = diagnostics
        .into_iter()
        .zip(settled)
        .filter_map(|(diagnostic, settled)| (!settled).then_some(diagnostic))
        .collect();
    (standing, fixed)
}
