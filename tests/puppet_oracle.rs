//! pfacts against Puppet 7 itself: catalogs and compile errors recorded by
//! `scripts/compile-with-puppet.rb` in `corpus/*/expected/`.
//!
//! - `defaults_agree_with_puppets_catalog`: the value Puppet's catalog has
//!   for an attribute a resource does not set itself is among the defaults
//!   pfacts predicts (`default-inheritance`), the only one where a single
//!   default reaches it, and every such attribute is predicted.
//! - `unknown_variable_is_where_puppet_fails`: Puppet's compile error under
//!   `--strict_variables` stands where pfacts reports `unknown-variable`.
//! - `circular_inheritance_is_what_kills_puppet`: Puppet dies with "stack
//!   level too deep" and no location; pfacts names the cycle.
//! - `order_dependent_default_is_what_puppet_resolves_by_order`: a class
//!   declared from two scopes gets the default of the one Puppet evaluates
//!   first; pfacts reports the dependence, but not for a type whose
//!   default the class sets itself (Puppet applies its own).
//! - `assert_private_fails_where_pfacts_reports_private_access`: stdlib's
//!   real `assert_private()` (from the Debian corpus) fails the compilation
//!   for the uses pfacts reports, and not for ordering or own-module uses.
//! - `unknown_names_are_where_puppet_fails`: unknown class, resource type and
//!   function, each flagged at the line where Puppet's compilation fails,
//!   and the defined look-alikes beside them stay silent.
//! - `validation_fixtures_agree_with_puppets_validator`: each file of
//!   corpus/validation is refused by pfacts at the line where Puppet's
//!   parser and validator refuse it (with Puppet's issue code in the
//!   message), and the file Puppet accepts gives no diagnostic.
//! - `every_validator_code_is_mapped`: docs/validation.md has a row for
//!   each issue code of Puppet's validator, as listed from Puppet.
//! - `declaration_errors_are_where_puppet_fails`: unknown and missing
//!   parameters, duplicate resources, and the compile errors written in
//!   the text (duplicate attributes and titles, `Class { }`, defaults set
//!   twice, reserved and reassigned variables, a required parameter after
//!   an optional one), each where Puppet's compilation of its node fails; nothing on the node Puppet compiles; a class defined
//!   twice is reported where Puppet ignores it.

use std::collections::{HashMap, HashSet};

use pfacts::diagnostic::Severity;
use pfacts::facts::names::capitalize;
use pfacts::facts::{self, schema::Sym};
use pfacts::rules::Analysis;
use serde_json::Value;

mod evaluation_order;
use evaluation_order::NODES as EVALUATION_ORDER_NODES;

fn expected(environment: &str) -> Value {
    let path = format!("corpus/{environment}/expected/catalog.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `'0644'` as Puppet evaluates it: `0644`.
fn literal_value(text: &str) -> &str {
    text.trim_matches(|c| c == '\'' || c == '"')
}

/// A catalog value as the fixture writes it: a string without quotes, an
/// array of strings as `['a', 'b']`.
fn puppet_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => {
            let items: Vec<String> = items
                .iter()
                .map(|item| format!("'{}'", item.as_str().unwrap_or_default()))
                .collect();
            format!("[{}]", items.join(", "))
        }
        _ => String::new(),
    }
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
    let analysis = Analysis::new(&extraction);
    let facts = &extraction.facts;
    let text = |sym: Sym| extraction.interner.resolve(sym);
    let overridden: HashSet<(Sym, Sym, Sym)> = facts
        .resource_override
        .iter()
        .map(|row| (row.type_name, row.title, row.attr))
        .collect();

    // (type, title, attribute) -> the values of the defaults that reach it.
    let mut predicted: HashMap<(String, String, String), Vec<String>> = HashMap::new();
    for applies in &analysis.defaults().applies {
        let resource = analysis.resource(applies.0);
        if !resource.title_literal
            || overridden.contains(&(resource.type_name, resource.title, applies.1))
        {
            continue;
        }
        let default = analysis.default_row(applies.2, applies.1).unwrap();
        let key = (
            capitalize(text(resource.type_name)),
            text(resource.title).to_string(),
            text(applies.1).to_string(),
        );
        predicted
            .entry(key)
            .or_default()
            .push(literal_value(text(default.value_text)).to_string());
    }
    assert!(
        predicted.len() >= 10,
        "the fixture exercises defaults: {predicted:?}"
    );

    // A default pfacts predicts alone is what Puppet applies; where several
    // reach a resource (order-dependent-default), Puppet applies one of them.
    for ((type_name, title, attr), values) in &predicted {
        let in_catalog = resources
            .iter()
            .find(|candidate| {
                candidate["type"] == type_name.as_str() && candidate["title"] == title.as_str()
            })
            .unwrap_or_else(|| panic!("{type_name}[{title}] is in Puppet's catalog"));
        let value = puppet_text(&in_catalog["parameters"][attr.as_str()]);
        assert!(
            values.contains(&value),
            "{type_name}[{title}] {attr}: Puppet {value}, pfacts {values:?}"
        );
        if values.len() == 1 {
            assert_eq!(value, values[0], "{type_name}[{title}] {attr}");
        }
    }

    // Every attribute of a catalog resource that pfacts knows with a literal
    // title, and that the resource does not set itself, came from a default.
    let mut checked = 0;
    for resource in facts.resource.iter().filter(|row| row.title_literal) {
        let (type_name, title) = (capitalize(text(resource.type_name)), text(resource.title));
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
                predicted.contains_key(&(type_name.clone(), title.to_string(), attr.clone())),
                "{type_name}[{title}] {attr} comes from a default pfacts does not predict"
            );
        }
    }
    assert!(checked >= 10);
}

#[test]
fn order_dependent_default_is_what_puppet_resolves_by_order() {
    let catalog = expected("defaults");
    let common = catalog["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|resource| resource["title"] == "/etc/common")
        .unwrap();
    // base is evaluated first (app inherits it), so its default wins.
    assert_eq!(common["parameters"]["mode"], "0644");
    // Its own Exec default shadows app's, whichever parent it has.
    let exec = catalog["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|resource| resource["title"] == "refresh-common")
        .unwrap();
    assert_eq!(
        exec["parameters"]["path"],
        serde_json::json!(["/usr/local/bin"])
    );
    let extraction = facts::extract_paths(&["corpus/defaults".into()]);
    let reported: Vec<String> = pfacts::lints::check(&extraction)
        .into_iter()
        .filter(|diagnostic| diagnostic.rule == "order-dependent-default")
        .map(|diagnostic| diagnostic.message)
        .collect();
    // Declared by `base` and by `app`, which inherits `base`: first by
    // `base`, as pfacts knows.
    assert!(
        !reported
            .iter()
            .any(|message| message.contains("class `common`")),
        "{reported:?}"
    );
    // Declared by `app` and `peer`, which the node declares in that order:
    // `app`'s default wins here, and only the node's order says so.
    let shared = catalog["resources"]
        .as_array()
        .unwrap()
        .iter()
        .find(|resource| resource["title"] == "/etc/shared")
        .unwrap();
    assert_eq!(shared["parameters"]["mode"], "0600");
    assert!(
        reported
            .iter()
            .any(|message| message.contains("file resources of class `shared`")),
        "{reported:?}"
    );
    assert!(
        !reported.iter().any(|message| message.contains("exec")),
        "{reported:?}"
    );
}

#[test]
fn unknown_names_are_where_puppet_fails() {
    let extraction = facts::extract_paths(&["corpus/names".into()]);
    let diagnostics = pfacts::lints::check(&extraction);
    // Each rule's findings are at the lines where Puppet fails, one node
    // each; the guard node's dead branches give none.
    let mut expected: std::collections::BTreeMap<&str, Vec<usize>> = Default::default();
    for (node, rule, message) in [
        (
            "class",
            "unknown-class",
            "Could not find class ::missing::thing",
        ),
        (
            "type",
            "unknown-resource-type",
            "Unknown resource type: 'nosuch'",
        ),
        ("function", "unknown-function", "Unknown function: 'nofunc'"),
        (
            "guard",
            "unknown-class",
            "Could not find class ::missing::guarded",
        ),
    ] {
        let recorded =
            std::fs::read_to_string(format!("corpus/names/expected/{node}.json")).unwrap();
        let error = serde_json::from_str::<Value>(&recorded).unwrap()["error"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(error.contains(message), "{error}");
        let line: usize = error
            .split("line: ")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        expected.entry(rule).or_default().push(line);
    }
    for (rule, lines) in expected {
        let flagged: Vec<usize> = diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.rule == rule)
            .map(|diagnostic| diagnostic.location.unwrap().line)
            .collect();
        assert_eq!(flagged, lines, "{rule}: Puppet fails at lines {lines:?}");
    }
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

/// What Puppet did with the reads of one line: (file, line) of each notify
/// it evaluated, and (file, line, name) of each "Unknown variable" warning.
struct Compiled {
    evaluated: HashSet<(String, u32)>,
    unknown: HashSet<(String, u32, String)>,
}

fn compiled(node: &str) -> Compiled {
    let catalog = expected_file(&format!("evaluation-order/expected/{node}.json"));
    let evaluated = catalog["resources"]
        .as_array()
        .expect("Puppet compiled the node")
        .iter()
        .filter(|resource| resource["type"] == "Notify")
        .map(|resource| {
            let file = resource["file"].as_str().unwrap().to_string();
            (file, resource["line"].as_u64().unwrap() as u32)
        })
        .collect();
    // "Unknown variable: 'app::orphan::value'. (modules/app/manifests/init.pp:12)"
    let unknown = catalog["warnings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|warning| {
            let rest = warning.as_str()?.strip_prefix("Unknown variable: '")?;
            let (name, rest) = rest.split_once("'. (")?;
            let (file, line) = rest.trim_end_matches(')').rsplit_once(':')?;
            Some((file.to_string(), line.parse().ok()?, name.to_string()))
        })
        .collect();
    Compiled { evaluated, unknown }
}

/// The reads whose answer depends on evaluation order: `$c::x` (class `c`
/// must be evaluated first), node-scope variables (the reading class must
/// be first declared from the node) and top-scope ones (assigned before
/// top-level code declares the reading class).
#[test]
fn reads_are_judged_as_puppet_evaluates() {
    let root = std::path::Path::new("corpus/evaluation-order");
    let extraction = facts::extract_paths(&[root.into()]);
    let analysis = Analysis::new(&extraction);
    let nodes: Vec<Compiled> = EVALUATION_ORDER_NODES
        .iter()
        .map(|node| compiled(node))
        .collect();
    let scope = analysis.scope();
    let resolved: HashSet<_> = scope.resolves.iter().map(|row| row.reference()).collect();
    let order_dependent: HashSet<_> = scope
        .order_dependent
        .iter()
        .map(|row| row.reference())
        .collect();
    let too_early: HashSet<_> = scope.too_early.iter().map(|row| row.reference()).collect();
    // (file, line) of the reads Puppet never finds, and of those it finds
    // in some nodes only.
    let mut never_found = HashSet::new();
    let mut sometimes_found = HashSet::new();
    let mut judged = 0;
    for read in &extraction.facts.var_ref {
        let namespace = analysis.text(read.namespace);
        let file = analysis.path(read.file);
        let file = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let qualified = !namespace.is_empty() && namespace != "::";
        // Templates are judged below.
        if !qualified && !file.starts_with("modules/vis/") || file.contains("/templates/") {
            continue;
        }
        let name = analysis.text(read.name).to_string();
        let warned = nodes
            .iter()
            .filter(|node| {
                node.unknown
                    .contains(&(file.clone(), read.line, name.clone()))
            })
            .count();
        // A node evaluated the read where it evaluated the notify that
        // reads it, or (for a parameter's default) one of its class's.
        let found = nodes
            .iter()
            .filter(|node| {
                node.evaluated
                    .iter()
                    .any(|(evaluated, _)| *evaluated == file)
            })
            .count()
            - warned;
        let at = format!("${name} at {file}:{}", read.line);
        if too_early.contains(&read.reference) {
            assert!(!resolved.contains(&read.reference), "{at}");
        }
        if order_dependent.contains(&read.reference) {
            assert!(
                warned > 0 && found > 0,
                "{at}: found in {found} nodes, unknown in {warned}"
            );
            sometimes_found.insert((file, read.line));
        } else if resolved.contains(&read.reference) {
            assert!(found > 0 && warned == 0, "{at}: unknown in {warned} nodes");
        } else {
            assert!(
                warned > 0 && found == 0,
                "{at}: Puppet finds it in {found} nodes"
            );
            never_found.insert((file, read.line));
        }
        judged += 1;
    }
    assert_eq!(
        judged, 19,
        "10 qualified reads, 4 of `$role`, 5 of top-scope variables"
    );
    // A template sees the node scope its renderer sees: `vis::sometimes`'s
    // template reads `$role` where Puppet finds it in some nodes only.
    let (template, renderer) = (
        "modules/vis/templates/role.epp",
        "modules/vis/manifests/sometimes.pp",
    );
    let template_read = (template.to_string(), 1, "role".to_string());
    let warned = nodes
        .iter()
        .filter(|node| node.unknown.contains(&template_read))
        .count();
    let rendered = nodes
        .iter()
        .filter(|node| node.evaluated.iter().any(|(file, _)| file == renderer))
        .count();
    assert!(
        warned > 0 && rendered > warned,
        "{template}: unknown in {warned} of {rendered} nodes"
    );
    sometimes_found.insert((template.to_string(), 1));

    let findings = |rule: &str| -> HashSet<(String, u32)> {
        pfacts::lints::check(&extraction)
            .into_iter()
            .filter(|diagnostic| diagnostic.rule == rule)
            .map(|diagnostic| {
                let file = diagnostic.path.strip_prefix(root).unwrap();
                let line = diagnostic.location.unwrap().line as u32;
                (file.to_string_lossy().to_string(), line)
            })
            .collect()
    };
    // What Puppet never finds is `unknown-variable`; a node-scope read it
    // finds in some nodes is `order-dependent-variable` (a qualified one
    // is marked in `resolved-variables` only).
    let outside_templates = |found: HashSet<(String, u32)>| -> HashSet<(String, u32)> {
        found
            .into_iter()
            .filter(|(file, _)| !file.contains("/templates/"))
            .collect()
    };
    assert_eq!(outside_templates(findings("unknown-variable")), never_found);
    let node_scope: HashSet<(String, u32)> = sometimes_found
        .into_iter()
        .filter(|(file, _)| file.starts_with("modules/vis/"))
        .collect();
    assert_eq!(findings("order-dependent-variable"), node_scope);
    assert_eq!(node_scope.len(), 2);
}

/// Puppet evaluates a template file in the global scope (the node scope
/// around its caller, or top scope): each read of template.example.com's
/// templates is an `unknown-variable` finding exactly where Puppet warned
/// "Unknown variable", at the same column as `pfacts catalog` gives it.
#[test]
fn template_reads_are_judged_as_puppet_evaluates() {
    let root = std::path::Path::new("corpus/evaluation-order");
    let extraction = facts::extract_paths(&[root.into()]);
    let node = compiled("template");
    let mut warned: Vec<(String, u32, String)> = node
        .unknown
        .into_iter()
        .filter(|(file, ..)| file.contains("/templates/"))
        .collect();
    // Puppet warns each time it renders: global.epp is rendered twice.
    warned.sort();
    warned.dedup();
    let mut found: Vec<(String, u32, String)> = pfacts::lints::check(&extraction)
        .into_iter()
        .filter(|diagnostic| diagnostic.rule == "unknown-variable")
        .filter_map(|diagnostic| {
            let file = diagnostic.path.strip_prefix(root).ok()?.to_string_lossy();
            let name = diagnostic.message.strip_prefix('`')?.split('`').next()?;
            Some((
                file.to_string(),
                diagnostic.location?.line as u32,
                name.trim_start_matches('$').to_string(),
            ))
        })
        .filter(|(file, ..)| file.contains("/templates/"))
        .collect();
    found.sort();
    assert_eq!(found, warned);
    // Reads of a parameter, the node's variable, a top-scope one, the
    // template's own, a lambda's, arguments (literal and computed) of
    // templates without parameters, and qualified ones (automatic
    // variables too): all known.
    let template_reads = extraction
        .facts
        .var_ref
        .iter()
        .filter(|read| {
            let path = extraction
                .interner
                .resolve(extraction.facts.file[read.file.0 as usize - 1].path);
            path.contains("/tmpl/templates/")
        })
        .count();
    assert_eq!((template_reads, found.len()), (20, 6));
}

/// "a resource takes the defaults in reach when it is declared": the
/// default each file of node defaults.example.com gets is the one pfacts
/// predicts, and `late-default` names exactly the files that keep an outer
/// value because they come before the default.
#[test]
fn defaults_reach_what_is_declared_after_them() {
    let root = std::path::Path::new("corpus/evaluation-order");
    let extraction = facts::extract_paths(&[root.into()]);
    let analysis = Analysis::new(&extraction);
    let catalog = expected_file("evaluation-order/expected/defaults.json");
    let files: Vec<&Value> = catalog["resources"]
        .as_array()
        .expect("Puppet compiled the node")
        .iter()
        .filter(|resource| resource["type"] == "File")
        .collect();
    assert_eq!(files.len(), 12);
    // Each file's defaults, define instances' expanded by their titles.
    let predicted = pfacts::query::run("default-inheritance", &analysis).unwrap();
    let mut mode_of = HashMap::new();
    // Both ways: each value Puppet gives is predicted, each prediction is
    // Puppet's value.
    for (attribute, given) in [("mode", 11), ("owner", 11), ("group", 2)] {
        let puppet: HashMap<String, String> = files
            .iter()
            .map(|file| {
                let title = file["title"].as_str().unwrap().to_string();
                (title, puppet_text(&file["parameters"][attribute]))
            })
            .collect();
        let mut static_values: HashMap<&str, &str> = HashMap::new();
        for row in predicted.rows.iter().filter(|row| row[1] == attribute) {
            let title = row[0]
                .as_str()
                .unwrap()
                .strip_prefix("File[")
                .and_then(|rest| rest.strip_suffix(']'))
                .unwrap();
            assert!(puppet.contains_key(title), "{title}");
            static_values.insert(title, literal_value(row[2].as_str().unwrap()));
        }
        for (title, value) in &puppet {
            let predicted = static_values.get(title.as_str()).copied().unwrap_or("");
            assert_eq!(predicted, value, "{attribute} of {title}");
        }
        assert_eq!(static_values.len(), given, "{attribute}: {static_values:?}");
        if attribute == "mode" {
            mode_of = puppet;
        }
    }
    // Declared by a manifest that runs before site.pp's `File` default,
    // and first: the node's default does not reach it either.
    assert_eq!(mode_of["/dflt/before-file"], "");
    let order_dependent = pfacts::lints::check(&extraction)
        .into_iter()
        .filter(|diagnostic| diagnostic.rule == "order-dependent-default")
        .count();
    assert_eq!(order_dependent, 0);

    let late: Vec<String> = pfacts::lints::check(&extraction)
        .into_iter()
        .filter(|diagnostic| diagnostic.rule == "late-default")
        .map(|diagnostic| diagnostic.message)
        .collect();
    assert_eq!(late.len(), 4, "{late:?}");
    let of = |value: &str| -> &String {
        let found: Vec<&String> = late
            .iter()
            .filter(|message| message.contains(&format!("=> '{value}'")))
            .collect();
        assert_eq!(found.len(), 1, "{value}: {late:?}");
        found[0]
    };
    // site.pp's default misses the file of the class an earlier manifest
    // declared.
    assert!(
        of("0644").ends_with(": File[/dflt/before-file]"),
        "{late:?}"
    );
    // The files Puppet leaves with the outer value, though inside the
    // late default's scope chain.
    let class = of("0600");
    for title in ["/late/before", "/late/early-class"] {
        assert_eq!(mode_of[title], "0644");
        assert!(class.contains(&format!("File[{title}]")), "{late:?}");
    }
    assert!(!class.contains("/late/after") && !class.contains("/late/later-class"));
    // A resource in a branch before a default misses it; a default in a
    // branch misses what came before it; a branch apart from the default
    // never meets it (Puppet gives `/branch/apart` top scope's mode).
    assert!(
        of("late-group").ends_with(": File[/branch/before]"),
        "{late:?}"
    );
    assert!(
        of("0640").ends_with(": File[/branch/before], File[/branch/after]"),
        "{late:?}"
    );
    assert_eq!(mode_of["/branch/apart"], "0644");
    assert!(late.iter().all(|message| !message.contains("apart")));
}

#[test]
fn automatic_variables_are_declared_in_their_scope() {
    let root = std::path::Path::new("corpus/evaluation-order");
    let extraction = facts::extract_paths(&[root.into()]);
    let analysis = Analysis::new(&extraction);
    let automatic = compiled("automatic");
    assert!(
        automatic
            .unknown
            .iter()
            .all(|(_, _, name)| !matches!(name.as_str(), "title" | "name" | "module_name")),
        "Puppet knows them all"
    );
    let declared: HashMap<_, _> = analysis
        .scope()
        .resolves
        .iter()
        .map(|row| (row.reference(), row.declared_in()))
        .collect();
    let mut checked = 0;
    for read in &extraction.facts.var_ref {
        let name = analysis.text(read.name);
        let in_defaults_fixture = analysis
            .path(read.file)
            .to_string_lossy()
            .contains("/dflt/");
        if !matches!(name, "title" | "name" | "module_name") || in_defaults_fixture {
            continue;
        }
        let at = format!(
            "${name} at line {} of {}",
            read.line,
            analysis.path(read.file).display()
        );
        let scope = *declared
            .get(&read.reference)
            .unwrap_or_else(|| panic!("{at} resolves"));
        let row = analysis
            .scope_row(scope)
            .unwrap_or_else(|| panic!("{at}: not top scope"));
        let file = analysis.path(read.file);
        let file = file
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .to_string();
        assert!(
            automatic.evaluated.contains(&(file, read.line)),
            "{at}: Puppet evaluated it"
        );
        // Puppet's value of `$title` in a class or node is its name, as
        // the catalog's notify title shows; a define's body reads the
        // instance's.
        let expected = match row.kind {
            pfacts::facts::schema::ScopeKind::Class => "class app::automatic",
            pfacts::facts::schema::ScopeKind::Define => "define app::instance",
            pfacts::facts::schema::ScopeKind::Node => "node automatic.example.com",
            pfacts::facts::schema::ScopeKind::Lambda => panic!("{at}: a lambda sets none"),
            other => panic!("{at}: {other:?}"),
        };
        let scope_name = format!("{} {}", row.kind.name(), analysis.text(row.name));
        assert_eq!(scope_name, expected, "{at}");
        checked += 1;
    }
    assert_eq!(
        checked, 11,
        "three in the class, two in its lambda, three in the define, three in the node"
    );
    // The values Puppet gave them.
    let titles: Vec<&str> = vec![
        "class title=app::automatic name=app::automatic module=app",
        "lambda x title=app::automatic module=app",
        "instance title=one name=one module=app",
        "node title=automatic.example.com name=automatic.example.com module=",
    ];
    let catalog = expected_file("evaluation-order/expected/automatic.json");
    for title in titles {
        assert!(
            catalog["resources"]
                .as_array()
                .unwrap()
                .iter()
                .any(|resource| resource["title"] == title),
            "{title}"
        );
    }
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

#[test]
fn assert_private_fails_where_pfacts_reports_private_access() {
    let extraction = facts::extract_paths(&["corpus/assert_private".into()]);
    let found: Vec<(String, usize, Severity)> = pfacts::lints::check(&extraction)
        .into_iter()
        .filter(|diagnostic| diagnostic.rule == "private-access")
        .map(|diagnostic| {
            let line = diagnostic.location.unwrap().line;
            (diagnostic.message, line, diagnostic.severity)
        })
        .collect();
    let reported: Vec<(String, usize)> = found
        .iter()
        .filter(|(_, _, severity)| *severity == Severity::Error)
        .map(|(message, line, _)| (message.clone(), *line))
        .collect();
    // Ordering against `vault::guarded` compiles (the recorded catalog of
    // node.example.com): the spec's "forming a relationship" is a warning,
    // by a chain (line 3) as by a metaparameter (`require =>`, line 5).
    for relationship_line in [3, 5] {
        assert!(
            found.iter().any(|(message, line, severity)| message
                .starts_with("class `vault::guarded`")
                && *line == relationship_line
                && *severity == Severity::Warning),
            "line {relationship_line}: {found:?}"
        );
    }
    // Puppet names the entity (and, for a define, the instantiating line);
    // including `vault::guarded` from its own module raises nothing, in
    // Puppet as in pfacts.
    let recorded = |node: &str| {
        let text =
            std::fs::read_to_string(format!("corpus/assert_private/expected/{node}.json")).unwrap();
        serde_json::from_str::<Value>(&text).unwrap()["error"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let class_error = recorded("class");
    assert!(
        class_error.contains("Class vault::guarded is private"),
        "{class_error}"
    );
    let define_error = recorded("define");
    assert!(
        define_error.contains("Definition vault::helper is private"),
        "{define_error}"
    );
    assert!(
        define_error.contains("(file: modules/app/manifests/init.pp, line: 7)"),
        "{define_error}"
    );
    assert_eq!(reported.len(), 2, "{reported:?}");
    assert!(reported
        .iter()
        .any(|(message, _)| message.starts_with("class `vault::guarded`")));
    assert!(reported
        .iter()
        .any(|(message, line)| message.starts_with("define `vault::helper`") && *line == 7));
}

#[test]
fn declaration_errors_are_where_puppet_fails() {
    let root = std::path::Path::new("corpus/declarations");
    let extraction = facts::extract_paths(&[root.to_path_buf()]);
    let diagnostics = pfacts::lints::check(&extraction);
    let found = |rule: &str| -> HashSet<(String, usize)> {
        diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.rule == rule)
            .map(|diagnostic| {
                let path = diagnostic.path.strip_prefix(root).unwrap();
                (
                    path.to_string_lossy().into_owned(),
                    diagnostic.location.unwrap().line,
                )
            })
            .collect()
    };
    // Where Puppet's message places the error: after "cannot redeclare"
    // for a duplicate or "cannot redefine" for an override, else its first
    // location.
    let place = |error: &str| -> (String, usize) {
        let from = error
            .find("cannot redeclare")
            .or_else(|| error.find("cannot redefine"))
            .unwrap_or(0);
        let rest = &error[from..];
        let file = rest
            .split("(file: ")
            .nth(1)
            .unwrap()
            .split(',')
            .next()
            .unwrap();
        let line = rest.split("line: ").nth(1).unwrap();
        let line = line.split(|c: char| !c.is_ascii_digit()).next().unwrap();
        (file.to_string(), line.parse().unwrap())
    };
    let mut checked = 0;
    for (node, rule) in [
        ("unknown-parameter-type", "unknown-parameter"),
        ("unknown-parameter-class", "unknown-parameter"),
        ("unknown-parameter-define", "unknown-parameter"),
        ("unknown-parameter-ruby", "unknown-parameter"),
        ("missing-parameter", "missing-parameter"),
        ("missing-optional-parameter", "missing-parameter"),
        ("foreign-override", "illegal-override"),
        ("redefining-override", "illegal-override"),
        ("missing-class-parameter", "missing-class-parameter"),
        ("duplicate-resource-body", "duplicate-resource"),
        ("duplicate-resource-classes", "duplicate-resource"),
        ("duplicate-resource-define", "duplicate-resource"),
        ("duplicate-attribute", "illegal-resource"),
        ("duplicate-title", "illegal-resource"),
        ("class-defaults", "illegal-resource"),
        ("duplicate-resource-default", "illegal-resource"),
        ("reserved-variable", "illegal-assignment"),
        ("reassigned-variable", "reassigned-variable"),
        ("required-after-optional", "illegal-parameter"),
        ("definition-location", "definition-location"),
        ("top-construct", "misplaced-definition"),
        ("append-default", "illegal-resource"),
    ] {
        let recorded = expected_file(&format!("declarations/expected/{node}.json"));
        let error = recorded["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{node}: Puppet fails"));
        let at = place(error);
        assert!(
            found(rule).contains(&at),
            "{node}: Puppet fails at {at:?}: {error}"
        );
        checked += 1;
    }
    assert_eq!(checked, 22);

    // Puppet compiles these: nothing is reported in their classes.
    let clean = expected_file("declarations/expected/clean.json");
    assert!(clean["resources"].is_array(), "{clean}");
    for diagnostic in &diagnostics {
        let path = diagnostic.path.to_string_lossy();
        assert!(
            !path.ends_with("branches.pp")
                && !path.ends_with("supplied.pp")
                && !path.ends_with("overrider.pp")
                && !path.ends_with("commented.pp"),
            "{diagnostic}"
        );
    }

    // Two definitions: Puppet uses the environment's and never loads the
    // module's, which pfacts reports.
    let again = expected_file("declarations/expected/duplicate-declaration.json");
    let titles: Vec<&str> = again["resources"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|resource| resource["title"].as_str())
        .collect();
    assert!(titles.contains(&"from site.pp") && !titles.contains(&"from the module"));
    assert_eq!(
        found("duplicate-declaration"),
        HashSet::from([("modules/decl/manifests/again.pp".to_string(), 1)])
    );
}

fn expected_file(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(format!("corpus/{path}")).unwrap()).unwrap()
}

#[test]
fn validation_fixtures_agree_with_puppets_validator() {
    let root = std::path::Path::new("corpus/validation");
    let verdicts = std::fs::read_to_string(root.join("expected/verdicts.tsv")).unwrap();
    let extraction = facts::extract_paths(&[root.to_path_buf()]);
    let diagnostics = pfacts::lints::check(&extraction);
    let mut compared = 0;
    for line in verdicts.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (file, verdict, code, puppet_line) = (fields[0], fields[1], fields[2], fields[3]);
        let found: Vec<&pfacts::diagnostic::Diagnostic> = diagnostics
            .iter()
            .filter(|diagnostic| diagnostic.path == root.join(file))
            .collect();
        if verdict == "ok" {
            assert!(
                found.is_empty(),
                "{file}: Puppet accepts it, pfacts: {found:?}"
            );
        } else {
            let line: usize = puppet_line.parse().unwrap();
            let at_line: Vec<&&pfacts::diagnostic::Diagnostic> = found
                .iter()
                .filter(|diagnostic| diagnostic.location.unwrap().line == line)
                .collect();
            assert!(
                !at_line.is_empty(),
                "{file}: Puppet refuses it at line {line} ({code}), pfacts: {found:?}"
            );
            // The message names Puppet's issue code, unless pfacts' grammar
            // already refuses the text.
            assert!(
                at_line
                    .iter()
                    .any(|diagnostic| diagnostic.message.contains(code)
                        || diagnostic.rule == "syntax-error"),
                "{file}: {code}: {at_line:?}"
            );
        }
        compared += 1;
    }
    assert_eq!(compared, 53, "every fixture has Puppet's verdict");
}

#[test]
fn every_validator_code_is_mapped() {
    let codes = std::fs::read_to_string("data/puppet7-validator-codes.txt").unwrap();
    let page = std::fs::read_to_string("docs/validation.md").unwrap();
    // The first table maps Puppet's codes; the second pfacts' own.
    let table = page.split("\n## ").next().unwrap();
    let listed: Vec<&str> = codes
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect();
    assert!(listed.len() > 40, "{listed:?}");
    for code in &listed {
        assert!(
            table.contains(&format!("| `{code}` |")),
            "docs/validation.md has no row for {code}"
        );
    }
    let rows = table.lines().filter(|line| line.starts_with("| `")).count();
    assert_eq!(rows, listed.len(), "one row per code, no other");
}
