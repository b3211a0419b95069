//! stdlib's functions whose value depends on the compiling machine or on
//! chance: pfacts marks their value unevaluated, never a guess, while
//! the calls Puppet would refuse still fail (those are in
//! `corpus/functions/cases/stdlib*.pp`, compared with Puppet).

use std::path::PathBuf;
use std::sync::Arc;

use pfacts::catalog::values::Value;
use pfacts::catalog::{Compiler, Environment, Modules};

mod corpora;

/// The text pfacts gives `code`'s value, and the values it marked.
fn evaluate(modulepath: &str, code: &str) -> Option<(String, Vec<String>)> {
    let dir = corpora::path(modulepath)?;
    let modules = Arc::new(Modules::load(&[dir]).unwrap());
    let source = format!(
        "$__result = with() || {{\n{code}\n}}\nnotify {{ '__result': message => \"${{__result}}\" }}\n"
    );
    let environment = Environment::with_source(PathBuf::from("site.pp"), &source, modules).unwrap();
    let facts = Value::from_json(&serde_json::json!({"networking": {"fqdn": "node.example.com"}}));
    let outcome = Compiler::new(&environment, facts).run("node.example.com");
    let catalog = outcome.catalog.expect("the case compiles");
    let message = catalog["resources"]
        .as_array()
        .and_then(|resources| resources.iter().find(|r| r["title"] == "__result"))
        .map(|r| r["parameters"]["message"].to_string())
        .unwrap_or_default();
    let marks = outcome
        .unevaluated
        .iter()
        .map(|mark| mark.what.clone())
        .collect();
    Some((message, marks))
}

#[test]
fn machine_and_chance_are_marked_not_guessed() {
    for (modulepath, code, what) in [
        (
            "corpus/forge-modules/modules",
            "shuffle(['a', 'b', 'c'])",
            "shuffle()",
        ),
        (
            "corpus/forge-modules/modules",
            "glob('/etc/*')",
            "glob(\"/etc/*\")",
        ),
        (
            "corpus/forge-modules/modules",
            "str2saltedsha512('x')",
            "str2saltedsha512()",
        ),
        (
            "corpus/forge-modules/modules",
            "validate_cmd('x', '/usr/bin/true')",
            "validate_cmd(\"/usr/bin/true\")",
        ),
        (
            "corpus/forge-modules/modules",
            "stdlib::parsehocon('a = 1')",
            "parsehocon(\"a = 1\")",
        ),
        ("corpus/forge-modules/modules", "pry()", "pry()"),
        ("corpus/debian-modules", "time()", "time()"),
    ] {
        let Some((message, marks)) = evaluate(modulepath, code) else {
            return;
        };
        assert!(message.contains("not evaluated"), "{code}: {message}");
        assert!(marks.iter().any(|mark| mark == what), "{code}: {marks:?}");
    }
}
