//! pfacts against Puppet 7 itself: catalogs and compile errors recorded by
//! `scripts/compile-with-puppet.rb` in `corpus/*/expected/`.
//!
//! - `defaults_agree_with_puppets_catalog`: every default pfacts predicts
//!   for a resource (`default-inheritance`) is the attribute's value in
//!   Puppet's catalog, and every attribute of the catalog that the resource
//!   does not set itself is predicted.
//! - `unknown_variable_is_where_puppet_fails`: Puppet's compile error under
//!   `--strict_variables` stands where pfacts reports `unknown-variable`.
//! - `circular_inheritance_is_what_kills_puppet`: Puppet dies with "stack
//!   level too deep" and no location; pfacts names the cycle.

use std::collections::HashSet;

use pfacts::facts::{self, schema::Sym};
use pfacts::lints::Context;
use serde_json::Value;

fn expected(environment: &str) -> Value {
    let path = format!("corpus/{environment}/expected/catalog.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `'0644'` as Puppet evaluates it: `0644`.
fn literal_value(text: &str) -> &str {
    text.trim_matches(|c| c == '\'' || c == '"')
}

/// `apache::vhost` as a catalog type: `Apache::Vhost`.
fn catalog_type(type_name: &str) -> String {
    type_name
        .split("::")
        .map(|segment| {
            let mut chars = segment.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect::<Vec<_>>()
        .join("::")
}

const METAPARAMETERS_AND_NAMEVARS: &[&str] =
    &["path", "before", "require", "notify", "subscribe", "name"];

#[test]
fn defaults_agree_with_puppets_catalog() {
    let catalog = expected("defaults");
    let resources = catalog["resources"]
        .as_array()
        .expect("Puppet compiled the catalog");
    let extraction = facts::extract_paths(&["corpus/defaults".into()]);
    let context = Context::new(&extraction);
    let facts = &extraction.facts;
    let text = |sym: Sym| extraction.interner.resolve(sym);
    let overridden: HashSet<(Sym, Sym, Sym)> = facts
        .resource_override
        .iter()
        .map(|row| (row.type_name, row.title, row.attr))
        .collect();

    let mut predicted: HashSet<(String, String, String)> = HashSet::new();
    for applies in &context.defaults.applies {
        let resource = context.resource(applies.0);
        if !resource.title_literal
            || overridden.contains(&(resource.type_name, resource.title, applies.1))
        {
            continue;
        }
        let default = context.default_rows(applies.2, applies.1).unwrap();
        let (type_name, title, attr) = (
            catalog_type(text(resource.type_name)),
            text(resource.title),
            text(applies.1),
        );
        let in_catalog = resources
            .iter()
            .find(|candidate| {
                candidate["type"] == type_name.as_str() && candidate["title"] == title
            })
            .unwrap_or_else(|| panic!("{type_name}[{title}] is in Puppet's catalog"));
        assert_eq!(
            in_catalog["parameters"][attr],
            literal_value(text(default.value_text)),
            "{type_name}[{title}] {attr}"
        );
        predicted.insert((type_name, title.to_string(), attr.to_string()));
    }
    assert!(
        predicted.len() >= 10,
        "the fixture exercises defaults: {predicted:?}"
    );

    // Every attribute of a catalog resource that pfacts knows with a literal
    // title, and that the resource does not set itself, came from a default.
    let mut checked = 0;
    for resource in facts.resource.iter().filter(|row| row.title_literal) {
        let (type_name, title) = (catalog_type(text(resource.type_name)), text(resource.title));
        let Some(in_catalog) = resources.iter().find(|candidate| {
            candidate["type"] == type_name.as_str() && candidate["title"] == title
        }) else {
            continue;
        };
        let own: HashSet<&str> = facts
            .resource_attr
            .iter()
            .filter(|row| row.res == resource.res)
            .map(|row| text(row.attr))
            .collect();
        for attr in in_catalog["parameters"].as_object().unwrap().keys() {
            let from_override = overridden.iter().any(|(t, n, a)| {
                (*t, *n) == (resource.type_name, resource.title) && text(*a) == attr
            });
            if own.contains(attr.as_str())
                || from_override
                || METAPARAMETERS_AND_NAMEVARS.contains(&attr.as_str())
            {
                continue;
            }
            checked += 1;
            assert!(
                predicted.contains(&(type_name.clone(), title.to_string(), attr.clone())),
                "{type_name}[{title}] {attr} comes from a default pfacts does not predict"
            );
        }
    }
    assert!(checked >= 10);
}

#[test]
fn unknown_variable_is_where_puppet_fails() {
    let error = expected("scope")["error"].as_str().unwrap().to_string();
    assert!(error.contains("Unknown variable: 'port'"), "{error}");
    assert!(
        error.contains("profile/manifests/site.pp, line: 3, column: 17"),
        "{error}"
    );
    let extraction = facts::extract_paths(&["corpus/scope".into()]);
    let found = pfacts::lints::check(&extraction)
        .into_iter()
        .any(|diagnostic| {
            diagnostic.rule == "unknown-variable"
                && diagnostic.path.ends_with("profile/manifests/site.pp")
                && diagnostic
                    .location
                    .map(|location| (location.line, location.column))
                    == Some((3, 17))
        });
    assert!(found, "pfacts reports the variable Puppet fails on");
}

#[test]
fn circular_inheritance_is_what_kills_puppet() {
    assert_eq!(expected("inheritance")["error"], "stack level too deep");
    let extraction = facts::extract_paths(&["corpus/inheritance".into()]);
    let cycles: Vec<String> = pfacts::lints::check(&extraction)
        .into_iter()
        .filter(|diagnostic| diagnostic.rule == "circular-inheritance")
        .map(|diagnostic| diagnostic.message)
        .collect();
    // The node includes `other`, which inherits `cycle::b`: on the cycle.
    assert!(
        cycles.iter().any(|message| message.contains("`cycle::b`")),
        "{cycles:?}"
    );
}
