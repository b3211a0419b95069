//! The extractor: one walk over a file's syntax tree gives its facts.
//!
//! This is the only part of pfacts' analysis that reads syntax trees. The
//! walk is iterative (a stack of levels), so no nesting depth can overflow
//! the call stack; a scope opens when the walk enters a class, define,
//! node, function or lambda and closes when it leaves it.

use std::num::NonZeroU16 as FieldId;

use std::cell::RefCell;

use rustc_hash::FxHashSet;

use tree_sitter::{Language, Node, Tree, TreeCursor};

#[path = "branch.rs"]
mod branch;
#[path = "fact_access.rs"]
mod fact_access;
#[path = "function_resources.rs"]
mod function_resources;
#[path = "guard.rs"]
mod guard;
#[path = "module_files.rs"]
mod module_files;
#[path = "validate.rs"]
mod validate;

use super::intern::Interner;
use super::layout::{autoload_path, is_autoload_path, Placement, Role};
use super::names;
use super::schema::*;
use crate::diagnostic::Columns;
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

/// What entering a node of a kind extracts: looked up by kind id, so that
/// a node costs one index rather than a chain of comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Visit {
    Nothing,
    Comment,
    Variable,
    Block,
    Class,
    Define,
    Node,
    Function,
    Lambda,
    TypeAlias,
    TypeDefinition,
    Assignment,
    Call,
    Resource,
    ResourceBody,
    Attribute,
    Parameter,
    ResourceDefaults,
    ResourceOverride,
    Collector,
    Relationship,
    Access,
    ReservedWord,
    Integer,
    Hash,
    Heredoc,
    HeredocBody,
    StringLiteral,
}

/// Node kinds and fields the extractor reads, as ids.
pub struct Grammar {
    /// What entering each kind extracts, by kind id.
    visits: Vec<Visit>,
    /// Whether the walk descends into each kind, by kind id: not into
    /// anonymous tokens (leaves) nor into kinds whose children hold nothing
    /// the extractor reads (heredocs, attribute and node names, comments).
    descends: Vec<bool>,
    /// `if`, `unless`, `case` and selectors, by kind id: what they hold may
    /// not be evaluated.
    conditional: Vec<bool>,
    /// Parameters and attributes, by kind id: the only nodes whose
    /// anonymous tokens the walk reads (`=`, `*`, `=>`, `+>`); of others,
    /// it visits the named children only.
    reads_tokens: Vec<bool>,
    access: u16,
    access_modifier: u16,
    binary: u16,
    elsif: u16,
    else_: u16,
    if_: u16,
    unless: u16,
    node_name: u16,
    interpolated_string: u16,
    attribute: u16,
    array: u16,
    call: u16,
    hash: u16,
    pair: u16,
    case: u16,
    case_option: u16,
    class_definition: u16,
    collect_query: u16,
    collector: u16,
    comment: u16,
    default: u16,
    method_call: u16,
    name: u16,
    equals: u16,
    splat: u16,
    regex: u16,
    relationship: u16,
    resource: u16,
    selector: u16,
    string: u16,
    string_content: u16,
    escape_sequence: u16,
    type_definition: u16,
    type_reference: u16,
    variable: u16,
    /// How Checker4_0's `idem` judges each kind, by kind id.
    idem_rules: Vec<IdemRule>,
    /// Named kinds but comments and heredoc bodies, by kind id: the parts
    /// of a node that its `IdemRule::Parts` judges.
    idem_parts: Vec<bool>,
    /// What a module's autoloaded file may hold at its top.
    definitions: [u16; 5],
    heredoc_body: u16,
    parenthesized: u16,
    unary: u16,
    fields: Fields,
}

/// Field ids, looked up once: by name, tree-sitter compares strings.
struct Fields {
    access: FieldId,
    alternative: FieldId,
    arguments: FieldId,
    receiver: FieldId,
    attribute: FieldId,
    body: FieldId,
    case: FieldId,
    condition: FieldId,
    consequence: FieldId,
    expression: FieldId,
    form: FieldId,
    function: FieldId,
    index: FieldId,
    key: FieldId,
    left: FieldId,
    match_: FieldId,
    matcher: FieldId,
    method: FieldId,
    name: FieldId,
    operand: FieldId,
    operator: FieldId,
    option: FieldId,
    parent: FieldId,
    query: FieldId,
    right: FieldId,
    target: FieldId,
    title: FieldId,
    type_: FieldId,
    value: FieldId,
}

/// The entry of a table by kind id. Kinds past the tables are
/// tree-sitter's `ERROR` (the largest id), which get `error`: nothing to
/// extract from the node itself, but its children.
fn by_kind<T: Copy>(table: &[T], kind: u16, error: T) -> T {
    table.get(usize::from(kind)).copied().unwrap_or(error)
}

impl Grammar {
    fn visit(&self, kind: u16) -> Visit {
        by_kind(&self.visits, kind, Visit::Nothing)
    }

    fn descends(&self, kind: u16) -> bool {
        by_kind(&self.descends, kind, true)
    }

    fn idem_rule(&self, kind: u16) -> IdemRule {
        by_kind(&self.idem_rules, kind, IdemRule::Effect)
    }

    fn is_idem_part(&self, kind: u16) -> bool {
        by_kind(&self.idem_parts, kind, false)
    }

    fn reads_tokens(&self, kind: u16) -> bool {
        by_kind(&self.reads_tokens, kind, false)
    }

    fn is_conditional(&self, kind: u16) -> bool {
        by_kind(&self.conditional, kind, false)
    }

    pub fn new(language: &Language) -> Grammar {
        let kind = |name: &str| {
            let id = language.id_for_node_kind(name, true);
            assert_ne!(id, 0, "node kind {name} is in the grammar");
            id
        };
        let field = |name: &str| {
            language
                .field_id_for_name(name)
                .unwrap_or_else(|| panic!("field {name} is in the grammar"))
        };
        let kinds = language.node_kind_count();
        let mut visits = vec![Visit::Nothing; kinds];
        for (name, visit) in [
            ("comment", Visit::Comment),
            ("variable", Visit::Variable),
            ("block", Visit::Block),
            ("source_file", Visit::Block),
            ("class_definition", Visit::Class),
            ("define_definition", Visit::Define),
            ("node_definition", Visit::Node),
            ("function_definition", Visit::Function),
            ("lambda", Visit::Lambda),
            ("type_alias", Visit::TypeAlias),
            ("type_definition", Visit::TypeDefinition),
            ("assignment", Visit::Assignment),
            ("statement_call", Visit::Call),
            ("call", Visit::Call),
            ("method_call", Visit::Call),
            ("resource", Visit::Resource),
            ("resource_body", Visit::ResourceBody),
            ("attribute", Visit::Attribute),
            ("parameter", Visit::Parameter),
            ("resource_defaults", Visit::ResourceDefaults),
            ("resource_override", Visit::ResourceOverride),
            ("collector", Visit::Collector),
            ("relationship", Visit::Relationship),
            ("access", Visit::Access),
            ("reserved_word", Visit::ReservedWord),
            ("integer", Visit::Integer),
            ("hash", Visit::Hash),
            ("heredoc", Visit::Heredoc),
            ("heredoc_body", Visit::HeredocBody),
            ("string", Visit::StringLiteral),
            ("interpolated_string", Visit::StringLiteral),
        ] {
            visits[usize::from(kind(name))] = visit;
        }
        let named: Vec<bool> = (0..kinds)
            .map(|id| u16::try_from(id).is_ok_and(|id| language.node_kind_is_named(id)))
            .collect();
        let mut descends = named.clone();
        for opaque in ["heredoc", "attribute_name", "node_name", "comment"] {
            descends[usize::from(kind(opaque))] = false;
        }
        let mut conditional = vec![false; kinds];
        for name in ["if", "unless", "case", "selector"] {
            conditional[usize::from(kind(name))] = true;
        }
        let mut idem_rules = vec![IdemRule::Effect; kinds];
        for name in [
            "string",
            "interpolated_string",
            "heredoc",
            "integer",
            "float",
            "true",
            "false",
            "undef",
            "default",
            "name",
            "type_reference",
            "array",
            "hash",
            "variable",
            "access",
            "unary",
            "regex",
            // Its cases may have effects, but Puppet calls that bad design.
            "selector",
        ] {
            idem_rules[usize::from(kind(name))] = IdemRule::Value;
        }
        idem_rules[usize::from(kind("binary"))] = IdemRule::Operator;
        for name in [
            "parenthesized",
            "if",
            "elsif",
            "else",
            "unless",
            "case",
            "case_option",
            "block",
        ] {
            idem_rules[usize::from(kind(name))] = IdemRule::Parts;
        }
        let mut idem_parts = named;
        for name in ["comment", "heredoc_body"] {
            idem_parts[usize::from(kind(name))] = false;
        }
        let mut reads_tokens = vec![false; kinds];
        for name in ["parameter", "attribute"] {
            reads_tokens[usize::from(kind(name))] = true;
        }
        Grammar {
            visits,
            descends,
            conditional,
            reads_tokens,
            access: kind("access"),
            access_modifier: kind("access_modifier"),
            binary: kind("binary"),
            elsif: kind("elsif"),
            else_: kind("else"),
            if_: kind("if"),
            unless: kind("unless"),
            node_name: kind("node_name"),
            interpolated_string: kind("interpolated_string"),
            attribute: kind("attribute"),
            array: kind("array"),
            call: kind("call"),
            hash: kind("hash"),
            pair: kind("pair"),
            case: kind("case"),
            case_option: kind("case_option"),
            class_definition: kind("class_definition"),
            collect_query: kind("collect_query"),
            collector: kind("collector"),
            comment: kind("comment"),
            default: kind("default"),
            method_call: kind("method_call"),
            name: kind("name"),
            equals: language.id_for_node_kind("=", false),
            splat: language.id_for_node_kind("*", false),
            regex: kind("regex"),
            relationship: kind("relationship"),
            resource: kind("resource"),
            selector: kind("selector"),
            string: kind("string"),
            string_content: kind("string_content"),
            escape_sequence: kind("escape_sequence"),
            type_definition: kind("type_definition"),
            type_reference: kind("type_reference"),
            variable: kind("variable"),
            idem_rules,
            idem_parts,
            definitions: [
                kind("class_definition"),
                kind("define_definition"),
                kind("function_definition"),
                kind("type_alias"),
                kind("type_definition"),
            ],
            heredoc_body: kind("heredoc_body"),
            parenthesized: kind("parenthesized"),
            unary: kind("unary"),
            fields: Fields {
                access: field("access"),
                alternative: field("alternative"),
                arguments: field("arguments"),
                receiver: field("receiver"),
                attribute: field("attribute"),
                body: field("body"),
                case: field("case"),
                condition: field("condition"),
                consequence: field("consequence"),
                expression: field("expression"),
                form: field("form"),
                function: field("function"),
                index: field("index"),
                key: field("key"),
                left: field("left"),
                match_: field("match"),
                matcher: field("matcher"),
                method: field("method"),
                name: field("name"),
                operand: field("operand"),
                operator: field("operator"),
                option: field("option"),
                parent: field("parent"),
                query: field("query"),
                right: field("right"),
                target: field("target"),
                title: field("title"),
                type_: field("type"),
                value: field("value"),
            },
        }
    }
}

/// Puppet's data types, lower case and sorted (searched by bisection): an
/// access on one of these is a type, not a resource reference.
const DATA_TYPES: &[&str] = &[
    "any",
    "array",
    "binary",
    "boolean",
    "callable",
    "catalogentry",
    "collection",
    "data",
    "default",
    "deferred",
    "enum",
    "error",
    "float",
    "hash",
    "init",
    "integer",
    "iterable",
    "iterator",
    "notundef",
    "numeric",
    "object",
    "optional",
    "pattern",
    "regexp",
    "richdata",
    "runtime",
    "scalar",
    "scalardata",
    "semver",
    "semverrange",
    "sensitive",
    "string",
    "struct",
    "timespan",
    "timestamp",
    "tuple",
    "type",
    "typealias",
    "typereference",
    "typeset",
    "undef",
    "unit",
    "uri",
    "variant",
];

/// Metaparameters that order resources; `true` where the attribute's owner
/// comes first.
const ORDERING_METAPARAMETERS: &[(&str, Arrow, bool)] = &[
    ("before", Arrow::BeforeParameter, true),
    ("notify", Arrow::NotifyParameter, true),
    ("require", Arrow::RequireParameter, false),
    ("subscribe", Arrow::SubscribeParameter, false),
];

/// The functions that declare classes.
const DECLARING_FUNCTIONS: &[(&str, DeclarationHow)] = &[
    ("include", DeclarationHow::Include),
    ("require", DeclarationHow::Require),
    ("contain", DeclarationHow::Contain),
];

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
}

/// Extracts the facts of one parsed file.
pub fn extract<'a>(
    grammar: &'a Grammar,
    tree: &'a Tree,
    text: &'a str,
    placement: &'a Placement,
    path: &std::path::Path,
    class_functions: &'a [super::ClassFunction],
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
    };
    if placement.role == Role::Example {
        extractor.open_example_scope();
    }
    extractor.walk(tree);
    extractor.facts.suppression = super::suppression::extract(tree, text, &mut extractor.interner);
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
        let location = self
            .columns
            .location(self.text, node.start_byte(), node.start_position());
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
            let mut value = String::new();
            for part in self.named_children(node) {
                if part.kind_id() == self.grammar.string_content {
                    value.push_str(self.source(part));
                } else if part.kind_id() == self.grammar.escape_sequence {
                    value.push_str(&unescape_double_quoted(self.source(part)));
                } else {
                    return None;
                }
            }
            return Some(value);
        }
        None
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

    fn definition_of(&mut self, node: Node<'a>, depth: usize) {
        let is_class = node.kind_id() == self.grammar.class_definition;
        let Some(name_node) = node.child_by_field_id(self.grammar.fields.name.get()) else {
            return;
        };
        // Puppet prefixes a nested definition with its enclosing classes.
        let written = Self::class_name(self.source(name_node));
        let enclosing_class = self
            .frames
            .iter()
            .rev()
            .find(|frame| frame.kind == ScopeKind::Class)
            .map(|frame| frame.name.clone());
        let name = match enclosing_class {
            Some(outer) => format!("{outer}::{written}"),
            None => written,
        };
        let documented_private = *self
            .mentions_api_tag
            .get_or_insert_with(|| memchr::memmem::find(self.text.as_bytes(), b"@api").is_some())
            && tagged_api_private(self.text, node.start_byte());
        let (line, col) = self.location(name_node);
        let kind = if is_class {
            ScopeKind::Class
        } else {
            ScopeKind::Define
        };
        let scope = self.open_scope(node, depth, kind, name.clone());
        let entity = self.sym(&name);
        let kind = if is_class {
            DefinitionKind::Class
        } else {
            DefinitionKind::Define
        };
        self.facts.definition.push(Definition {
            kind,
            name: entity,
            scope,
            file: FileId::default(),
            line,
            col,
        });
        let mut privacy = Vec::new();
        if node
            .child_by_field_id(self.grammar.fields.access.get())
            .is_some()
        {
            privacy.push(PrivacyHow::Keyword);
        }
        if documented_private {
            privacy.push(PrivacyHow::ApiTag);
        }
        for how in privacy {
            self.facts.privacy.push(Privacy {
                entity,
                kind,
                how,
                file: FileId::default(),
                line: self.line(node),
            });
        }
        if let Some(parent_node) = node.child_by_field_id(self.grammar.fields.parent.get()) {
            let parent = Self::class_name(self.source(parent_node));
            let parent = self.sym(&parent);
            let (line, col) = self.location(parent_node);
            self.facts.inherits.push(Inherits {
                class: entity,
                parent,
                file: FileId::default(),
                line,
                col,
            });
        }
        self.check_autoload(&name, Role::ModuleManifest, line);
    }

    fn check_autoload(&mut self, name: &str, role: Role, line: u32) {
        if self.placement.role != role {
            return;
        }
        let Some(actual) = self.module_path.as_deref() else {
            return;
        };
        if !is_autoload_path(role, name, actual) {
            let expected = autoload_path(role, name).unwrap_or_default();
            let entity = self.sym(name);
            let expected = self.sym(&expected);
            self.facts.autoload_mismatch.push(AutoloadMismatch {
                entity,
                file: FileId::default(),
                line,
                expected,
            });
        }
    }

    /// A parameter of the class, define, function or lambda whose scope
    /// is the innermost one, two levels up (definition, list, parameter).
    fn parameter(&mut self, depth: usize) {
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        if frame.depth + 2 != depth {
            return;
        }
        let position = frame.parameters;
        frame.parameters += 1;
        self.deepest_open = self.deepest_open.max(depth);
        self.open_parameters.push(OpenParameter {
            depth,
            scope: frame.scope,
            kind: frame.kind,
            position,
            private: false,
            type_text: "",
            variable: None,
            has_default: false,
            captures_rest: false,
        });
    }

    /// A child of the open parameter: access modifier, type, `*`, the
    /// parameter's variable, `=` and the default.
    fn parameter_part(&mut self, node: Node<'a>, kind: u16) -> ParameterPart {
        let g = self.grammar;
        let text = self.text;
        let open = self.open_parameters.last_mut().expect("caller checked");
        if open.has_default {
            return ParameterPart::Other;
        }
        if kind == g.access_modifier {
            open.private = true;
        } else if kind == g.splat {
            open.captures_rest = true;
        } else if kind == g.equals {
            open.has_default = true;
        } else if kind == g.variable && open.variable.is_none() {
            open.variable = Some(node);
            return ParameterPart::Variable;
        } else if kind != g.splat && open.variable.is_none() {
            open.type_text = &text[node.byte_range()];
            if !open.type_text.contains('$') {
                return ParameterPart::PlainType;
            }
        }
        ParameterPart::Other
    }

    /// Parameters of functions and lambdas are also variables of their
    /// scope; lambdas have no `param_decl` rows.
    fn close_parameter(&mut self, open: OpenParameter<'a>) {
        let Some(variable) = open.variable else {
            return;
        };
        self.validate_parameter(&open, variable);
        let name = self.source(variable).trim_start_matches('$');
        if open.kind == ScopeKind::Lambda {
            self.var_assign(open.scope, name, variable, false);
            return;
        }
        let (line, col) = self.location(variable);
        let row = ParamDecl {
            scope: open.scope,
            name: self.sym(name),
            type_text: self.sym(open.type_text),
            has_default: open.has_default,
            position: open.position,
            private: open.private,
            file: FileId::default(),
            line,
            col,
        };
        self.facts.param_decl.push(row);
        if open.kind == ScopeKind::Function {
            self.var_assign(open.scope, name, variable, open.private);
        }
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

    fn node_definition(&mut self, node: Node<'a>, depth: usize) {
        let matchers = self.children_by_field(node, self.grammar.fields.matcher);
        let described: Vec<(String, NodeMatcherForm, Node)> = matchers
            .iter()
            .map(|&matcher| self.describe_matcher(matcher))
            .collect();
        let first = described
            .first()
            .map(|(text, _, _)| text.clone())
            .unwrap_or_default();
        let scope = self.open_scope(node, depth, ScopeKind::Node, first);
        for (text, form, matcher) in described {
            let (line, col) = self.location(matcher);
            let matcher = self.sym(&text);
            self.facts.definition.push(Definition {
                kind: DefinitionKind::Node,
                name: matcher,
                scope,
                file: FileId::default(),
                line,
                col,
            });
            self.facts.node_matcher.push(NodeMatcher {
                node: scope,
                matcher,
                form,
            });
        }
        if let Some(parent) = node.child_by_field_id(self.grammar.fields.parent.get()) {
            let (text, _, _) = self.describe_matcher(parent);
            let parent = self.sym(&text);
            self.facts.node_inherits.push(NodeInherits {
                node: scope,
                parent,
                file: FileId::default(),
                line: self.line(node),
            });
        }
    }

    fn describe_matcher(&self, matcher: Node<'a>) -> (String, NodeMatcherForm, Node<'a>) {
        let g = self.grammar;
        let kind = matcher.kind_id();
        if kind == g.regex {
            let text = self.source(matcher).to_string();
            (text, NodeMatcherForm::Regex, matcher)
        } else if kind == g.default {
            ("default".to_string(), NodeMatcherForm::Default, matcher)
        } else if kind == g.node_name {
            let text = self.literal(matcher).unwrap_or_default();
            (text, NodeMatcherForm::Name, matcher)
        } else {
            let text = self
                .literal(matcher)
                .unwrap_or_else(|| self.source(matcher).to_string());
            (text, NodeMatcherForm::String, matcher)
        }
    }

    fn function_definition(&mut self, node: Node<'a>, depth: usize) {
        let Some(name_node) = node.child_by_field_id(self.grammar.fields.name.get()) else {
            return;
        };
        let name = Self::class_name(self.source(name_node));
        let (line, col) = self.location(name_node);
        let scope = self.open_scope(node, depth, ScopeKind::Function, name.clone());
        let function = self.sym(&name);
        self.facts.definition.push(Definition {
            kind: DefinitionKind::Function,
            name: function,
            scope,
            file: FileId::default(),
            line,
            col,
        });
        let known = Known {
            kind: KnownKind::Function,
            name: function,
            module: self.sym(&self.placement.module),
            file: FileId::default(),
        };
        self.facts.known.push(known);
        self.check_autoload(&name, Role::Function, line);
    }

    fn lambda(&mut self, node: Node<'a>, depth: usize) {
        self.open_scope(node, depth, ScopeKind::Lambda, String::new());
    }

    fn type_declaration(&mut self, node: Node<'a>) {
        let Some(name_node) = node.child_by_field_id(self.grammar.fields.name.get()) else {
            return;
        };
        let kind = if node.kind_id() == self.grammar.type_definition {
            DefinitionKind::TypeDefinition
        } else if name_node.kind_id() == self.grammar.type_reference {
            DefinitionKind::TypeAlias
        } else {
            DefinitionKind::TypeMapping
        };
        let name = names::absolute(self.source(name_node)).to_string();
        let (line, col) = self.location(name_node);
        let row = Definition {
            kind,
            name: self.sym(&name),
            scope: TOP_SCOPE,
            file: FileId::default(),
            line,
            col,
        };
        self.facts.definition.push(row);
        if kind == DefinitionKind::TypeAlias {
            let known = Known {
                kind: KnownKind::TypeAlias,
                name: self.sym(&name),
                module: self.sym(&self.placement.module),
                file: FileId::default(),
            };
            self.facts.known.push(known);
            self.check_autoload(&name, Role::TypeAlias, line);
        }
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
        let row = VarRef {
            reference: self.new_id(),
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

    fn call(&mut self, node: Node<'a>) {
        let g = self.grammar;
        let kind = node.kind_id();
        let (function, form) = if kind == g.method_call {
            (
                node.child_by_field_id(self.grammar.fields.method.get()),
                CallForm::Method,
            )
        } else if kind == g.call {
            (
                node.child_by_field_id(self.grammar.fields.function.get()),
                CallForm::Prefix,
            )
        } else {
            (
                node.child_by_field_id(self.grammar.fields.function.get()),
                CallForm::Statement,
            )
        };
        let Some(function) = function else {
            return;
        };
        // `Integer[1, 5]('3')` calls the type's `new`.
        let name = if function.kind() == "access" {
            "new".to_string()
        } else {
            names::absolute(self.source(function)).to_string()
        };
        let (line, col) = self.location(function);
        let row = Call {
            scope: self.scope(),
            name: self.sym(&name),
            form,
            guard: self.guard(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.call.push(row);
        if kind == g.method_call {
            if name == "dig" {
                self.facts_dig_method(node);
            }
            return;
        }
        match name.as_str() {
            "template" => self.module_file_call(node, FileReferenceHow::Template),
            "epp" => self.module_file_call(node, FileReferenceHow::Epp),
            "file" => self.module_file_call(node, FileReferenceHow::File),
            "fact" => self.fact_function(node, function),
            "dig" => self.facts_dig(node),
            "getvar" => self.getvar_fact(node),
            _ => {}
        }
        if name == "realize" {
            self.realized(node);
        }
        if function_resources::RESOURCE_FUNCTIONS.contains(&name.as_str()) {
            self.function_resources(node, &name, line, col);
        }
        if matches!(
            name.as_str(),
            "lookup" | "hiera" | "hiera_array" | "hiera_hash" | "hiera_include"
        ) {
            self.looked_up_key(node, function);
        }
        let declaring = DECLARING_FUNCTIONS
            .iter()
            .find(|(function, _)| *function == name)
            .map(|&(_, how)| (how, "{}"))
            .or_else(|| {
                self.class_functions
                    .iter()
                    .find(|function| function.function == name)
                    .map(|function| (DeclarationHow::Include, function.includes.as_str()))
            });
        if let Some((how, class)) = declaring {
            if let Some(arguments) = node.child_by_field_id(self.grammar.fields.arguments.get()) {
                for argument in self.named_children(arguments) {
                    self.declaration_argument(argument, how, class);
                }
            }
        }
        if name == "assert_private" {
            if let Some(definition) = self.definition() {
                let entity = definition.name.clone();
                let kind = if definition.kind == ScopeKind::Class {
                    DefinitionKind::Class
                } else {
                    DefinitionKind::Define
                };
                let row = Privacy {
                    entity: self.sym(&entity),
                    kind,
                    how: PrivacyHow::AssertPrivate,
                    file: FileId::default(),
                    line,
                };
                self.facts.privacy.push(row);
            }
        }
    }

    /// `realize(File['/a'], [User['b']])`: the resources it names.
    fn realized(&mut self, node: Node<'a>) {
        let Some(arguments) = node.child_by_field_id(self.grammar.fields.arguments.get()) else {
            return;
        };
        let mut pending = self.named_children(arguments);
        while let Some(argument) = pending.pop() {
            if argument.kind_id() == self.grammar.array {
                pending.extend(self.named_children(argument));
            } else if argument.kind_id() == self.grammar.access {
                if let Some(refs) = self.references(argument) {
                    self.push_required(&refs, RequiredHow::Realize, argument);
                }
            }
        }
    }

    /// One argument of `include`, `require` or `contain` (or a title of
    /// `class { ... }`): names, strings and arrays of them.
    /// `class` is the class declared, `{}` standing for the argument (a
    /// site's function may name the class from it).
    fn declaration_argument(&mut self, argument: Node<'a>, how: DeclarationHow, class: &str) {
        let g = self.grammar;
        if argument.kind_id() == g.array {
            for element in self.named_children(argument) {
                self.declaration_argument(element, how, class);
            }
            return;
        }
        let (line, col) = self.location(argument);
        let scope = self.scope();
        match self.literal(argument) {
            Some(name) => {
                let class = self.sym(&Self::class_name(&class.replace("{}", &name)));
                self.facts.declares.push(Declares {
                    scope,
                    class,
                    how,
                    conditional: !self.conditions.is_empty(),
                    guard: self.guard(),
                    branch: self.branch(),
                    file: FileId::default(),
                    line,
                    col,
                });
            }
            None => {
                let text = self.sym(self.source(argument));
                self.facts.declares_dynamic.push(DeclaresDynamic {
                    scope,
                    text,
                    how,
                    file: FileId::default(),
                    line,
                    col,
                });
            }
        }
    }

    /// The titles of a resource title expression: (title, literal, node).
    fn titles(&self, title: Node<'a>) -> Vec<(String, bool, Node<'a>)> {
        if title.kind_id() == self.grammar.array {
            return self
                .named_children(title)
                .into_iter()
                .flat_map(|element| self.titles(element))
                .collect();
        }
        match self.literal(title) {
            Some(value) => vec![(value, true, title)],
            None => vec![(self.source(title).to_string(), false, title)],
        }
    }

    /// A resource expression's type: lower case, `class` for
    /// `class { ... }`, the first index of `Resource[...]`.
    fn resource_type(&self, node: Node<'a>) -> String {
        let g = self.grammar;
        if node.kind_id() == g.access {
            let target = node
                .child_by_field_id(self.grammar.fields.target.get())
                .map_or("", |target| self.source(target));
            if target == "Resource" {
                if let Some(index) = node.child_by_field_id(self.grammar.fields.index.get()) {
                    if let Some(name) = self.literal(index).or_else(|| {
                        (index.kind_id() == g.type_reference)
                            .then(|| self.source(index).to_string())
                    }) {
                        return Self::class_name(&name);
                    }
                }
            }
            return self.source(node).to_string();
        }
        if node.kind_id() == g.name
            || node.kind_id() == g.type_reference
            || self.source(node) == "class"
        {
            return Self::class_name(self.source(node));
        }
        self.source(node).to_string()
    }

    /// (name, operator, value text, node) of each attribute of `node`.
    fn attributes(&self, node: Node<'a>) -> Vec<(&'a str, &'a str, &'a str, Node<'a>)> {
        let fields = &self.grammar.fields;
        let mut attributes = Vec::new();
        self.each_field(node, |field, child| {
            if field == fields.attribute && child.kind_id() == self.grammar.attribute {
                attributes.push(child);
            }
        });
        attributes
            .into_iter()
            .map(|attribute| {
                let (mut name, mut operator, mut value) = ("", "", "");
                self.each_field(attribute, |field, child| {
                    if field == fields.name {
                        name = self.source(child);
                    } else if field == fields.operator {
                        operator = self.source(child);
                    } else if field == fields.value {
                        value = self.source(child);
                    }
                });
                (name, operator, value, attribute)
            })
            .collect()
    }

    fn resource(&mut self, node: Node<'a>, depth: usize) {
        let Some(type_node) = node.child_by_field_id(self.grammar.fields.type_.get()) else {
            return;
        };
        let type_name = self.resource_type(type_node);
        let form = match node
            .child_by_field_id(self.grammar.fields.form.get())
            .map(|form| self.source(form))
        {
            Some("@") => ResourceForm::Virtual,
            Some("@@") => ResourceForm::Exported,
            _ => ResourceForm::Regular,
        };
        let expr = self.new_id();
        let scope = self.scope();
        let (line, col) = self.location(node);
        let row = ResourceExpression {
            expr,
            scope,
            type_name: self.sym(&type_name),
            form,
            guard: self.guard(),
            branch: self.branch(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.resource_expression.push(row);

        self.deepest_open = self.deepest_open.max(depth);
        self.open_resources.push(OpenResource {
            depth,
            node,
            type_name,
            form,
            expr,
            bodies: Vec::new(),
        });
    }

    /// A body of the innermost open resource expression: the resources of
    /// its titles.
    fn resource_body(&mut self, body: Node<'a>, depth: usize) {
        let Some(open) = self.open_resources.last() else {
            return;
        };
        if open.depth + 1 != depth {
            return;
        }
        let (type_name, form, expr) = (open.type_name.clone(), open.form, open.expr);
        let mut open_body = OpenBody {
            is_default: false,
            resources: Vec::new(),
            attributes: Vec::new(),
        };
        match body.child_by_field_id(self.grammar.fields.title.get()) {
            Some(title) if title.kind_id() == self.grammar.default => open_body.is_default = true,
            Some(title) => {
                for (title_text, literal, title_node) in self.titles(title) {
                    let resource = self
                        .declared_resource(&type_name, form, expr, title_text, literal, title_node);
                    open_body.resources.push(resource);
                }
            }
            None => {}
        }
        let open = self.open_resources.last_mut().expect("checked above");
        open.bodies.push(open_body);
    }

    /// The `resource` row of one title (and the `declares` row of a class
    /// title); returns the resource and its title as relationships name it.
    fn declared_resource(
        &mut self,
        type_name: &str,
        form: ResourceForm,
        expr: Id,
        title_text: String,
        literal: bool,
        title_node: Node<'a>,
    ) -> (Id, String) {
        let scope = self.scope();
        if type_name == "class" {
            let how = DeclarationHow::ResourceLike;
            let (line, col) = self.location(title_node);
            if literal {
                let class = self.sym(&Self::class_name(&title_text));
                self.facts.declares.push(Declares {
                    scope,
                    class,
                    how,
                    conditional: !self.conditions.is_empty(),
                    guard: self.guard(),
                    branch: self.branch(),
                    file: FileId::default(),
                    line,
                    col,
                });
            } else {
                let text = self.sym(&title_text);
                self.facts.declares_dynamic.push(DeclaresDynamic {
                    scope,
                    text,
                    how,
                    file: FileId::default(),
                    line,
                    col,
                });
            }
        }
        let title_text = if type_name == "class" && literal {
            Self::class_name(&title_text)
        } else {
            title_text
        };
        let res = self.new_id();
        let row = Resource {
            res,
            expr,
            scope,
            type_name: self.sym(type_name),
            title: self.sym(&title_text),
            title_literal: literal,
            is_virtual: form == ResourceForm::Virtual,
            exported: form == ResourceForm::Exported,
            conditional: !self.conditions.is_empty(),
            file: FileId::default(),
            line: self.line(title_node),
        };
        self.facts.resource.push(row);
        (res, title_text)
    }

    /// An attribute in a body of the innermost open resource expression.
    fn attribute(&mut self, attribute: Node<'a>, depth: usize) {
        if self
            .open_resources
            .last()
            .is_some_and(|open| open.depth + 2 == depth && !open.bodies.is_empty())
        {
            self.deepest_open = self.deepest_open.max(depth);
            self.open_attributes.push(OpenAttribute {
                depth,
                node: attribute,
                parts: [""; 3],
                seen: 0,
            });
        }
    }

    fn close_attribute(&mut self, attribute: OpenAttribute<'a>) {
        let [name, operator, value] = attribute.parts;
        let open = self
            .open_resources
            .last_mut()
            .expect("an attribute opens inside a resource");
        if let Some(body) = open.bodies.last_mut() {
            body.attributes
                .push((name, operator, value, attribute.node));
        }
    }

    /// Writes the attributes of a resource expression the walk has left:
    /// each body's own, then those of the `default:` body it does not set.
    fn close_resource(&mut self, open: OpenResource<'a>) {
        self.validate_resource(&open);
        // What the relationship metaparameters name, and the files a
        // `file`'s `source` fetches, once each as written (not once per
        // title they apply to).
        for body in &open.bodies {
            for &(name, _, _, attribute) in &body.attributes {
                if name == "source" && open.type_name == "file" {
                    if let Some(value) =
                        attribute.child_by_field_id(self.grammar.fields.value.get())
                    {
                        self.module_file_source(value);
                    }
                    continue;
                }
                if !ORDERING_METAPARAMETERS
                    .iter()
                    .any(|(known, ..)| *known == name)
                {
                    continue;
                }
                if let Some(value) = attribute.child_by_field_id(self.grammar.fields.value.get()) {
                    let named = self.endpoints(value);
                    self.push_required(&named, RequiredHow::Metaparameter, value);
                }
            }
        }
        let defaults: &[Attribute] = open
            .bodies
            .iter()
            .find(|body| body.is_default)
            .map_or(&[], |body| &body.attributes);
        for body in open.bodies.iter().filter(|body| !body.is_default) {
            let inherited = defaults
                .iter()
                .filter(|(name, ..)| !body.attributes.iter().any(|own| own.0 == *name));
            let attributes: Vec<&Attribute> = body.attributes.iter().chain(inherited).collect();
            for (res, title) in &body.resources {
                for &&(name, operator, value, attribute) in &attributes {
                    let (line, col) = self.location(attribute);
                    let row = ResourceAttr {
                        res: *res,
                        attr: self.sym(name),
                        op: attribute_op(operator),
                        value_text: self.sym(value),
                        file: FileId::default(),
                        line,
                        col,
                    };
                    self.facts.resource_attr.push(row);
                    self.metaparameter_relationships(&open.type_name, title, name, attribute);
                }
            }
        }
    }

    /// `before`, `require`, `notify` and `subscribe` order the resource
    /// `(type_name, title)` against the references in the value.
    fn metaparameter_relationships(
        &mut self,
        type_name: &str,
        title: &str,
        attribute_name: &str,
        attribute: Node<'a>,
    ) {
        let Some(&(_, arrow, owner_first)) = ORDERING_METAPARAMETERS
            .iter()
            .find(|(name, ..)| *name == attribute_name)
        else {
            return;
        };
        let Some(value) = attribute.child_by_field_id(self.grammar.fields.value.get()) else {
            return;
        };
        let owner = Ref {
            type_name: type_name.to_string(),
            title: title.to_string(),
            literal: false,
        };
        for other in self.endpoints(value) {
            let (from, to) = if owner_first {
                (&owner, &other)
            } else {
                (&other, &owner)
            };
            self.push_relationship(from, to, arrow, attribute);
        }
    }

    /// The references among `refs` that name a resource by literal type
    /// and title, as resources the catalog must hold.
    fn push_required(&mut self, refs: &[Ref], how: RequiredHow, at: Node) {
        let (line, col) = self.location(at);
        for reference in refs.iter().filter(|reference| reference.literal) {
            let row = RequiredResource {
                type_name: self.sym(&reference.type_name),
                title: self.sym(&reference.title),
                how,
                file: FileId::default(),
                line,
                col,
            };
            self.facts.required_resource.push(row);
        }
    }

    fn push_relationship(&mut self, from: &Ref, to: &Ref, arrow: Arrow, at: Node) {
        let (line, col) = self.location(at);
        let row = Relationship {
            scope: self.scope(),
            from_type: self.sym(&from.type_name),
            from_title: self.sym(&from.title),
            to_type: self.sym(&to.type_name),
            to_title: self.sym(&to.title),
            arrow,
            guard: self.guard(),
            file: FileId::default(),
            line,
            col,
        };
        self.facts.relationship.push(row);
    }

    /// The resources an operand of a relationship names.
    fn endpoints(&self, node: Node<'a>) -> Vec<Ref> {
        let g = self.grammar;
        let kind = node.kind_id();
        if kind == g.array {
            return self
                .named_children(node)
                .into_iter()
                .flat_map(|element| self.endpoints(element))
                .collect();
        }
        if kind == g.access {
            if let Some(refs) = self.references(node) {
                return refs;
            }
        }
        if kind == g.resource {
            let type_name = node
                .child_by_field_id(self.grammar.fields.type_.get())
                .map(|type_node| self.resource_type(type_node))
                .unwrap_or_default();
            return self
                .children_by_field(node, self.grammar.fields.body)
                .into_iter()
                .filter_map(|body| body.child_by_field_id(self.grammar.fields.title.get()))
                .filter(|title| title.kind_id() != g.default)
                .flat_map(|title| self.titles(title))
                .map(|(title, literal, _)| Ref {
                    title: if type_name == "class" && literal {
                        Self::class_name(&title)
                    } else {
                        title
                    },
                    type_name: type_name.clone(),
                    // Declared right here.
                    literal: false,
                })
                .collect();
        }
        if kind == g.collector {
            let type_name = node
                .child_by_field_id(self.grammar.fields.type_.get())
                .map_or(String::new(), |t| Self::class_name(self.source(t)));
            let query = node
                .child_by_field_id(self.grammar.fields.query.get())
                .and_then(|query| query.child_by_field_id(self.grammar.fields.condition.get()))
                .map_or("", |condition| self.source(condition));
            return vec![Ref {
                type_name,
                title: query.to_string(),
                literal: false,
            }];
        }
        if let Some(name) = self.literal(node) {
            return vec![Ref {
                type_name: "class".to_string(),
                title: Self::class_name(&name),
                literal: false,
            }];
        }
        vec![Ref {
            type_name: String::new(),
            title: self.source(node).to_string(),
            literal: false,
        }]
    }

    /// The resources an access expression references, or `None` when it is
    /// a data type. `Class['x']` gives class `x`; `Resource['t', 'x']` gives
    /// `t['x']`.
    fn references(&self, node: Node<'a>) -> Option<Vec<Ref>> {
        let target = node.child_by_field_id(self.grammar.fields.target.get())?;
        if target.kind_id() != self.grammar.type_reference {
            return None;
        }
        let lower = names::lowercase(names::absolute(self.source(target)));
        if DATA_TYPES.binary_search(&lower.as_str()).is_ok() {
            return None;
        }
        let mut indexes = self.children_by_field(node, self.grammar.fields.index);
        let mut literal_type = true;
        let type_name = if lower == "resource" {
            if indexes.is_empty() {
                return None;
            }
            let first = indexes.remove(0);
            literal_type = self.literal(first).is_some();
            let name = self
                .literal(first)
                .unwrap_or_else(|| self.source(first).to_string());
            Self::class_name(&name)
        } else {
            lower
        };
        let refs = indexes
            .into_iter()
            .flat_map(|index| self.titles(index))
            .map(|(title, literal, _)| Ref {
                title: if type_name == "class" && literal {
                    Self::class_name(&title)
                } else {
                    title
                },
                literal: literal && literal_type && type_name != "class",
                type_name: type_name.clone(),
            })
            .collect();
        Some(refs)
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

    fn resource_defaults(&mut self, node: Node<'a>) {
        let Some(type_node) = node.child_by_field_id(self.grammar.fields.type_.get()) else {
            return;
        };
        let type_name = Self::class_name(self.source(type_node));
        let def = self.new_id();
        let scope = self.scope();
        for (name, operator, value, attribute) in self.attributes(node) {
            let (line, col) = self.location(attribute);
            let row = ResourceDefault {
                def,
                scope,
                type_name: self.sym(&type_name),
                attr: self.sym(name),
                op: attribute_op(operator),
                value_text: self.sym(value),
                branch: self.branch(),
                file: FileId::default(),
                line,
                col,
            };
            self.facts.resource_default.push(row);
        }
    }

    fn resource_override(&mut self, node: Node<'a>) {
        let Some(target) = node.child_by_field_id(self.grammar.fields.target.get()) else {
            return;
        };
        let refs = self.references(target).unwrap_or_else(|| {
            vec![Ref {
                type_name: String::new(),
                title: self.source(target).to_string(),
                literal: false,
            }]
        });
        let scope = self.scope();
        let attributes = self.attributes(node);
        for reference in &refs {
            for (name, operator, value, attribute) in &attributes {
                let (line, col) = self.location(*attribute);
                let row = ResourceOverride {
                    scope,
                    type_name: self.sym(&reference.type_name),
                    title: self.sym(&reference.title),
                    attr: self.sym(name),
                    op: attribute_op(operator),
                    value_text: self.sym(value),
                    file: FileId::default(),
                    line,
                    col,
                };
                self.facts.resource_override.push(row);
            }
        }
    }

    fn collector(&mut self, node: Node<'a>) {
        let type_name = node
            .child_by_field_id(self.grammar.fields.type_.get())
            .map_or(String::new(), |t| Self::class_name(self.source(t)));
        let query = node.child_by_field_id(self.grammar.fields.query.get());
        let exported = query.is_some_and(|query| query.kind_id() != self.grammar.collect_query);
        let query_text = query
            .and_then(|query| query.child_by_field_id(self.grammar.fields.condition.get()))
            .map_or("", |condition| self.source(condition));
        let collector = self.new_id();
        let row = Collector {
            collector,
            scope: self.scope(),
            type_name: self.sym(&type_name),
            exported,
            query_text: self.sym(query_text),
            file: FileId::default(),
            line: self.line(node),
        };
        self.facts.collector.push(row);
        for (name, operator, value, _) in self.attributes(node) {
            let row = CollectorAttr {
                collector,
                attr: self.sym(name),
                op: attribute_op(operator),
                value_text: self.sym(value),
            };
            self.facts.collector_attr.push(row);
        }
    }

    fn relationship(&mut self, node: Node<'a>) {
        // A chain `a -> b -> c` nests to the left; read it from its outermost
        // node only.
        if let Some(index) = self.chained.iter().position(|&id| id == node.id()) {
            self.chained.swap_remove(index);
            return;
        }
        let mut links = Vec::new();
        let mut current = node;
        while current.kind_id() == self.grammar.relationship {
            let (Some(left), Some(operator), Some(right)) = (
                current.child_by_field_id(self.grammar.fields.left.get()),
                current.child_by_field_id(self.grammar.fields.operator.get()),
                current.child_by_field_id(self.grammar.fields.right.get()),
            ) else {
                return;
            };
            let Some(arrow) = Arrow::from_name(self.source(operator)) else {
                return;
            };
            links.push((left, arrow, right, operator));
            if left.kind_id() == self.grammar.relationship {
                self.chained.push(left.id());
            }
            current = left;
        }
        links.reverse();
        for (index, (left, arrow, right, operator)) in links.into_iter().enumerate() {
            let left_operand = if left.kind_id() == self.grammar.relationship {
                left.child_by_field_id(self.grammar.fields.right.get())
                    .unwrap_or(left)
            } else {
                left
            };
            let lefts = self.endpoints(left_operand);
            let rights = self.endpoints(right);
            // Each operand once: the first link's left, every right.
            if index == 0 {
                self.push_required(&lefts, RequiredHow::Arrow, left_operand);
            }
            self.push_required(&rights, RequiredHow::Arrow, right);
            let forward = matches!(arrow, Arrow::Order | Arrow::Notify);
            for from in &lefts {
                for to in &rights {
                    if forward {
                        self.push_relationship(from, to, arrow, operator);
                    } else {
                        self.push_relationship(to, from, arrow, operator);
                    }
                }
            }
        }
    }
}

/// An attribute's operator, as written; a missing one (a syntax error,
/// reported as such) reads as `=>`.
fn attribute_op(written: &str) -> AttributeOp {
    AttributeOp::from_name(written).unwrap_or(AttributeOp::Set)
}

/// Whether the doc comment of the definition at `offset` (the `#` lines
/// right above its line, the puppet-strings convention) has an
/// `@api private` tag. Reads back only as far as the comment goes.
/// Past this many children, a node with errors is walked with a cursor:
/// error recovery leaves flat lists, where an index costs a step per child.
const MAX_FLAT_CHILDREN_READ_BY_INDEX: u32 = 8;

/// How Checker4_0's `idem` judges a node: an expression known to change
/// nothing.
#[derive(Clone, Copy, PartialEq)]
enum IdemRule {
    /// A value: idem.
    Value,
    /// A binary operation: idem but a regex match, which sets `$0`...
    Operator,
    /// Parentheses, conditionals, their branches and blocks: idem when
    /// every part is (and a block without statements).
    Parts,
    /// Anything else may have an effect.
    Effect,
}

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

/// Where the last line of the run of `#` comment lines opened by the
/// comment at `comment` starts, and how many lines follow the first, when
/// any do. Only a comment that opens its line opens a run: the lines after
/// one on a heredoc's header line are the heredoc's body.
fn comment_run(text: &[u8], comment: std::ops::Range<usize>) -> Option<(usize, u32)> {
    let line_start =
        memchr::memrchr(b'\n', &text[..comment.start]).map_or(0, |newline| newline + 1);
    if text.get(comment.start) != Some(&b'#')
        || !text[line_start..comment.start]
            .iter()
            .all(|&byte| byte == b' ' || byte == b'\t')
    {
        return None;
    }
    let mut run = None;
    let mut lines: u32 = 0;
    let mut at = comment.end;
    loop {
        while text
            .get(at)
            .is_some_and(|&byte| matches!(byte, b' ' | b'\t' | b'\r' | b'\n'))
        {
            at += 1;
        }
        if text.get(at) != Some(&b'#') {
            return run;
        }
        lines = lines.saturating_add(1);
        run = Some((at, lines));
        at = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |newline| at + newline);
    }
}

fn tagged_api_private(text: &str, offset: usize) -> bool {
    let bytes = text.as_bytes();
    let line_start =
        |end: usize| memchr::memrchr(b'\n', &bytes[..end]).map_or(0, |newline| newline + 1);
    let block_end = line_start(offset);
    let mut block_start = block_end;
    while block_start > 0 {
        let start = line_start(block_start - 1);
        if !text[start..block_start].trim_start().starts_with('#') {
            break;
        }
        block_start = start;
    }
    let block = &text[block_start..block_end];
    block.contains("@api")
        && block.lines().any(|line| {
            let mut words = line.trim_start().trim_start_matches('#').split_whitespace();
            words.any(|word| word == "@api") && words.next() == Some("private")
        })
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

    #[test]
    fn data_types_are_sorted_for_bisection() {
        assert!(DATA_TYPES.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(DATA_TYPES.iter().all(|name| *name == name.to_lowercase()));
    }

    /// The names of the variables `text` references, in source order.
    fn referenced_variables(text: &str) -> Vec<String> {
        let grammar = Grammar::new(&crate::syntax::language());
        let tree = crate::syntax::parse(&mut crate::syntax::new_parser(), text).unwrap();
        let path = std::path::Path::new("site.pp");
        let placement = super::super::layout::Layout::default().place(path);
        let file = extract(&grammar, &tree, text, &placement, path, &[]);
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
