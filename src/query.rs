//! Named queries: derived relations printed as tables (`pfacts query`).

use std::collections::{HashMap, HashSet};
use std::io::{self, Write};

use serde_json::{json, Value};

use crate::diagnostic::{Location, Severity};
use crate::facts::names::capitalize;
use crate::facts::schema::{DefinitionKind, FileId, Id, PrivacyHow, Resource, Sym, TOP_SCOPE};
use crate::rules::privacy::Site;
use crate::rules::scope::TooEarly;
use crate::rules::Analysis;

/// A query's result: named columns and rows of JSON values.
pub struct Table {
    pub columns: Vec<&'static str>,
    pub rows: Vec<Vec<Value>>,
}

/// The queries, with a one-line description each.
pub const QUERIES: &[(&str, &str)] = &[
    (
        "private-violations",
        "uses of private classes and defines from outside their module",
    ),
    (
        "circular-inheritance",
        "inheritance cycles, each with its classes in order",
    ),
    (
        "declarations",
        "classes, defines, nodes, functions and type aliases, where defined",
    ),
    (
        "includes",
        "class declarations: include, require, contain, resource-like",
    ),
    (
        "unresolved-variables",
        "variables read where no assignment is visible (facts included)",
    ),
    (
        "resolved-variables",
        "variables read, with the scope and place of what they resolve to",
    ),
    (
        "visible-variables",
        "for each scope, the variables it sees and where they are declared",
    ),
    (
        "default-inheritance",
        "resource defaults that reach each resource, and the chain of scopes",
    ),
    (
        "default-leaks",
        "defaults of one module that reach resources of another",
    ),
];

/// Runs query `name`, or `None` when there is no such query.
pub fn run(name: &str, analysis: &Analysis) -> Option<Table> {
    match name {
        "private-violations" => Some(private_violations(analysis)),
        "circular-inheritance" => Some(circular_inheritance(analysis)),
        "declarations" => Some(declarations(analysis)),
        "includes" => Some(includes(analysis)),
        "unresolved-variables" => Some(unresolved_variables(analysis)),
        "resolved-variables" => Some(resolved_variables(analysis)),
        "visible-variables" => Some(visible_variables(analysis)),
        "default-inheritance" => Some(default_inheritance(analysis, false)),
        "default-leaks" => Some(default_inheritance(analysis, true)),
        _ => None,
    }
}

fn path(analysis: &Analysis, file: FileId) -> Value {
    json!(analysis.path(file).to_string_lossy())
}

fn text(analysis: &Analysis, sym: Sym) -> Value {
    json!(analysis.text(sym))
}

/// Every finding of `private-access` and `private-reference`, a row for
/// each way the entity is private.
fn private_violations(analysis: &Analysis) -> Table {
    let privacy = analysis.privacy();
    let qualified = |class: Sym, name: Sym| {
        json!(format!(
            "{}::{}",
            analysis.text(class).trim_end_matches("::"),
            analysis.text(name)
        ))
    };
    // entity, kind, how and severity, then where and between which modules.
    let row = |entity: Value,
               kind: &str,
               how: &str,
               severity: Severity,
               (file, site): (FileId, Site),
               (from_module, entity_module): (Value, Value)| {
        let (line, col) = analysis.site_location(site);
        vec![
            path(analysis, file),
            json!(line),
            json!(col),
            entity,
            json!(kind),
            from_module,
            entity_module,
            json!(how),
            json!(severity.to_string()),
        ]
    };
    let uses = privacy.violations.iter().map(|violation| {
        row(
            text(analysis, violation.entity()),
            violation.kind().name(),
            violation.how().name(),
            violation.severity(),
            (violation.file(), violation.site()),
            (
                text(analysis, violation.from_module()),
                text(analysis, violation.entity_module()),
            ),
        )
    });
    let parameters = privacy.parameters.iter().map(|violation| {
        row(
            qualified(violation.class(), violation.parameter()),
            "parameter",
            PrivacyHow::Keyword.name(),
            Severity::Error,
            (violation.file(), violation.site()),
            (
                text(analysis, violation.from_module()),
                text(analysis, violation.class_module()),
            ),
        )
    });
    let variables = privacy.variables.iter().map(|violation| {
        let entity_module = analysis
            .extraction
            .facts
            .definitions(DefinitionKind::Class)
            .find(|decl| decl.name == violation.class())
            .map_or(json!(""), |decl| json!(analysis.module_of(decl.file)));
        row(
            qualified(violation.class(), violation.variable()),
            "variable",
            PrivacyHow::Keyword.name(),
            Severity::Error,
            (violation.file(), violation.site()),
            (json!(analysis.module_of(violation.file())), entity_module),
        )
    });
    // "Access to a private class and its parameters will issue a warning"
    // ("Names, Scope and Access Control", Access Control).
    let references = privacy.references.iter().map(|reference| {
        row(
            qualified(reference.class(), reference.name()),
            reference.read().name(),
            reference.how().name(),
            Severity::Warning,
            (reference.file(), reference.site()),
            (
                text(analysis, reference.from_module()),
                text(analysis, reference.class_module()),
            ),
        )
    });
    let rows = uses
        .chain(parameters)
        .chain(variables)
        .chain(references)
        .collect();
    Table {
        columns: vec![
            "file",
            "line",
            "col",
            "entity",
            "kind",
            "from_module",
            "entity_module",
            "how",
            "severity",
        ],
        rows,
    }
}

fn circular_inheritance(analysis: &Analysis) -> Table {
    let facts = &analysis.extraction.facts;
    let rows = analysis
        .inheritance_cycles()
        .into_iter()
        .filter_map(|cycle| {
            let first = facts
                .definitions(DefinitionKind::Class)
                .find(|row| Some(&row.name) == cycle.first())?;
            let names: Vec<&str> = cycle.iter().map(|class| analysis.text(*class)).collect();
            Some(vec![
                json!(names),
                path(analysis, first.file),
                json!(first.line),
            ])
        })
        .collect();
    Table {
        columns: vec!["cycle", "file", "line"],
        rows,
    }
}

fn declarations(analysis: &Analysis) -> Table {
    let facts = &analysis.extraction.facts;
    // Listed kind by kind, types of every kind together as `type`.
    let label = |kind: DefinitionKind| if kind.is_type() { "type" } else { kind.name() };
    let order = [
        DefinitionKind::Class,
        DefinitionKind::Define,
        DefinitionKind::Node,
        DefinitionKind::Function,
    ];
    let rank = |kind: DefinitionKind| order.iter().position(|&listed| listed == kind);
    let mut definitions: Vec<_> = facts.definition.iter().collect();
    // Types, which `order` does not list, last.
    definitions.sort_by_key(|row| rank(row.kind).unwrap_or(order.len()));
    let rows = definitions
        .into_iter()
        .map(|row| {
            vec![
                json!(label(row.kind)),
                text(analysis, row.name),
                path(analysis, row.file),
                json!(row.line),
                json!(row.col),
            ]
        })
        .collect();
    Table {
        columns: vec!["kind", "name", "file", "line", "col"],
        rows,
    }
}

fn includes(analysis: &Analysis) -> Table {
    let facts = &analysis.extraction.facts;
    let rows = facts
        .declares
        .iter()
        .map(|row| {
            vec![
                text(analysis, row.class),
                json!(row.how.name()),
                path(analysis, row.file),
                json!(row.line),
                json!(row.col),
            ]
        })
        .chain(facts.declares_dynamic.iter().map(|row| {
            vec![
                text(analysis, row.text),
                json!(row.how.name()),
                path(analysis, row.file),
                json!(row.line),
                json!(row.col),
            ]
        }))
        .collect();
    Table {
        columns: vec!["class", "how", "file", "line", "col"],
        rows,
    }
}

fn unresolved_variables(analysis: &Analysis) -> Table {
    let scope = analysis.scope();
    let too_early: HashMap<Id, TooEarly> = scope
        .too_early
        .iter()
        .map(|read| (read.reference(), read.why()))
        .collect();
    let unknown = scope.unknown.iter().map(|found| {
        let reference = found.reference();
        let reason = too_early
            .get(&reference)
            .map_or("not-visible", |why| why.name());
        (reference, reason)
    });
    let facts = scope.facts.iter().map(|found| (found.reference(), "fact"));
    let rows = unknown
        .chain(facts)
        .map(|(reference, reason)| {
            let row = analysis.var_ref(reference);
            vec![
                path(analysis, row.file),
                json!(row.line),
                json!(row.col),
                text(analysis, row.name),
                json!(reason),
            ]
        })
        .collect();
    Table {
        columns: vec!["file", "line", "col", "name", "reason"],
        rows,
    }
}

/// "class apache", "top scope", "lambda at path:line": a scope for people.
fn describe_scope(analysis: &Analysis, scope: Id) -> String {
    if scope == TOP_SCOPE {
        return "top scope".to_string();
    }
    let facts = &analysis.extraction.facts;
    match facts.scope.binary_search_by_key(&scope, |row| row.scope) {
        Ok(index) => {
            let row = &facts.scope[index];
            let name = analysis.text(row.name);
            if name.is_empty() {
                format!(
                    "{} at {}:{}",
                    row.kind.name(),
                    analysis.path(row.file).display(),
                    row.line
                )
            } else {
                format!("{} {name}", row.kind.name())
            }
        }
        Err(_) => format!("scope {}", scope.0),
    }
}

/// Where each variable is declared, by (scope, name): its first parameter
/// or assignment.
struct Declarations(HashMap<(Id, Sym), (FileId, u32)>);

impl Declarations {
    fn new(analysis: &Analysis) -> Declarations {
        let facts = &analysis.extraction.facts;
        let mut first: HashMap<(Id, Sym), (FileId, u32)> = HashMap::new();
        for (scope, name, file, line) in facts.variable_declarations() {
            let entry = first.entry((scope, name)).or_insert((file, line));
            *entry = (*entry).min((file, line));
        }
        Declarations(first)
    }

    /// Where `name` is declared in `scope`: an automatic variable
    /// (`$title`) where the scope is.
    fn of(&self, analysis: &Analysis, scope: Id, name: Sym) -> (Value, Value) {
        let declared = self
            .0
            .get(&(scope, name))
            .copied()
            .or_else(|| analysis.scope_row(scope).map(|row| (row.file, row.line)));
        declared.map_or((Value::Null, Value::Null), |(file, line)| {
            (path(analysis, file), json!(line))
        })
    }
}

fn resolved_variables(analysis: &Analysis) -> Table {
    let declarations = Declarations::new(analysis);
    let order_dependent: HashSet<Id> = analysis
        .scope()
        .order_dependent
        .iter()
        .map(|read| read.reference())
        .collect();
    let rows = analysis
        .scope()
        .resolves
        .iter()
        .map(|resolves| {
            let row = analysis.var_ref(resolves.reference());
            let (decl_file, decl_line) =
                declarations.of(analysis, resolves.declared_in(), row.short_name);
            vec![
                path(analysis, row.file),
                json!(row.line),
                json!(row.col),
                text(analysis, row.name),
                json!(describe_scope(analysis, resolves.declared_in())),
                decl_file,
                decl_line,
                json!(if order_dependent.contains(&resolves.reference()) {
                    "order-dependent"
                } else {
                    "exact"
                }),
            ]
        })
        .collect();
    Table {
        columns: vec![
            "file",
            "line",
            "col",
            "name",
            "declared_in",
            "decl_file",
            "decl_line",
            "order",
        ],
        rows,
    }
}

fn visible_variables(analysis: &Analysis) -> Table {
    let declarations = Declarations::new(analysis);
    let rows = analysis
        .visibility()
        .iter()
        .map(|visible| {
            let (decl_file, decl_line) =
                declarations.of(analysis, visible.declared_in(), visible.name());
            vec![
                json!(describe_scope(analysis, visible.scope())),
                text(analysis, visible.name()),
                json!(describe_scope(analysis, visible.declared_in())),
                decl_file,
                decl_line,
            ]
        })
        .collect();
    Table {
        columns: vec!["scope", "name", "declared_in", "decl_file", "decl_line"],
        rows,
    }
}

/// The shortest chain of dynamic parents from `from` to `to`, as scope
/// descriptions.
fn chain(analysis: &Analysis, parents: &HashMap<Id, Vec<Id>>, from: Id, to: Id) -> Vec<String> {
    let mut previous: HashMap<Id, Id> = HashMap::new();
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(scope) = queue.pop_front() {
        if scope == to {
            break;
        }
        for &parent in parents.get(&scope).into_iter().flatten() {
            if parent != from && !previous.contains_key(&parent) {
                previous.insert(parent, scope);
                queue.push_back(parent);
            }
        }
    }
    let mut path = vec![to];
    while let Some(&step) = path.last().and_then(|last| previous.get(last)) {
        path.push(step);
    }
    path.reverse();
    path.into_iter()
        .map(|scope| describe_scope(analysis, scope))
        .collect()
}

fn default_inheritance(analysis: &Analysis, leaks_only: bool) -> Table {
    let mut parents: HashMap<Id, Vec<Id>> = HashMap::new();
    for parent in &analysis.defaults().parents {
        parents
            .entry(parent.scope())
            .or_default()
            .push(parent.parent());
    }
    let defaults = analysis.defaults();
    let per_instance: HashSet<Id> = defaults
        .per_instance
        .iter()
        .map(|row| row.resource())
        .collect();
    // A define body's resource once per instance with a literal title
    // (`File[/srv/a]` for the instance `a`), and as written for the
    // others.
    let generic = defaults
        .applies
        .iter()
        .filter(|applies| !per_instance.contains(&applies.resource()))
        .map(|applies| (None, applies.resource(), applies.attr(), applies.default()));
    let instances = defaults.instance_applies.iter().filter_map(|applies| {
        let instance = analysis.resource(applies.instance());
        let literal = instance.title_literal && per_instance.contains(&applies.resource());
        literal.then_some((
            Some(instance),
            applies.resource(),
            applies.attr(),
            applies.default(),
        ))
    });
    let rows = generic
        .chain(instances)
        .filter_map(|(instance, res, attr, default)| {
            let resource = analysis.resource(res);
            let default = analysis.default_row(default, attr)?;
            let (from, to) = (
                analysis.module_of(default.file),
                analysis.module_of(resource.file),
            );
            if leaks_only && (from.is_empty() || from == to) {
                return None;
            }
            let title = analysis.text(resource.title);
            let title = match instance {
                Some(instance) => expanded_title(analysis, title, instance),
                None => title.to_string(),
            };
            let name = format!("{}[{title}]", capitalize(analysis.text(resource.type_name)));
            Some(vec![
                json!(name),
                text(analysis, attr),
                text(analysis, default.value_text),
                path(analysis, default.file),
                json!(default.line),
                json!(chain(analysis, &parents, resource.scope, default.scope)),
                path(analysis, resource.file),
                json!(resource.line),
            ])
        })
        .collect();
    Table {
        columns: vec![
            "resource",
            "attribute",
            "value",
            "default_file",
            "default_line",
            "chain",
            "resource_file",
            "resource_line",
        ],
        rows,
    }
}

/// The title of a define body's resource, as written, in `instance`:
/// `$title` and `$name` are the instance's title, and each `$parameter`
/// the instance sets to a literal is that value; anything else stays
/// as written (and the title quoted, as a computed one is).
fn expanded_title(analysis: &Analysis, title: &str, instance: &Resource) -> String {
    let Some(inner) = title.strip_prefix('"').and_then(|t| t.strip_suffix('"')) else {
        return title.to_string();
    };
    let mut complete = true;
    let value_of = |name: &str| -> Option<String> {
        if matches!(name, "title" | "name") {
            return Some(analysis.text(instance.title).to_string());
        }
        let attr = analysis.extraction.interner.get(name)?;
        let written = analysis.text(analysis.attribute_row(instance.res, attr)?.value_text);
        literal_text(written)
    };
    let mut expanded = String::with_capacity(title.len());
    let mut rest = inner;
    while let Some(dollar) = rest.find('$') {
        expanded.push_str(&rest[..dollar]);
        let after = &rest[dollar + 1..];
        let (name, length) = match after.strip_prefix('{') {
            Some(braced) => match braced.find('}') {
                Some(end) => (&braced[..end], end + 2),
                None => ("", 0),
            },
            None => {
                let end = after
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(after.len());
                (&after[..end], end)
            }
        };
        match value_of(name).filter(|_| length > 0) {
            Some(value) => expanded.push_str(&value),
            None => {
                complete = false;
                expanded.push_str(&rest[dollar..dollar + 1 + length]);
            }
        }
        rest = &after[length..];
    }
    expanded.push_str(rest);
    if complete && !expanded.contains('\\') {
        expanded
    } else {
        format!("\"{expanded}\"")
    }
}

/// The text of a literal as written: a quoted string without
/// interpolation, or a bare word or number.
fn literal_text(written: &str) -> Option<String> {
    let quoted = |quote: char| {
        written
            .strip_prefix(quote)?
            .strip_suffix(quote)
            .filter(|inner| !inner.contains(['\\', quote]))
    };
    if let Some(inner) = quoted('\'') {
        return Some(inner.to_string());
    }
    if let Some(inner) = quoted('"').filter(|inner| !inner.contains('$')) {
        return Some(inner.to_string());
    }
    written
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .then(|| written.to_string())
        .filter(|text| !text.is_empty())
}

fn plain(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(plain).collect::<Vec<_>>().join(" -> "),
        other => other.to_string(),
    }
}

impl Table {
    /// Sorts rows by their rendering, for stable output.
    pub fn sort(&mut self) {
        // Numbers compare as numbers, so that line 5 comes before line 10.
        let key = |value: &Value| (value.as_u64().unwrap_or(u64::MAX), plain(value));
        self.rows
            .sort_by_key(|row| row.iter().map(key).collect::<Vec<_>>());
        self.rows.dedup();
    }

    pub fn write_table(&self, out: &mut impl Write) -> io::Result<()> {
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| row.iter().map(plain).collect())
            .collect();
        let widths: Vec<usize> = self
            .columns
            .iter()
            .enumerate()
            .map(|(index, column)| {
                cells
                    .iter()
                    .map(|row| row[index].chars().count())
                    .chain([column.len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |values: Vec<&str>| {
            values
                .iter()
                .zip(&widths)
                .map(|(value, width)| format!("{value:<width$}"))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        };
        writeln!(out, "{}", line(self.columns.clone()))?;
        for row in &cells {
            writeln!(out, "{}", line(row.iter().map(String::as_str).collect()))?;
        }
        Ok(())
    }

    pub fn write_csv(&self, out: &mut impl Write) -> io::Result<()> {
        let mut writer = csv::Writer::from_writer(out);
        writer.write_record(&self.columns)?;
        for row in &self.rows {
            writer.write_record(row.iter().map(plain))?;
        }
        writer.flush()
    }

    pub fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        let objects: Vec<serde_json::Map<String, Value>> = self
            .rows
            .iter()
            .map(|row| {
                self.columns
                    .iter()
                    .map(|column| column.to_string())
                    .zip(row.iter().cloned())
                    .collect()
            })
            .collect();
        serde_json::to_writer_pretty(&mut *out, &objects)?;
        writeln!(out)
    }
}

/// A location for JSON output.
pub fn location_json(location: Option<Location>) -> (Value, Value) {
    location.map_or((Value::Null, Value::Null), |location| {
        (json!(location.line), json!(location.column))
    })
}
