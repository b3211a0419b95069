//! The evaluator as proof of the static analysis (issue 18): each node of
//! `corpus/` that Puppet 7 compiled (or refused: followed up to the error),
//! and each Debian example Puppet compiled, is both compiled by `pfacts
//! catalog`'s evaluator (Puppet 7's evaluation order) and analyzed, and the
//! two are held to each other, relation by relation:
//!
//! - each default the evaluator gives a resource, and each variable it
//!   reads (with where it is declared, or that it finds none), is
//!   predicted by the static relations;
//! - each static answer without an order-dependent mark holds in the
//!   evaluator: a read resolved to one declaration finds that one, an
//!   unresolved read finds nothing, and a default that reaches a resource
//!   unconditionally, written before it, is given to it.

mod corpora;
mod evaluation_order;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use pfacts::catalog::{Compiler, Environment, Found, Trace};
use serde_json::Value;

/// The environments of `corpus/` that compile, for `node.example.com`,
/// beside `corpus/evaluation-order` and its nodes, and [`RECORDED`].
const COMPILING: &[&str] = &[
    "defaults",
    "scope",
    "example",
    "order",
    "erb",
    "hiera",
    "epp",
    "resource-form",
    "ruby",
];

/// Every other node of `corpus/` that `scripts/ask-puppet.sh` compiles
/// with Puppet 7 and the corpus's facts: environment, node (without
/// `.example.com`) and the file that holds what Puppet compiled. A node
/// that Puppet refuses is followed up to the error that stops the
/// evaluator.
const RECORDED: &[(&str, &str, &str)] = &[
    ("layout", "node", "puppet-catalog.json"),
    ("modulepath", "node", "puppet-catalog.json"),
    ("inheritance", "web", "catalog.json"),
    ("names", "class", "class.json"),
    ("names", "type", "type.json"),
    ("names", "function", "function.json"),
    ("names", "guard", "guard.json"),
    ("hiera", "unknown-data", "puppet-catalog-unknown-data.json"),
    ("hiera", "unknown-path", "puppet-catalog-unknown-path.json"),
    (
        "epp",
        "missing-template",
        "puppet-catalog-missing-template.json",
    ),
    (
        "epp",
        "missing-parameter",
        "puppet-catalog-missing-parameter.json",
    ),
    ("resource-form", "flat", "puppet-catalog-flat.json"),
    ("resource-form", "chain", "puppet-catalog-chain.json"),
    ("resource-form", "numbers", "puppet-catalog-numbers.json"),
    ("hiera-keys", "node", "puppet-catalog.json"),
    ("hiera-keys", "typed", "puppet-catalog-typed.json"),
    ("hiera-keys", "json-typo", "puppet-catalog-json-typo.json"),
    ("hiera-keys", "json-wrong", "puppet-catalog-json-wrong.json"),
    (
        "hiera-keys",
        "lists-wrong",
        "puppet-catalog-lists-wrong.json",
    ),
    (
        "hiera-keys",
        "lists-right",
        "puppet-catalog-lists-right.json",
    ),
    (
        "hiera-keys",
        "aliased-wrong",
        "puppet-catalog-aliased-wrong.json",
    ),
    (
        "hiera-keys",
        "aliased-right",
        "puppet-catalog-aliased-right.json",
    ),
    ("demo", "web01", "puppet-web01.json"),
    ("demo", "db01", "puppet-db01.json"),
    ("demo", "other", "puppet-other.json"),
];

/// The nodes of `corpus/declarations`, each compiled by Puppet 7 into
/// `expected/<node>.json`.
const DECLARATIONS: &[&str] = &[
    "unknown-parameter-type",
    "unknown-parameter-class",
    "unknown-parameter-define",
    "unknown-parameter-ruby",
    "missing-parameter",
    "missing-optional-parameter",
    "foreign-override",
    "redefining-override",
    "missing-class-parameter",
    "duplicate-resource-body",
    "duplicate-resource-classes",
    "duplicate-resource-define",
    "duplicate-declaration",
    "clean",
    "duplicate-attribute",
    "duplicate-title",
    "class-defaults",
    "duplicate-resource-default",
    "reserved-variable",
    "reassigned-variable",
    "required-after-optional",
    "definition-location",
    "top-construct",
    "append-default",
];

/// The nodes of `corpus/types`, each compiled by Puppet 7 with the Debian
/// corpus's modules into `expected/<node>.json`.
const TYPES: &[&str] = &[
    "node",
    "wrong-type",
    "wrong-element",
    "wrong-alias",
    "wrong-struct",
    "undef-given",
    "missing",
    "default-reads-missing",
    "define-type",
    "function-type",
];

/// The nodes of `corpus/puppet8`, each compiled by Puppet 7 with its
/// defaults into `expected/<node>-puppet7.json`.
const PUPPET8: &[&str] = &[
    "top", "plain", "hash", "function", "erb", "epp", "hiera", "level", "keys", "clean",
];

/// Whether Puppet refused to compile the node whose result `recorded`
/// (a path below `corpus/`) holds.
fn puppet_refused(recorded: &str) -> bool {
    let text = std::fs::read_to_string(format!("corpus/{recorded}")).unwrap();
    let catalog: Value = serde_json::from_str(&text).unwrap();
    catalog.get("error").is_some()
}

fn facts(path: &str) -> pfacts::catalog::values::Value {
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    pfacts::catalog::values::Value::from_json(&json)
}

/// Compiles `node` of the environment at `dir`, with `modules` before the
/// environment's own modulepath: what the evaluator did, up to the error
/// that stopped it if `may_fail` (Puppet's `assert_private` stops it).
fn compile(
    dir: &Path,
    modules: &[PathBuf],
    node: &str,
    facts_file: &str,
    may_fail: bool,
) -> Compiled {
    let (modulepath, manifest) = pfacts::facts::layout::environment_paths(dir);
    let dirs: Vec<PathBuf> = modules.iter().cloned().chain(modulepath).collect();
    let code = Environment::load(&manifest, &dirs).unwrap();
    let outcome = Compiler::new(&code, facts(facts_file)).traced().run(node);
    let resources = match &outcome.catalog {
        Ok(catalog) => catalog["resources"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|resource| {
                let type_name = resource["type"].as_str().unwrap_or_default();
                let title = resource["title"].as_str().unwrap_or_default();
                let site = resource["file"]
                    .as_str()
                    .zip(resource["line"].as_u64())
                    .map(|(file, line)| (file.to_string(), line));
                (format!("{type_name}[{title}]"), site)
            })
            .collect(),
        Err(error) if !may_fail => panic!("{}: {node}: {error:?}", dir.display()),
        Err(_) => HashMap::new(),
    };
    Compiled {
        trace: outcome.trace,
        resources,
    }
}

/// What the evaluator did in one compile, and the resources of its
/// catalog (`Type[title]`, with the file and line that declare it; none
/// when the compile failed).
struct Compiled {
    trace: Trace,
    resources: HashMap<String, Option<(String, u64)>>,
}

/// A query's rows, each as a map from column to value.
fn rows(analysis: &pfacts::rules::Analysis, query: &str) -> Vec<HashMap<&'static str, Value>> {
    let table = pfacts::query::run(query, analysis).unwrap();
    table
        .rows
        .into_iter()
        .map(|row| table.columns.iter().copied().zip(row).collect())
        .collect()
}

type ReadSite = (String, u64, u64);

/// What the static analysis says a read resolves to: the places that
/// declare the variable in the scope it is found in (its assignments in
/// every branch, its parameter, or the definition for `$title`), and
/// whether the answer depends on evaluation order.
#[derive(Debug)]
struct Resolution {
    declarations: Vec<(String, u64)>,
    order_dependent: bool,
}

/// What the static analysis says of variable reads, by where they are.
struct Reads {
    resolved: HashMap<ReadSite, Vec<Resolution>>,
    /// Each unresolved read's reason (not facts).
    unresolved: HashMap<ReadSite, &'static str>,
}

impl Reads {
    fn new(analysis: &pfacts::rules::Analysis) -> Reads {
        let facts = &analysis.extraction.facts;
        let path = |file| analysis.path(file).to_string_lossy().to_string();
        let mut declared: HashMap<_, Vec<(String, u64)>> = HashMap::new();
        for (scope, name, file, line) in facts.variable_declarations() {
            declared
                .entry((scope, name))
                .or_default()
                .push((path(file), u64::from(line)));
        }
        let scope = analysis.scope();
        let order_dependent: HashSet<_> = scope
            .order_dependent
            .iter()
            .map(|read| read.reference())
            .collect();
        let site = |reference| {
            let row = analysis.var_ref(reference);
            (path(row.file), u64::from(row.line), u64::from(row.col))
        };
        let mut resolved: HashMap<ReadSite, Vec<Resolution>> = HashMap::new();
        for resolves in &scope.resolves {
            let reference = resolves.reference();
            let name = analysis.var_ref(reference).short_name;
            let declarations = declared
                .get(&(resolves.declared_in(), name))
                .cloned()
                .or_else(|| {
                    let row = analysis.scope_row(resolves.declared_in())?;
                    Some(vec![(path(row.file), u64::from(row.line))])
                })
                .unwrap_or_default();
            resolved
                .entry(site(reference))
                .or_default()
                .push(Resolution {
                    declarations,
                    order_dependent: order_dependent.contains(&reference),
                });
        }
        let too_early: HashMap<_, _> = scope
            .too_early
            .iter()
            .map(|read| (read.reference(), read.why().name()))
            .collect();
        let unresolved = scope
            .unknown
            .iter()
            .map(|read| {
                let reference = read.reference();
                let reason = too_early.get(&reference).copied().unwrap_or("not-visible");
                (site(reference), reason)
            })
            .collect();
        Reads {
            resolved,
            unresolved,
        }
    }
}

/// What was checked, to show that a check is not empty.
#[derive(Debug, Default)]
struct Checked {
    reads_found: usize,
    reads_unknown: usize,
    exact_reads_held: usize,
    unresolved_held: usize,
    defaults_given: usize,
    defaults_held: usize,
    private_uses: usize,
    private_uses_held: usize,
}

/// What the cross-checks of one test found.
#[derive(Default)]
struct Verdict {
    checked: Checked,
    failures: Vec<String>,
}

impl Verdict {
    /// Compiles `node` of the environment at `dir` (see [`compile`]) and
    /// holds `analysis` to what the evaluator did.
    fn compile_and_check(
        &mut self,
        analysis: &pfacts::rules::Analysis,
        reads: &Reads,
        (dir, modules): (&Path, &[PathBuf]),
        (node, facts_file, may_fail): (&str, &str, bool),
    ) {
        let compiled = compile(dir, modules, node, facts_file, may_fail);
        let label = format!("{} {node}", dir.display());
        cross_check(
            &label,
            analysis,
            reads,
            &compiled,
            &mut self.checked,
            &mut self.failures,
        );
    }

    /// Fails with every disagreement; says what was checked.
    fn assert_agreement(&self) {
        eprintln!("{:?}", self.checked);
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
    }
}

/// Holds the static relations of `analysis` to what the evaluator did in
/// `trace`; each disagreement is described in `failures`.
fn cross_check(
    label: &str,
    analysis: &pfacts::rules::Analysis,
    reads: &Reads,
    compiled: &Compiled,
    checked: &mut Checked,
    failures: &mut Vec<String>,
) {
    let trace = &compiled.trace;
    // Each site's reads, as the evaluator did them (a define's body runs
    // once per instance).
    let mut evaluated: HashMap<ReadSite, Vec<&Found>> = HashMap::new();
    for read in &trace.variables {
        let site = (
            read.at.file.to_string_lossy().to_string(),
            u64::from(read.at.line),
            u64::from(read.col),
        );
        let predicted = reads.resolved.get(&site);
        match &read.found {
            Found::At(declared) => {
                checked.reads_found += 1;
                let file = declared.file.to_string_lossy();
                let place = (file.to_string(), u64::from(declared.line));
                if !predicted.is_some_and(|resolutions| {
                    resolutions
                        .iter()
                        .any(|resolution| resolution.declarations.contains(&place))
                }) {
                    failures.push(format!(
                        "{label}: ${} at {site:?} finds {file}:{}, not predicted ({predicted:?})",
                        read.name, declared.line
                    ));
                }
            }
            Found::Nothing => {
                checked.reads_unknown += 1;
                let order_dependent = predicted.is_some_and(|resolutions| {
                    resolutions
                        .iter()
                        .any(|resolution| resolution.order_dependent)
                });
                if !reads.unresolved.contains_key(&site) && !order_dependent {
                    failures.push(format!(
                        "{label}: ${} at {site:?} finds nothing, but is resolved ({predicted:?})",
                        read.name
                    ));
                }
            }
            Found::Provided => {}
        }
        evaluated.entry(site).or_default().push(&read.found);
    }
    for (site, found) in &evaluated {
        if let Some([exact]) = reads.resolved.get(site).map(Vec::as_slice) {
            let holds = found.iter().all(|found| {
                matches!(found, Found::At(declared)
                if exact.declarations.contains(&(
                    declared.file.to_string_lossy().to_string(),
                    u64::from(declared.line),
                )))
            });
            if exact.order_dependent {
            } else if holds {
                checked.exact_reads_held += 1;
            } else {
                failures.push(format!(
                    "{label}: the read at {site:?} resolves exactly to {exact:?}, the evaluator finds {found:?}"
                ));
            }
        }
        if let Some(reason) = reads.unresolved.get(site) {
            if found.iter().all(|found| **found == Found::Nothing) {
                checked.unresolved_held += 1;
            } else {
                failures.push(format!(
                    "{label}: the read at {site:?} is unresolved ({reason}), the evaluator finds {found:?}"
                ));
            }
        }
    }
    check_defaults(label, analysis, compiled, checked, failures);
    check_private_uses(label, analysis, trace, checked, failures);
}

/// Private uses both ways: each use the evaluator makes of a private
/// class or define from another module is a static violation, and each
/// static violation where the evaluator used something is one of its
/// uses.
fn check_private_uses(
    label: &str,
    analysis: &pfacts::rules::Analysis,
    trace: &Trace,
    checked: &mut Checked,
    failures: &mut Vec<String>,
) {
    use pfacts::facts::schema::DefinitionKind;
    let facts = &analysis.extraction.facts;
    let private: HashSet<&str> = facts
        .privacy
        .iter()
        .map(|row| analysis.text(row.entity))
        .collect();
    let mut module_of_entity: HashMap<&str, &str> = HashMap::new();
    for kind in [DefinitionKind::Class, DefinitionKind::Define] {
        for row in facts.definitions(kind) {
            module_of_entity.insert(analysis.text(row.name), analysis.module_of(row.file));
        }
    }
    let module_of_file: HashMap<String, &str> = facts
        .file
        .iter()
        .map(|row| {
            (
                analysis.text(row.path).to_string(),
                analysis.text(row.module),
            )
        })
        .collect();
    // (entity, file, line) of each static violation.
    let violations: Vec<(&str, String, u32)> = analysis
        .privacy()
        .violations
        .iter()
        .map(|violation| {
            let (line, _) = analysis.site_location(violation.site());
            (
                analysis.text(violation.entity()),
                analysis
                    .path(violation.file())
                    .to_string_lossy()
                    .to_string(),
                line,
            )
        })
        .collect();
    let mut used_at: HashMap<(String, u32), Vec<&str>> = HashMap::new();
    for used in &trace.uses {
        let file = used.at.file.to_string_lossy().to_string();
        used_at
            .entry((file.clone(), used.at.line))
            .or_default()
            .push(&used.entity);
        let entity = used.entity.as_str();
        let (Some(entity_module), Some(from_module)) =
            (module_of_entity.get(entity), module_of_file.get(&file))
        else {
            continue;
        };
        if !private.contains(entity) || entity_module == from_module {
            continue;
        }
        checked.private_uses += 1;
        if !violations.iter().any(|(violating, in_file, line)| {
            *violating == entity && *in_file == file && *line == used.at.line
        }) {
            failures.push(format!(
                "{label}: {entity} (private, module {entity_module}) used from {file}:{} ({:?}) is not a violation",
                used.at.line, used.how
            ));
        }
    }
    for (entity, file, line) in &violations {
        if let Some(entities) = used_at.get(&(file.clone(), *line)) {
            if entities.contains(entity) {
                checked.private_uses_held += 1;
            } else {
                failures.push(format!(
                    "{label}: the violation by {file}:{line} of {entity} is no use the evaluator makes there ({entities:?})"
                ));
            }
        }
    }
}

/// The default of `attr` written at `default_at`, for a resource.
type Given = (String, String, u64);

/// Defaults both ways: each the evaluator gives is predicted; each the
/// analysis says reaches a resource the evaluator declared, written
/// unconditionally before it, is given.
fn check_defaults(
    label: &str,
    analysis: &pfacts::rules::Analysis,
    compiled: &Compiled,
    checked: &mut Checked,
    failures: &mut Vec<String>,
) {
    let predicted = rows(analysis, "default-inheritance");
    let given: HashSet<(String, Given)> = compiled
        .trace
        .defaults
        .iter()
        .map(|applied| {
            (
                applied.resource.clone(),
                (
                    applied.attribute.clone(),
                    applied.default_at.file.to_string_lossy().to_string(),
                    u64::from(applied.default_at.line),
                ),
            )
        })
        .collect();
    for (resource, (attribute, file, line)) in &given {
        checked.defaults_given += 1;
        if !predicted.iter().any(|row| {
            same_resource(&row["resource"], resource)
                && row["attribute"] == attribute.as_str()
                && row["default_file"] == file.as_str()
                && row["default_line"] == *line
        }) {
            failures.push(format!(
                "{label}: {resource}.{attribute} from {file}:{line} is not predicted"
            ));
        }
    }
    // Each default that the analysis says reaches a resource the evaluator
    // declared, when written outside every branch (so that it runs
    // whenever its scope does), is one the evaluator gave it.
    let facts = &analysis.extraction.facts;
    let unconditional: HashSet<(String, u64)> = facts
        .resource_default
        .iter()
        .filter(|row| row.branch == pfacts::facts::schema::Id::default())
        .map(|row| {
            let file = analysis.path(row.file).to_string_lossy().to_string();
            (file, u64::from(row.line))
        })
        .collect();
    // Two candidates for one attribute are the analysis saying that the
    // order of declarations decides (`order-dependent-default`).
    let mut candidates: HashMap<(&str, &str), usize> = HashMap::new();
    for row in &predicted {
        let key = (
            row["resource"].as_str().unwrap(),
            row["attribute"].as_str().unwrap(),
        );
        *candidates.entry(key).or_default() += 1;
    }
    for row in &predicted {
        let file = row["default_file"].as_str().unwrap().to_string();
        let line = row["default_line"].as_u64().unwrap();
        let key = (
            row["resource"].as_str().unwrap(),
            row["attribute"].as_str().unwrap(),
        );
        if !unconditional.contains(&(file.clone(), line)) || candidates[&key] > 1 {
            continue;
        }
        let attribute = row["attribute"].as_str().unwrap().to_string();
        // A resource with a literal title is the one of that name; one with
        // a computed title (its row names the title's source text) is each
        // resource its declaration made whose title the text can give.
        let site = (
            row["resource_file"].as_str().unwrap().to_string(),
            row["resource_line"].as_u64().unwrap(),
        );
        let made: Vec<&String> = if compiled.resources.contains_key(key.0) {
            vec![compiled.resources.get_key_value(key.0).unwrap().0]
        } else {
            compiled
                .resources
                .iter()
                .filter(|(resource, declared)| {
                    declared.as_ref() == Some(&site) && same_resource(&row["resource"], resource)
                })
                .map(|(resource, _)| resource)
                .collect()
        };
        for resource in made {
            let default = (attribute.clone(), file.clone(), line);
            if given.contains(&(resource.clone(), default)) {
                checked.defaults_held += 1;
            } else {
                failures.push(format!(
                    "{label}: {resource}.{attribute} is predicted from {file}:{line}, the evaluator gives it none from there"
                ));
            }
        }
    }
}

/// Whether a resource of `default-inheritance` (whose title is the source
/// text when it is computed, `File["/etc/${name}.conf"]`) is `evaluated`.
fn same_resource(predicted: &Value, evaluated: &str) -> bool {
    let predicted = predicted.as_str().unwrap();
    if predicted == evaluated {
        return true;
    }
    let Some((type_name, title)) = predicted.split_once('[') else {
        return false;
    };
    let title = title.trim_end_matches(']').trim_matches('"');
    let interpolation = regex::Regex::new(r"\\\$\\\{[^}]*\\\}|\\\$[a-z_:]+").unwrap();
    let escaped = regex::escape(title);
    let pattern = interpolation.replace_all(&escaped, ".*");
    regex::Regex::new(&format!(r"^{}\[{pattern}\]$", regex::escape(type_name)))
        .unwrap()
        .is_match(evaluated)
}

#[test]
fn the_evaluator_agrees_with_the_static_analysis_on_the_fixtures() {
    let mut verdict = Verdict::default();
    let environments = COMPILING
        .iter()
        .map(|environment| (*environment, vec!["node.example.com".to_string()]))
        .chain(std::iter::once((
            "evaluation-order",
            evaluation_order::NODES
                .iter()
                .map(|node| format!("{node}.example.com"))
                .collect(),
        )));
    for (environment, nodes) in environments {
        let dir = PathBuf::from(format!("corpus/{environment}"));
        let extraction = pfacts::facts::extract_paths(std::slice::from_ref(&dir));
        let analysis = pfacts::rules::Analysis::new(&extraction);
        let reads = Reads::new(&analysis);
        for node in &nodes {
            verdict.compile_and_check(
                &analysis,
                &reads,
                (&dir, &[]),
                (node, "corpus/facts.json", false),
            );
        }
    }
    // Each node Puppet compiled, or refused, in the other environments.
    let mut recorded: BTreeMap<&str, Vec<(&str, String)>> = BTreeMap::new();
    for &(environment, node, file) in RECORDED {
        let file = format!("{environment}/expected/{file}");
        recorded.entry(environment).or_default().push((node, file));
    }
    for &node in DECLARATIONS {
        let file = format!("declarations/expected/{node}.json");
        recorded
            .entry("declarations")
            .or_default()
            .push((node, file));
    }
    // What Puppet refuses: an environment per case.
    let cases: Vec<String> = std::fs::read_dir("corpus/refusals")
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().to_string())
        .map(|case| format!("refusals/{case}"))
        .collect();
    for case in &cases {
        let file = format!("{case}/expected/puppet-catalog.json");
        recorded.entry(case).or_default().push(("node", file));
    }
    let mut refused = 0;
    for (environment, nodes) in recorded {
        let dir = PathBuf::from(format!("corpus/{environment}"));
        let extraction = pfacts::facts::extract_paths(std::slice::from_ref(&dir));
        let analysis = pfacts::rules::Analysis::new(&extraction);
        let reads = Reads::new(&analysis);
        for (node, file) in nodes {
            let may_fail = puppet_refused(&file);
            refused += usize::from(may_fail);
            verdict.compile_and_check(
                &analysis,
                &reads,
                (&dir, &[]),
                (
                    &format!("{node}.example.com"),
                    "corpus/facts.json",
                    may_fail,
                ),
            );
        }
    }
    assert!(refused >= 15, "{refused} refused nodes followed");
    verdict.assert_agreement();
    // Each kind of check met real cases.
    let checked = &verdict.checked;
    assert!(
        checked.reads_found >= 10
            && checked.reads_unknown >= 3
            && checked.exact_reads_held >= 10
            && checked.unresolved_held >= 3
            && checked.defaults_given >= 10
            && checked.defaults_held >= 10,
        "{checked:?}"
    );
}

#[test]
fn the_evaluator_agrees_with_the_static_analysis_on_the_debian_examples() {
    let Some(debian_modules) = corpora::path("corpus/debian-modules") else {
        return;
    };
    // Every example Puppet compiled, analyzed together with the modules.
    let mut examples: Vec<PathBuf> = std::fs::read_dir("corpus/debian")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .filter(|path| {
            let recorded = path.join("expected/puppet-catalog.json");
            let catalog: Value =
                serde_json::from_str(&std::fs::read_to_string(recorded).unwrap()).unwrap();
            catalog.get("error").is_none()
        })
        .collect();
    examples.sort();
    assert!(examples.len() >= 10, "{examples:?}");
    let modules = std::slice::from_ref(&debian_modules);
    let mut roots = examples.clone();
    roots.push(debian_modules.clone());
    let extraction = pfacts::facts::extract_paths(&roots);
    let analysis = pfacts::rules::Analysis::new(&extraction);
    let reads = Reads::new(&analysis);
    let mut verdict = Verdict::default();
    for example in &examples {
        verdict.compile_and_check(
            &analysis,
            &reads,
            (example, modules),
            ("node.example.com", "corpus/debian-facts.json", false),
        );
    }
    // The fixtures Puppet compiled with the Debian corpus's modules
    // (stdlib 8) before their own.
    // Each with the file that holds what Puppet made of a node.
    type Recorded = fn(&str) -> String;
    let with_modules: [(&str, &[&str], &str, Recorded); 4] = [
        ("types", TYPES, "corpus/facts.json", |node| {
            format!("types/expected/{node}.json")
        }),
        ("puppet8", PUPPET8, "corpus/puppet8/facts.json", |node| {
            format!("puppet8/expected/{node}-puppet7.json")
        }),
        (
            "stdlib9",
            &["validate", "has-key"],
            "corpus/facts.json",
            |node| format!("stdlib9/expected/{node}-stdlib8.json"),
        ),
        ("functions", &["node"], "corpus/facts.json", |_| {
            "functions/expected/puppet-catalog.json".to_string()
        }),
    ];
    for (environment, nodes, facts_file, recorded) in with_modules {
        let dir = PathBuf::from(format!("corpus/{environment}"));
        let extraction = pfacts::facts::extract_paths(std::slice::from_ref(&dir));
        let analysis = pfacts::rules::Analysis::new(&extraction);
        let reads = Reads::new(&analysis);
        for node in nodes {
            let recorded = recorded(node);
            verdict.compile_and_check(
                &analysis,
                &reads,
                (&dir, modules),
                (
                    &format!("{node}.example.com"),
                    facts_file,
                    puppet_refused(&recorded),
                ),
            );
        }
    }
    // `assert_private()` from the Debian corpus's stdlib, used from
    // another module: the evaluator stops where Puppet does.
    let dir = PathBuf::from("corpus/assert_private");
    let extraction = pfacts::facts::extract_paths(std::slice::from_ref(&dir));
    let analysis = pfacts::rules::Analysis::new(&extraction);
    let reads = Reads::new(&analysis);
    for node in ["node.example.com", "include.example.com"] {
        verdict.compile_and_check(
            &analysis,
            &reads,
            (&dir, modules),
            (node, "corpus/facts.json", true),
        );
    }
    verdict.assert_agreement();
    let checked = &verdict.checked;
    assert!(
        checked.reads_found >= 100
            && checked.exact_reads_held >= 100
            && checked.defaults_held >= 2
            // A declaration, an instance, a chain and a metaparameter.
            && checked.private_uses >= 4
            && checked.private_uses_held >= 4,
        "{checked:?}"
    );
}
