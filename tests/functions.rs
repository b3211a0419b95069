//! The built-in functions and stdlib's, call by call, against what Puppet 7
//! made of the same calls (`corpus/functions/cases/<family>.pp`, recorded
//! by `scripts/function-cases.rb` in `corpus/functions/expected/`).
//!
//! - `functions_agree_with_puppet`: each case compiles to the value Puppet
//!   gave (its `%p` text), or fails with Puppet's message, and logs
//!   Puppet's warnings; the figures per family are printed. A case file
//!   names its modulepath below the corpora (stdlib 9 of the forge modules,
//!   stdlib 8 of the Debian ones); without the corpora those files are
//!   skipped, saying so.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use pfacts::catalog::functions::Level;
use pfacts::catalog::values::Value;
use pfacts::catalog::{Compiler, Environment, Modules};

mod corpora;

/// The cases of a file: the first code line of each, and its code.
fn cases(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut current = String::new();
    let mut first = None;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        if line.trim().is_empty() {
            if let Some(first) = first.take() {
                found.push((first, std::mem::take(&mut current)));
            }
        } else if first.is_none() && line.starts_with('#') {
            continue;
        } else {
            first.get_or_insert(index + 1);
            current.push_str(line);
        }
    }
    if let Some(first) = first {
        found.push((first, current));
    }
    found
}

/// Puppet's recorded rows: line → (verdict, text, warnings).
fn expected(family: &str) -> HashMap<usize, (String, String, String)> {
    let path = format!("corpus/functions/expected/{family}.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|row| {
            let fields: Vec<&str> = row.split('\t').collect();
            let unescape = |text: &str| {
                text.replace("\\\\", "\u{0}")
                    .replace("\\t", "\t")
                    .replace("\\n", "\n")
                    .replace('\u{0}', "\\")
            };
            (
                fields[0].parse().unwrap(),
                (
                    fields[1].to_string(),
                    unescape(fields[2]),
                    unescape(fields.get(3).copied().unwrap_or("")),
                ),
            )
        })
        .collect()
}

/// What pfacts makes of one case: verdict, text, warnings.
fn evaluate(code: &str, modules: &Arc<Modules>, facts: &Value) -> (String, String, String) {
    let source = format!(
        "$__result = with() || {{\n{code}}}\nnotify {{ '__result': message => String($__result, '%p') }}\n"
    );
    let environment =
        // Puppet names code given as text `unknown`, as its stack frames
        // (which stdlib's deprecation warnings show) do.
        match Environment::with_source(PathBuf::from("unknown"), &source, Arc::clone(modules)) {
            Ok(environment) => environment,
            Err(errors) => return ("error".into(), errors.join(" | "), String::new()),
        };
    let outcome = Compiler::new(&environment, facts.clone()).run("node.example.com");
    let warnings: Vec<String> = outcome
        .logs
        .iter()
        .filter(|log| log.level == Level::Warning)
        .map(|log| log.message.clone())
        .collect();
    let (verdict, text) = match outcome.catalog {
        Ok(catalog) => {
            let message = catalog["resources"]
                .as_array()
                .and_then(|resources| {
                    resources
                        .iter()
                        .find(|r| r["type"] == "Notify" && r["title"] == "__result")
                })
                .map(|r| r["parameters"]["message"].clone());
            (
                "ok".to_string(),
                match message {
                    Some(serde_json::Value::String(text)) => text,
                    other => format!("{other:?}"),
                },
            )
        }
        // As scripts/function-cases.rb takes Puppet's: without the blanks
        // before where Puppet's message gives the location.
        Err(error) => ("error".to_string(), error.message.trim_end().to_string()),
    };
    (verdict, text, warnings.join(" | "))
}

#[test]
fn functions_agree_with_puppet() {
    let facts_json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("corpus/facts.json").unwrap()).unwrap();
    let facts = Value::from_json(&facts_json);
    let mut modules_by_path: HashMap<String, Arc<Modules>> = HashMap::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir("corpus/functions/cases")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "pp"))
        .collect();
    files.sort();
    let mut disagreements = Vec::new();
    let (mut agreeing, mut total) = (0, 0);
    for file in &files {
        let family = file.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(file).unwrap();
        let modulepath = text
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("# modulepath: "))
            .unwrap_or_else(|| panic!("{}: no `# modulepath:` line", file.display()))
            .trim()
            .to_string();
        let modules = match modules_by_path.get(&modulepath) {
            Some(modules) => Arc::clone(modules),
            None => {
                let dirs = if modulepath == "-" {
                    Vec::new()
                } else {
                    match corpora::path(&modulepath) {
                        Some(dir) => vec![dir],
                        None => continue,
                    }
                };
                let modules = Arc::new(Modules::load(&dirs).unwrap());
                modules_by_path.insert(modulepath.clone(), Arc::clone(&modules));
                modules
            }
        };
        let puppet = expected(&family);
        let (mut family_agreeing, mut family_total) = (0, 0);
        for (line, code) in cases(&text) {
            let theirs = puppet.get(&line).unwrap_or_else(|| {
                panic!("{family}:{line}: not recorded; run scripts/function-cases.rb")
            });
            let ours = evaluate(&code, &modules, &facts);
            family_total += 1;
            if ours == *theirs {
                family_agreeing += 1;
            } else {
                disagreements.push(format!(
                    "{}:{line}: {}\n    puppet: {theirs:?}\n    pfacts: {ours:?}",
                    file.display(),
                    code.trim_end()
                ));
            }
        }
        println!("{family}: {family_agreeing} of {family_total} cases agree with Puppet");
        agreeing += family_agreeing;
        total += family_total;
    }
    println!("all families: {agreeing} of {total} cases agree with Puppet");
    assert!(
        disagreements.is_empty(),
        "{} cases differ from Puppet:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}
