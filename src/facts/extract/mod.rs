//! The extractor: one walk over a file's syntax tree gives its facts.
//!
//! This is the only part of pfacts' analysis that reads syntax trees. The
//! walk is iterative (a stack of levels), so no nesting depth can overflow
//! the call stack; a scope opens when the walk enters a class, define,
//! node, function or lambda and closes when it leaves it.

use std::num::NonZeroU16 as FieldId;

use std::cell::RefCell;

use rustc_hash::FxHashSet;

use tree_sitter::{Node, Tree, TreeCursor};

mod arithmetic;
mod branch;
mod calls;
mod comments;
mod definitions;
mod fact_access;
mod function_resources;
mod grammar;
mod guard;
mod module_files;
mod relationships;
mod resources;
mod validate;

use super::epp::TemplatePlaces;
use super::intern::Interner;
use super::layout::{autoload_path, is_autoload_path, Placement, Role};
use super::names;
use super::schema::*;
use crate::diagnostic::Columns;
use comments::comment_run;
pub use grammar::Grammar;
use grammar::{IdemRule, Visit};
use guard::{OpenGuard, PendingGuard};
use validate::{OpenBlock, ParameterList};

/// The facts of one file, with file-local symbols and ids (see
/// [`Remap`]).
pub struct FileFacts {
    pub facts: Facts,
    pub interner: Interner,
    /// Ids used, for the next file's id base.
    pub ids: u32,
}

/// An open scope.
struct Frame {
    /// Depth of the node that opened it.
    depth: usize,
    scope: Id,
    kind: ScopeKind,
    /// Full name of a class or define.
    name: String,
    /// Parameters of the definition met so far: the next one's position.
    parameters: u32,
}

/// An attribute: (name, operator, value text, node).
type Attribute<'a> = (&'a str, &'a str, &'a str, Node<'a>);

/// A resource expression the walk is inside. Each body's resources are
/// numbered when the walk enters the body; attributes are collected as the
/// walk meets them and written when it leaves the expression (a `default:`
/// body may come last), so no second walk reads the bodies.
struct OpenResource<'a> {
    depth: usize,
    node: Node<'a>,
    type_name: String,
    form: ResourceForm,
    expr: Id,
    /// The bodies the walk has entered.
    bodies: Vec<OpenBody<'a>>,
}

struct OpenBody<'a> {
    /// `default:` body, whose attributes every other body inherits.
    is_default: bool,
    /// Each title's resource and the title as written in relationships.
    resources: Vec<(Id, String)>,
    attributes: Vec<Attribute<'a>>,
}

/// A parameter the walk is inside, completed from its children as the
/// walk meets them.
struct OpenParameter<'a> {
    depth: usize,
    scope: Id,
    kind: ScopeKind,
    position: u32,
    private: bool,
    type_text: &'a str,
    variable: Option<Node<'a>>,
    has_default: bool,
    /// `*$rest`.
    captures_rest: bool,
}

/// What a child of a parameter is to the walk.
enum ParameterPart {
    /// The parameter's variable: declared here, not read.
    Variable,
    /// A type without variables: nothing below it gives a fact.
    PlainType,
    Other,
}

/// An attribute the walk is inside: its children in order are the name,
/// the operator and the value (comments aside).
struct OpenAttribute<'a> {
    depth: usize,
    node: Node<'a>,
    parts: [&'a str; 3],
    seen: usize,
}

/// A resource reference: lower-case type (`class` for classes) and title.
struct Ref {
    type_name: String,
    title: String,
    /// Written with a literal type and title, not a class nor a
    /// collector: a resource the catalog must hold by that name.
    literal: bool,
}

struct Extractor<'a> {
    grammar: &'a Grammar,
    text: &'a str,
    placement: &'a Placement,
    /// The site's functions that declare classes (the configuration's).
    class_functions: &'a [super::ClassFunction],
    /// The file's path relative to its module's parent, for autoload checks.
    module_path: Option<String>,
    facts: Facts,
    interner: Interner,
    next_id: u32,
    /// A cursor to list children with, instead of allocating one each time.
    scratch: RefCell<TreeCursor<'a>>,
    frames: Vec<Frame>,
    /// Variables that the walk will meet as written, not read: assignment
    /// targets and parameter names, noted by the node that declares them.
    declared: Vec<usize>,
    /// Relationships met as the left operand of an enclosing chain.
    chained: Vec<usize>,
    /// Whether the file has an `@api` tag anywhere, found at its first
    /// definition: most have none, and their doc comments need no reading.
    mentions_api_tag: Option<bool>,
    /// The nodes the walk is inside, innermost last: the depth of the walk,
    /// and a node's parent without tree-sitter's search from the root.
    ancestors: Vec<Node<'a>>,
    /// Heredoc headers whose bodies the walk has yet to meet (a body
    /// follows its header's line), with what Puppet would check of each.
    pending_heredocs: std::collections::VecDeque<validate::PendingHeredoc>,
    open_resources: Vec<OpenResource<'a>>,
    open_attributes: Vec<OpenAttribute<'a>>,
    open_parameters: Vec<OpenParameter<'a>>,
    /// Depths of the open `if`, `unless`, `case` and selectors.
    conditions: Vec<usize>,
    /// Guarded branches read but not entered yet, and those the walk is in.
    pending_guards: Vec<PendingGuard>,
    open_guards: Vec<OpenGuard>,
    open_branches: Vec<branch::OpenBranch>,
    /// The id of each conditional met, by its node's id.
    conditionals: rustc_hash::FxHashMap<usize, Id>,
    /// Variables assigned outside conditionals, by scope, to find a second
    /// assignment.
    assigned: FxHashSet<(Id, String)>,
    /// The blocks the walk is inside.
    open_blocks: Vec<OpenBlock<'a>>,
    /// Columns of the nodes met, counted on from the last one.
    columns: Columns,
    /// The depth of the innermost open block, conditional, parameter,
    /// attribute, scope or resource: `leave` closes nothing above it.
    deepest_open: usize,
    /// Each scope's parameters read so far.
    parameter_lists: rustc_hash::FxHashMap<Id, ParameterList<'a>>,
    /// `type.attribute` of resource defaults set outside conditionals, by
    /// scope.
    defaulted: FxHashSet<(Id, String)>,
    /// For an EPP template's code, where its positions lie in the
    /// template.
    template: Option<&'a TemplatePlaces<'a>>,
}

/// Extracts the facts of one parsed file.
pub fn extract<'a>(
    grammar: &'a Grammar,
    tree: &'a Tree,
    text: &'a str,
    placement: &'a Placement,
    path: &std::path::Path,
    class_functions: &'a [super::ClassFunction],
    template: Option<&'a TemplatePlaces<'a>>,
) -> FileFacts {
    let module_path = placement.module_root.as_ref().and_then(|root| {
        let relative = path.strip_prefix(root).ok()?;
        Some(format!(
            "{}/{}",
            placement.module,
            relative.to_string_lossy()
        ))
    });
    let mut extractor = Extractor {
        grammar,
        text,
        placement,
        class_functions,
        module_path,
        facts: Facts::default(),
        // The Debian manifests hold one distinct string per 66 bytes on
        // average, 22% of their text: room for twice as many strings and a
        // third of the text spares most files any rehash or move.
        interner: Interner::with_capacity(text.len() / 32, text.len() / 3),
        scratch: RefCell::new(tree.walk()),
        // Id 0 is top scope, shared by all files.
        next_id: 1,
        frames: vec![Frame {
            depth: 0,
            scope: TOP_SCOPE,
            kind: ScopeKind::Top,
            name: String::new(),
            parameters: 0,
        }],
        declared: Vec::new(),
        chained: Vec::new(),
        pending_heredocs: Default::default(),
        ancestors: Vec::new(),
        mentions_api_tag: None,
        open_resources: Vec::new(),
        open_attributes: Vec::new(),
        open_parameters: Vec::new(),
        conditions: Vec::new(),
        pending_guards: Vec::new(),
        open_guards: Vec::new(),
        open_branches: Vec::new(),
        conditionals: rustc_hash::FxHashMap::default(),
        assigned: FxHashSet::default(),
        open_blocks: Vec::new(),
        columns: Columns::default(),
        deepest_open: 0,
        parameter_lists: Default::default(),
        defaulted: FxHashSet::default(),
        template,
    };
    if placement.role == Role::Example {
        extractor.open_example_scope();
    }
    extractor.walk(tree);
    // A template's comments are not in its code.
    if template.is_none() {
        extractor.facts.suppression =
            super::suppression::extract(tree, text, &mut extractor.interner);
    }
    FileFacts {
        facts: extractor.facts,
        interner: extractor.interner,
        ids: extractor.next_id,
    }
}

impl<'a> Extractor<'a> {
    /// Visits every node in source order, iteratively (no nesting depth
    /// can overflow the stack). Children are read by index, which costs a
    /// fraction of a tree cursor's step down, across and back up: lists
    /// (statements, attributes, elements) are balanced trees of hidden
    /// nodes, so an index reaches its child in a few steps. Only error
    /// recovery leaves long flat lists, which a cursor walks in linear time.
    fn walk(&mut self, tree: &'a Tree) {
        // In a tree without errors, the text between two comments of a run
        // holds no other node (error recovery inserts zero-width ones).
        let skips_comment_runs = !tree.root_node().has_error();
        let mut levels: Vec<Level<'a>> = Vec::new();
        // For each level, whether every part of its node read so far is
        // idem (Checker4_0): judged bottom-up, as the walk leaves nodes.
        // (`None` for a node whose rule does not look at its parts).
        let mut parts_idem: Vec<Option<bool>> = Vec::new();
        // One cursor per flat node being walked, kept for the next ones.
        let mut cursors: Vec<TreeCursor<'a>> = Vec::new();
        let mut stepped = 0;
        let mut next = Some(tree.root_node());
        while let Some(node) = next {
            let kind = node.kind_id();
            if kind == self.grammar.comment && skips_comment_runs {
                if let Some(Level::Indexed {
                    parent,
                    named,
                    next,
                    ..
                }) = levels.last_mut()
                {
                    if let Some(last) = self.last_comment_of_run(*parent, *named, *next - 1, node) {
                        *next = last + 1;
                    }
                }
            }
            let descend = self.enter(node, kind, self.ancestors.len());
            let children = if descend && self.grammar.descends(kind) {
                node.child_count()
            } else {
                0
            };
            if children > 0 {
                self.ancestors.push(node);
                parts_idem.push((self.grammar.idem_rule(kind) == IdemRule::Parts).then_some(true));
                levels.push(
                    if children <= MAX_FLAT_CHILDREN_READ_BY_INDEX || !node.has_error() {
                        let named = !self.grammar.reads_tokens(kind);
                        Level::Indexed {
                            parent: node,
                            named,
                            next: 0,
                            count: if named {
                                u32::try_from(node.named_child_count()).unwrap_or(children)
                            } else {
                                children
                            },
                        }
                    } else {
                        if stepped == cursors.len() {
                            cursors.push(node.walk());
                        } else {
                            cursors[stepped].reset(node);
                        }
                        stepped += 1;
                        Level::Stepped { started: false }
                    },
                );
            } else {
                self.left(
                    node,
                    kind,
                    true,
                    parts_idem.last_mut().and_then(Option::as_mut),
                );
            }
            next = loop {
                let Some(level) = levels.last_mut() else {
                    break None;
                };
                match level {
                    Level::Indexed {
                        parent,
                        named,
                        next,
                        count,
                    } => {
                        if next < count {
                            *next += 1;
                            break child_at(*parent, *named, *next - 1);
                        }
                    }
                    Level::Stepped { started } => {
                        let cursor = &mut cursors[stepped - 1];
                        let moved = if *started {
                            cursor.goto_next_sibling()
                        } else {
                            *started = true;
                            cursor.goto_first_child()
                        };
                        if moved {
                            break Some(cursor.node());
                        }
                        stepped -= 1;
                    }
                }
                levels.pop();
                let node = self.ancestors.pop().expect("one ancestor per level");
                let idem = parts_idem.pop().flatten().unwrap_or(false);
                self.left(
                    node,
                    node.kind_id(),
                    idem,
                    parts_idem.last_mut().and_then(Option::as_mut),
                );
            };
        }
    }

    /// The walk is done with `node`, whose parts are all idem or not:
    /// judges the node for its parent and, if a statement, for its block,
    /// then closes what ends with it.
    fn left(&mut self, node: Node<'a>, kind: u16, parts_idem: bool, parent: Option<&mut bool>) {
        let statement = self
            .open_blocks
            .last()
            .is_some_and(|block| block.depth + 1 == self.ancestors.len());
        // Most nodes are neither a statement nor a part Checker4_0 judges.
        if statement || parent.is_some() {
            let idem = match self.grammar.idem_rule(kind) {
                IdemRule::Value => true,
                IdemRule::Operator => node
                    .child_by_field_id(self.grammar.fields.operator.get())
                    .is_none_or(|operator| !matches!(self.source(operator), "=~" | "!~")),
                IdemRule::Parts => parts_idem,
                IdemRule::Effect => false,
            };
            if let Some(parent) = parent {
                *parent &= idem || !self.grammar.is_idem_part(kind);
            }
            if statement {
                self.judge_statement(node, idem);
            }
        }
        self.leave(self.ancestors.len());
    }

    /// The index of the last comment of the run of `#` lines that
    /// `comment`, child `index` of `parent`, opens: the walk goes on past
    /// it, instead of visiting every line. Comments give no fact, and the
    /// Debian manifests open with runs of twenty lines on average.
    fn last_comment_of_run(
        &self,
        parent: Node<'a>,
        named: bool,
        index: u32,
        comment: Node<'a>,
    ) -> Option<u32> {
        let (last_start, more_lines) = comment_run(self.text.as_bytes(), comment.byte_range())?;
        let last_index = index.checked_add(more_lines)?;
        let last = child_at(parent, named, last_index)?;
        // What lies between two siblings of a run can only be comments; a
        // run whose lines are not all siblings is visited line by line.
        (last.start_byte() == last_start && last.kind_id() == self.grammar.comment)
            .then_some(last_index)
    }

    fn leave(&mut self, depth: usize) {
        // Most nodes close nothing: one comparison says so.
        if depth > self.deepest_open {
            return;
        }
        while self
            .open_blocks
            .last()
            .is_some_and(|open| open.depth >= depth)
        {
            let block = self.open_blocks.pop().expect("checked above");
            self.close_block(block);
        }
        while self.conditions.last().is_some_and(|&open| open >= depth) {
            self.conditions.pop();
        }
        while self
            .open_guards
            .last()
            .is_some_and(|open| open.depth >= depth)
        {
            self.open_guards.pop();
        }
        while self
            .open_branches
            .last()
            .is_some_and(|open| open.depth >= depth)
        {
            self.open_branches.pop();
        }
        while self
            .open_parameters
            .last()
            .is_some_and(|open| open.depth >= depth)
        {
            let open = self.open_parameters.pop().expect("checked above");
            self.close_parameter(open);
        }
        while self
            .open_attributes
            .last()
            .is_some_and(|open| open.depth >= depth)
        {
            let open = self.open_attributes.pop().expect("checked above");
            self.close_attribute(open);
        }
        while self.frames.len() > 1 && self.frames.last().is_some_and(|frame| frame.depth >= depth)
        {
            self.frames.pop();
        }
        while self
            .open_resources
            .last()
            .is_some_and(|open| open.depth >= depth)
        {
            let open = self.open_resources.pop().expect("checked above");
            self.close_resource(open);
        }
        self.deepest_open = [
            self.open_blocks.last().map(|open| open.depth),
            self.conditions.last().copied(),
            self.open_guards.last().map(|open| open.depth),
            self.open_branches.last().map(|open| open.depth),
            self.open_parameters.last().map(|open| open.depth),
            self.open_attributes.last().map(|open| open.depth),
            self.frames.last().map(|frame| frame.depth),
            self.open_resources.last().map(|open| open.depth),
        ]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(0);
    }

    // ------------------------------------------------------------------
    // Helpers
    // ------------------------------------------------------------------

    fn sym(&mut self, text: &str) -> Sym {
        self.interner.intern(text)
    }

    /// An example's top-level code is a scope of its own, below top
    /// scope: the file is applied alone, never as the site's top scope.
    fn open_example_scope(&mut self) {
        let scope = self.new_id();
        let row = Scope {
            scope,
            kind: ScopeKind::Example,
            name: self.sym(""),
            lexical_parent: TOP_SCOPE,
            file: FileId::default(),
            line: 1,
        };
        self.facts.scope.push(row);
        let top = &mut self.frames[0];
        top.scope = scope;
        top.kind = ScopeKind::Example;
    }

    fn new_id(&mut self) -> Id {
        let id = Id(self.next_id);
        self.next_id += 1;
        id
    }

    fn source(&self, node: Node) -> &'a str {
        &self.text[node.byte_range()]
    }

    fn location(&self, node: Node) -> (u32, u32) {
        self.location_at(node.start_byte(), node.start_position())
    }

    /// Where `node` ends.
    fn end_location(&self, node: Node) -> (u32, u32) {
        self.location_at(node.end_byte(), node.end_position())
    }

    fn location_at(&self, byte: usize, point: tree_sitter::Point) -> (u32, u32) {
        let location = match self.template {
            Some(places) => places.location(byte),
            None => self.columns.location(self.text, byte, point),
        };
        (location.line as u32, location.column as u32)
    }

    fn line(&self, node: Node) -> u32 {
        node.start_position().row as u32 + 1
    }

    fn scope(&self) -> Id {
        self.frames.last().expect("top scope stays open").scope
    }

    /// The innermost class or define being defined.
    fn definition(&self) -> Option<&Frame> {
        self.frames
            .iter()
            .rev()
            .find(|frame| matches!(frame.kind, ScopeKind::Class | ScopeKind::Define))
    }

    /// The named children of `node`, without the comments and heredoc
    /// bodies that may stand between any two tokens (the grammar's
    /// extras): `[ # web\n 'nginx' ]` has one element.
    fn named_children(&self, node: Node<'a>) -> Vec<Node<'a>> {
        node.named_children(&mut self.scratch.borrow_mut())
            .filter(|child| !child.is_extra())
            .collect()
    }

    /// Calls `each` with every child of `node` that has a field: one pass
    /// over the children, where `child_by_field_id` scans them once per
    /// field. `each` must not use the scratch cursor.
    fn each_field(&self, node: Node<'a>, mut each: impl FnMut(FieldId, Node<'a>)) {
        let mut cursor = self.scratch.borrow_mut();
        cursor.reset(node);
        if !cursor.goto_first_child() {
            return;
        }
        loop {
            if let Some(field) = cursor.field_id() {
                each(field, cursor.node());
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }

    fn children_by_field(&self, node: Node<'a>, field: FieldId) -> Vec<Node<'a>> {
        node.children_by_field_id(field, &mut self.scratch.borrow_mut())
            .collect()
    }

    /// The value of a literal string or bare word; `None` when computed.
    fn literal(&self, node: Node<'a>) -> Option<String> {
        let kind = node.kind_id();
        if kind == self.grammar.name || kind == self.grammar.node_name {
            let written = self.source(node);
            if !written.contains(char::is_whitespace) {
                return Some(written.to_string());
            }
            return Some(written.split_whitespace().collect());
        }
        if kind == self.grammar.string {
            let quoted = self.source(node);
            return Some(unescape_single_quoted(&quoted[1..quoted.len() - 1]));
        }
        if kind == self.grammar.interpolated_string {
            return self.interpolated(node, |_| None);
        }
        None
    }

    /// The value of a double-quoted string whose interpolations are each
    /// one variable that `variable` knows the value of (by its name,
    /// without `$` or a leading `::`); `None` when another is computed.
    fn interpolated(
        &self,
        node: Node<'a>,
        variable: impl Fn(&str) -> Option<&'a str>,
    ) -> Option<String> {
        let g = self.grammar;
        let mut value = String::new();
        for part in self.named_children(node) {
            let kind = part.kind_id();
            let variable_node = if kind == g.interpolation {
                part.child_by_field_id(g.fields.expression.get())
                    .filter(|expression| expression.kind_id() == g.variable)
            } else {
                (kind == g.variable).then_some(part)
            };
            if kind == g.string_content {
                value.push_str(self.source(part));
            } else if kind == g.escape_sequence {
                value.push_str(&unescape_double_quoted(self.source(part)));
            } else if let Some(read) = variable_node {
                let name = self.source(read).trim_start_matches('$');
                value.push_str(variable(name.trim_start_matches("::"))?);
            } else {
                return None;
            }
        }
        Some(value)
    }

    /// Puppet's normal form of a class name.
    fn class_name(name: &str) -> String {
        names::lowercase(names::absolute(name))
    }

    // ------------------------------------------------------------------
    // The walk
    // ------------------------------------------------------------------

    /// Reads `node` on the way down; false when nothing below it can give
    /// a fact, so the walk need not descend.
    fn enter(&mut self, node: Node<'a>, kind: u16, depth: usize) -> bool {
        let g = self.grammar;
        let visit = g.visit(kind);
        if visit == Visit::Comment {
            return false;
        }
        if self
            .open_parameters
            .last()
            .is_some_and(|open| open.depth + 1 == depth)
        {
            match self.parameter_part(node, kind) {
                ParameterPart::Variable => return true,
                ParameterPart::PlainType => return false,
                ParameterPart::Other => {}
            }
        }
        if let Some(open) = self.open_attributes.last_mut() {
            if open.depth + 1 == depth && open.seen < 3 {
                open.parts[open.seen] = &self.text[node.byte_range()];
                open.seen += 1;
            }
        }
        if self
            .open_blocks
            .last()
            .is_some_and(|block| block.depth + 1 == depth)
        {
            self.validate_statement(node);
        }
        if g.is_conditional(kind) {
            self.deepest_open = self.deepest_open.max(depth);
            self.conditions.push(depth);
            if kind == g.case || kind == g.selector {
                self.validate_defaults(node);
            }
        }
        if kind == g.if_ || kind == g.elsif || kind == g.unless {
            self.read_guard(node);
        }
        match visit {
            Visit::Nothing | Visit::Comment => {}
            Visit::Variable => {
                let name = self.source(node).trim_start_matches('$');
                self.validate_variable(node, name);
                self.variable(node, name);
            }
            Visit::Block => {
                self.open_block(depth);
                self.open_guard(node, depth);
                self.open_branch(depth);
            }
            Visit::Class => {
                self.validate_definition(node, DefinitionKind::Class);
                self.definition_of(node, depth);
            }
            Visit::Define => {
                self.validate_definition(node, DefinitionKind::Define);
                self.definition_of(node, depth);
            }
            Visit::Node => {
                self.validate_node(node);
                self.node_definition(node, depth);
            }
            Visit::Function => {
                self.validate_definition(node, DefinitionKind::Function);
                self.function_definition(node, depth);
            }
            Visit::Lambda => self.lambda(node, depth),
            Visit::TypeAlias => {
                self.validate_definition(node, DefinitionKind::TypeAlias);
                self.type_declaration(node);
            }
            Visit::TypeDefinition => {
                self.validate_definition(node, DefinitionKind::TypeDefinition);
                self.type_declaration(node);
            }
            Visit::Assignment => {
                self.validate_assignment(node);
                self.assignment(node);
            }
            Visit::Call => self.call(node),
            Visit::Resource => self.resource(node, depth),
            Visit::ResourceBody => self.resource_body(node, depth),
            Visit::Attribute => self.attribute(node, depth),
            Visit::Parameter => self.parameter(depth),
            Visit::ResourceDefaults => {
                self.validate_resource_defaults(node);
                self.resource_defaults(node);
            }
            Visit::ResourceOverride => self.resource_override(node),
            Visit::Collector => {
                self.validate_collector_use(node);
                self.validate_query(node);
                self.collector(node);
            }
            Visit::Relationship => self.relationship(node),
            Visit::Access => self.access(node),
            Visit::ReservedWord => self.validate_reserved_word(node),
            Visit::Integer => self.validate_integer(node),
            Visit::Hash => self.validate_hash(node),
            Visit::Heredoc => self.heredoc_header(node),
            Visit::HeredocBody => self.validate_heredoc_body(node),
            Visit::StringLiteral => self.key_literal(node),
            Visit::Arithmetic => self.validate_arithmetic(node),
            Visit::Negation => self.validate_negation(node),
        }
        true
    }

    fn open_scope(&mut self, node: Node, depth: usize, kind: ScopeKind, name: String) -> Id {
        let scope = self.new_id();
        let row = Scope {
            scope,
            kind,
            name: self.sym(&name),
            lexical_parent: self.scope(),
            file: FileId::default(),
            line: self.line(node),
        };
        self.facts.scope.push(row);
        self.deepest_open = self.deepest_open.max(depth);
        self.frames.push(Frame {
            depth,
            scope,
            kind,
            name,
            parameters: 0,
        });
        scope
    }

    fn var_assign(&mut self, scope: Id, name: &str, at: Node, private: bool) {
        let (line, col) = self.location(at);
        let name = self.sym(name);
        self.facts.var_assign.push(VarAssign {
            scope,
            name,
            file: FileId::default(),
            line,
            col,
            private,
        });
    }

    fn assignment(&mut self, node: Node<'a>) {
        let Some(left) = node.child_by_field_id(self.grammar.fields.left.get()) else {
            return;
        };
        let private = node
            .child_by_field_id(self.grammar.fields.access.get())
            .is_some();
        let scope = self.scope();
        let targets: Vec<Node> = if left.kind_id() == self.grammar.array {
            self.named_children(left)
        } else {
            self.string_value(node, left, scope);
            vec![left]
        };
        for target in targets {
            if target.kind_id() == self.grammar.variable {
                let name = self.source(target).trim_start_matches('$').to_string();
                self.var_assign(scope, &name, target, private);
                self.declared.push(target.id());
            }
        }
    }

    /// A variable read, `name` without its `$`.
    fn variable(&mut self, node: Node<'a>, name: &'a str) {
        if let Some(index) = self.declared.iter().position(|&id| id == node.id()) {
            self.declared.swap_remove(index);
            return;
        }
        let (namespace, short) = match names::last_separator(name) {
            Some(0) => ("::", &name[2..]),
            Some(at) => (names::absolute(&name[..at]), &name[at + 2..]),
            None => ("", name),
        };
        let (line, col) = self.location(node);
        let name_sym = self.sym(name);
        // Most references are unqualified: their short name is the name.
        let (namespace, short_name) = if namespace.is_empty() {
            (Sym::default(), name_sym)
        } else {
            (self.sym(namespace), self.sym(short))
        };
        let reference = self.new_id();
        if namespace == Sym::default() && self.coerced_operand(node) {
            self.facts
                .coerced_operand
                .push(CoercedOperand { reference });
        }
        let row = VarRef {
            reference,
            scope: self.scope(),
            name: name_sym,
            namespace,
            short_name,
            file: FileId::default(),
            line,
            col,
        };
        self.facts.var_ref.push(row);
    }

    fn access(&mut self, node: Node<'a>) {
        let Some(refs) = self.references(node) else {
            self.parameter_access(node);
            self.facts_hash_access(node);
            return;
        };
        let scope = self.scope();
        let (line, col) = self.location(node);
        let written = match node.child_by_field_id(self.grammar.fields.target.get()) {
            Some(target) if self.source(target) == "Resource" => RefForm::Resource,
            _ => RefForm::Type,
        };
        let guard = self.guard();
        for reference in refs {
            let row = ResourceRef {
                scope,
                type_name: self.sym(&reference.type_name),
                title: self.sym(&reference.title),
                written,
                guard,
                file: FileId::default(),
                line,
                col,
            };
            self.facts.resource_ref.push(row);
        }
    }

    /// `Class['x']['p']`, `File['/a']['mode']`: a parameter read from the
    /// catalog.
    fn parameter_access(&mut self, node: Node<'a>) {
        let fields = &self.grammar.fields;
        let Some(target) = node.child_by_field_id(fields.target.get()) else {
            return;
        };
        if target.kind_id() != self.grammar.access {
            return;
        }
        let Some(refs) = self.references(target) else {
            return;
        };
        let parameters: Vec<String> = self
            .children_by_field(node, fields.index)
            .into_iter()
            .filter_map(|index| self.literal(index))
            .collect();
        let scope = self.scope();
        let (line, col) = self.location(node);
        for reference in &refs {
            for parameter in &parameters {
                let row = ResourceParamRef {
                    scope,
                    type_name: self.sym(&reference.type_name),
                    title: self.sym(&reference.title),
                    param: self.sym(parameter),
                    file: FileId::default(),
                    line,
                    col,
                };
                self.facts.resource_param_ref.push(row);
            }
        }
    }
}

/// Past this many children, a node with errors is walked with a cursor:
/// error recovery leaves flat lists, where an index costs a step per child.
const MAX_FLAT_CHILDREN_READ_BY_INDEX: u32 = 8;

/// How the walk goes through the children of a node it is inside.
enum Level<'a> {
    /// By index: `parent`'s child `next` comes next, of `count`; of its
    /// `named` children only, when its tokens give nothing.
    Indexed {
        parent: Node<'a>,
        named: bool,
        next: u32,
        count: u32,
    },
    /// With the cursor of the level (a flat node), once it has `started`.
    Stepped { started: bool },
}

/// Child `index` of `parent`, counting its `named` children only or all.
fn child_at(parent: Node, named: bool, index: u32) -> Option<Node> {
    if named {
        parent.named_child(index)
    } else {
        parent.child(index)
    }
}

/// The value of a single-quoted string's content: `\\` and `\'` escape.
pub(super) fn unescape_single_quoted(content: &str) -> String {
    if !content.contains('\\') {
        return content.to_string();
    }
    let mut value = String::with_capacity(content.len());
    let mut chars = content.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('\\' | '\'')) = chars.peek() {
                value.push(next);
                chars.next();
                continue;
            }
        }
        value.push(c);
    }
    value
}

/// The value of one escape sequence of a double-quoted string.
pub(super) fn unescape_double_quoted(escape: &str) -> String {
    let body = &escape[1..];
    match body {
        "n" => "\n".to_string(),
        "t" => "\t".to_string(),
        "r" => "\r".to_string(),
        "s" => " ".to_string(),
        "\\" | "\"" | "'" | "$" => body.to_string(),
        "\n" => String::new(),
        _ => {
            let hex = body
                .strip_prefix('u')
                .map(|hex| hex.trim_start_matches('{').trim_end_matches('}'));
            match hex
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .and_then(char::from_u32)
            {
                Some(c) => c.to_string(),
                None => escape.to_string(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the variables `text` references, in source order.
    fn referenced_variables(text: &str) -> Vec<String> {
        let grammar = Grammar::new(&crate::syntax::language());
        let tree = crate::syntax::parse(&mut crate::syntax::new_parser(), text).unwrap();
        let path = std::path::Path::new("site.pp");
        let placement = super::super::layout::Layout::default().place(path);
        let file = extract(&grammar, &tree, text, &placement, path, &[], None);
        let mut references: Vec<_> = file.facts.var_ref.iter().collect();
        references.sort_by_key(|reference| (reference.line, reference.col));
        references
            .iter()
            .map(|reference| file.interner.resolve(reference.name).to_string())
            .collect()
    }

    #[test]
    fn comment_runs_are_skipped_and_nothing_else() {
        let text = "# a\n# b\n  # c\n\nclass a ($p = $d) {\n  # one\n  # two\n  \
                    notify { 'x': # three\n    # four\n    message => $m,\n  }\n  \
                    $h = @(\"END\") # on the header line\n  # ${y} is the body\n  \
                    | END\n  # last\n  # lines\n}\n# after\n# it\n$z = $w\n";
        assert_eq!(referenced_variables(text), ["d", "m", "y", "w"]);
    }

    /// A node with errors and many children, walked with a cursor.
    #[test]
    fn a_broken_block_is_walked_to_its_end() {
        let text = "class a {\n  # one\n  # two\n  $x = $m ] ] ] ] ] ] ] ] ] ]\n  \
                    # three\n  # four\n  $y = $o\n";
        assert_eq!(referenced_variables(text), ["m", "o"]);
    }

    #[test]
    fn single_quoted_strings_unescape_only_backslash_and_quote() {
        assert_eq!(unescape_single_quoted("plain"), "plain");
        assert_eq!(unescape_single_quoted(r"it\'s a \\ \n"), r"it's a \ \n");
    }
}
