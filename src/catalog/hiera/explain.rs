//! What `puppet lookup --explain` prints: the tree of what a lookup
//! searched (data providers, hierarchy entries, data files, interpolations,
//! merges) and what each gave, laid out as Puppet's `Lookup::Explainer`
//! dumps it, so that the two can be compared line by line.

use std::path::PathBuf;

use super::Merge;
use crate::catalog::values::{ruby, Value};

/// What a node of the tree stands for.
#[derive(Debug)]
pub enum Node {
    /// Where the tree starts: what one `lookup` explains.
    Root,
    /// `Searching for "key"`: a lookup of data, or of `lookup_options`.
    Search(String),
    /// A data provider (the global layer, the environment's, a module's)
    /// or one hierarchy entry, named as Puppet names it, with the
    /// configuration file it read.
    Provider {
        name: String,
        config: Option<PathBuf>,
    },
    /// A data file of a hierarchy entry, and the path it was made from.
    Path { path: PathBuf, original: String },
    /// `Interpolation on "text"`.
    Interpolation(String),
    /// A merge of several variants by `strategy`, with the options given
    /// beyond the strategy.
    Merge {
        strategy: Merge,
        options: Option<Value>,
    },
    /// `Global Scope` (a variable read by an interpolation), or one side
    /// of a merge of `lookup_options`.
    Scope(String),
    /// `Sub key: "a.b"`: the rest of a dotted key, dug into the value.
    SubKey(String),
    /// One segment of a sub key.
    Segment,
    /// `Module "m" not found`, or (`has_directory`) its data provider.
    ModuleMissing { module: String, has_directory: bool },
    /// `Using merge options from "lookup_options" hash`.
    MergeSource,
}

/// What happened at a node.
#[derive(Debug)]
enum Event {
    Found {
        key: String,
        value: Value,
    },
    NotFound(String),
    /// A merge's result.
    Result(Value),
    PathNotFound,
}

#[derive(Debug)]
struct Entry {
    node: Node,
    parent: usize,
    branches: Vec<usize>,
    event: Option<Event>,
    texts: Vec<String>,
}

/// The tree, built as the lookup runs: nodes are pushed when a search
/// enters them and popped when it leaves.
#[derive(Debug)]
pub struct Explanation {
    entries: Vec<Entry>,
    current: usize,
}

impl Default for Explanation {
    fn default() -> Explanation {
        Explanation {
            entries: vec![Entry {
                node: Node::Root,
                parent: 0,
                branches: Vec::new(),
                event: None,
                texts: Vec::new(),
            }],
            current: 0,
        }
    }
}

impl Explanation {
    pub fn push(&mut self, node: Node) {
        let index = self.entries.len();
        self.entries.push(Entry {
            node,
            parent: self.current,
            branches: Vec::new(),
            event: None,
            texts: Vec::new(),
        });
        self.entries[self.current].branches.push(index);
        self.current = index;
    }

    pub fn pop(&mut self) {
        self.current = self.entries[self.current].parent;
    }

    /// A node that holds nothing below it.
    pub fn leaf(&mut self, node: Node) {
        self.push(node);
        self.pop();
    }

    pub fn found(&mut self, key: &str, value: &Value) {
        self.event(Event::Found {
            key: key.to_string(),
            value: value.clone(),
        });
    }

    pub fn not_found(&mut self, key: &str) {
        self.event(Event::NotFound(key.to_string()));
    }

    pub fn result(&mut self, value: &Value) {
        self.event(Event::Result(value.clone()));
    }

    pub fn path_not_found(&mut self) {
        self.event(Event::PathNotFound);
    }

    pub fn text(&mut self, text: String) {
        self.entries[self.current].texts.push(text);
    }

    fn event(&mut self, event: Event) {
        self.entries[self.current].event = Some(event);
    }

    /// The text `puppet lookup --explain` prints.
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.dump(0, &mut out, "", "");
        out
    }

    /// Puppet's `dump_on(io, indent, first_indent)` of each node kind.
    fn dump(&self, index: usize, out: &mut String, indent: &str, first_indent: &str) {
        let entry = &self.entries[index];
        let inner = format!("{indent}  ");
        let branches = |out: &mut String, indent: &str| {
            for &branch in &entry.branches {
                self.dump(branch, out, indent, indent);
            }
        };
        match &entry.node {
            Node::Root => {
                for &branch in &entry.branches {
                    self.dump(branch, out, indent, first_indent);
                }
                texts(out, indent, &entry.texts);
            }
            Node::Search(key) => {
                line(out, first_indent, &format!("Searching for \"{key}\""));
                branches(out, &inner);
            }
            Node::Provider { name, config } => {
                line(out, first_indent, name);
                if let Some(config) = config {
                    let text = format!("Using configuration \"{}\"", config.display());
                    line(out, &inner, &text);
                }
                branches(out, &inner);
                self.outcome(entry, out, &inner);
            }
            Node::Merge { strategy, options } => match entry.branches.as_slice() {
                [] => {}
                // Puppet: "pointless to report a merge where there's only one branch".
                [only] => self.dump(*only, out, indent, first_indent),
                _ => {
                    line(
                        out,
                        first_indent,
                        &format!("Merge strategy {}", strategy.name()),
                    );
                    if let Some(options) = options {
                        out.push_str(&format!("{inner}Options: "));
                        dump_value(out, &inner, options);
                        out.push('\n');
                    }
                    branches(out, &inner);
                    if let Some(Event::Result(value)) = &entry.event {
                        out.push_str(&format!("{inner}Merged result: "));
                        dump_value(out, &inner, value);
                        out.push('\n');
                    }
                }
            },
            Node::Path { path, original } => {
                line(out, indent, &format!("Path \"{}\"", path.display()));
                line(out, &inner, &format!("Original path: \"{original}\""));
                branches(out, &inner);
                if matches!(entry.event, Some(Event::PathNotFound)) {
                    line(out, &inner, "Path not found");
                }
                self.outcome(entry, out, &inner);
            }
            Node::Interpolation(text) => {
                line(out, first_indent, &format!("Interpolation on \"{text}\""));
                branches(out, &inner);
            }
            Node::Scope(name) => {
                line(out, indent, name);
                branches(out, &inner);
                self.outcome(entry, out, &inner);
            }
            Node::SubKey(segments) => {
                line(out, indent, &format!("Sub key: \"{segments}\""));
                branches(out, &inner);
                self.outcome(entry, out, &inner);
            }
            Node::Segment => self.outcome(entry, out, indent),
            Node::ModuleMissing {
                module,
                has_directory,
            } => {
                let text = if *has_directory {
                    format!("Module data provider for module \"{module}\" not found")
                } else {
                    format!("Module \"{module}\" not found")
                };
                line(out, indent, &text);
            }
            Node::MergeSource => line(
                out,
                first_indent,
                "Using merge options from \"lookup_options\" hash",
            ),
        }
    }

    /// Puppet's `dump_outcome`: what was found or not, then the texts.
    fn outcome(&self, entry: &Entry, out: &mut String, indent: &str) {
        match &entry.event {
            Some(Event::NotFound(key)) => line(out, indent, &format!("No such key: \"{key}\"")),
            Some(Event::Found { key, value }) => {
                out.push_str(&format!("{indent}Found key: \"{key}\" value: "));
                dump_value(out, indent, value);
                out.push('\n');
            }
            _ => {}
        }
        texts(out, indent, &entry.texts);
    }
}

fn line(out: &mut String, indent: &str, text: &str) {
    out.push_str(indent);
    out.push_str(text);
    out.push('\n');
}

fn texts(out: &mut String, indent: &str, texts: &[String]) {
    for text in texts {
        line(out, indent, text);
    }
}

/// Puppet's `dump_value`: hashes and arrays one entry a line, indented;
/// anything else as Ruby's `inspect` writes it.
fn dump_value(out: &mut String, indent: &str, value: &Value) {
    let inner = format!("{indent}  ");
    match value {
        Value::Hash(entries) => {
            out.push('{');
            for (index, (key, value)) in entries.iter().enumerate() {
                out.push_str(if index == 0 { "\n" } else { ",\n" });
                out.push_str(&inner);
                dump_value(out, &inner, key);
                out.push_str(" => ");
                dump_value(out, &inner, value);
            }
            if !entries.is_empty() {
                out.push('\n');
                out.push_str(indent);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                out.push_str(if index == 0 { "\n" } else { ",\n" });
                out.push_str(&inner);
                dump_value(out, &inner, item);
            }
            if !items.is_empty() {
                out.push('\n');
                out.push_str(indent);
            }
            out.push(']');
        }
        other => out.push_str(&ruby::inspect(other)),
    }
}
