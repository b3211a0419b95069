//! The extractor's second product: a file's code as an owned syntax tree,
//! for the catalog evaluator, which needs every expression where the
//! analysis needs only facts. Like the facts, it is read from the tree-sitter
//! tree here and nowhere else.

use super::heredoc;
use std::collections::HashMap;
use std::num::NonZeroU16 as FieldId;
use std::sync::OnceLock;

use tree_sitter::{Node, Tree};

use crate::diagnostic::Columns;

mod type_alias;

/// Where an expression starts: line and column (in characters), from 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub line: u32,
    pub col: u32,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    ShiftLeft,
    ShiftRight,
    Eq,
    NotEq,
    Less,
    LessEq,
    Greater,
    GreaterEq,
    Match,
    NotMatch,
    In,
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Regular,
    Virtual,
    Exported,
}

#[derive(Clone, Debug)]
pub enum StringPart {
    Text(String),
    Expr(Expr),
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Undef,
    Default,
    Bool(bool),
    Integer(i64),
    Float(f64),
    /// A string without interpolation.
    Str(String),
    Interpolated(Vec<StringPart>),
    Regex(String),
    /// A bare word.
    Name(String),
    TypeRef(String),
    /// A variable, without its `$`.
    Variable(String),
    Array(Vec<Expr>),
    Hash(Vec<(Expr, Expr)>),
    Access(Box<Expr>, Vec<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Negate(Box<Expr>),
    Splat(Box<Expr>),
    /// `target op value`, op `=`, `+=` or `-=`.
    Assign(Box<Expr>, String, Box<Expr>),
    Selector(Box<Expr>, Vec<(Expr, Expr)>),
    If(Box<Expr>, Vec<Expr>, Vec<Expr>),
    Unless(Box<Expr>, Vec<Expr>, Vec<Expr>),
    Case(Box<Expr>, Vec<(Vec<Expr>, Vec<Expr>)>),
    /// A function call; a method call's receiver is its first argument.
    Call(Call),
    Resource(Resource),
    ResourceDefaults(String, Vec<Attribute>),
    ResourceOverride(Box<Expr>, Vec<Attribute>),
    Collector(Collector),
    /// `left arrow right`.
    Relationship(Box<Expr>, String, Box<Expr>),
    /// Code that defines (classes, defines, ...): nothing to evaluate.
    Nop,
}

#[derive(Clone, Debug)]
pub struct Call {
    pub name: String,
    pub args: Vec<Expr>,
    pub lambda: Option<Lambda>,
    /// `$receiver.name(...)`: an object's attribute or function of that
    /// name comes before a function.
    pub method: bool,
}

#[derive(Clone, Debug)]
pub struct Lambda {
    pub params: Vec<Param>,
    /// The type after `>>`, which the value it returns must have.
    pub return_type: Option<Box<Expr>>,
    pub body: Vec<Expr>,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    /// The type expression, as written before the name.
    pub type_expr: Option<Expr>,
    pub default: Option<Expr>,
    pub splat: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Attribute {
    /// `*` for a splat of a hash.
    pub name: String,
    pub append: bool,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Resource {
    pub form: Form,
    pub type_expr: Box<Expr>,
    pub bodies: Vec<ResourceBody>,
}

#[derive(Clone, Debug)]
pub struct ResourceBody {
    pub title: Expr,
    pub attributes: Vec<Attribute>,
}

#[derive(Clone, Debug)]
pub struct Collector {
    pub type_name: String,
    pub exported: bool,
    pub query: Option<Box<Expr>>,
    pub attributes: Vec<Attribute>,
}

/// A class or define.
#[derive(Clone, Debug)]
pub struct Definition {
    /// Full name, lower case.
    pub name: String,
    pub params: Vec<Param>,
    pub parent: Option<String>,
    /// A function's type after `>>`, which the value it returns must have.
    pub return_type: Option<Box<Expr>>,
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum NodeMatcher {
    Name(String),
    Regex(String),
    Default,
}

#[derive(Clone, Debug)]
pub struct NodeDefinition {
    pub matchers: Vec<NodeMatcher>,
    pub body: Vec<Expr>,
    pub span: Span,
}

/// `type Name = type`: a name for a type expression.
#[derive(Clone, Debug)]
pub struct TypeAlias {
    /// As written, without a leading `::`.
    pub name: String,
    pub body: Expr,
    /// The source of the first part of the body that Puppet's type parser
    /// does not read (a variable, a call, an interpolation): Puppet
    /// refuses the alias wherever it is used.
    pub not_a_type: Option<String>,
    pub span: Span,
}

/// A file's code: its top-scope statements and its definitions.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub statements: Vec<Expr>,
    pub classes: Vec<Definition>,
    pub defines: Vec<Definition>,
    pub nodes: Vec<NodeDefinition>,
    pub functions: Vec<Definition>,
    /// Type aliases (`type Name = ...`) and object types.
    pub type_aliases: Vec<TypeAlias>,
    /// Where code nests deeper than [`MAX_DEPTH`]: not lowered.
    pub too_deep: Option<Span>,
    /// The first code of the file that Puppet's validator refuses and the
    /// evaluator would otherwise run, with Puppet's words: Puppet refuses
    /// the whole file when it loads it.
    pub refused: Option<(Span, String)>,
    /// What Puppet's validator reports as `strict` says (an error, a
    /// warning, or nothing) when it loads the file: a hash literal's key
    /// given twice. Filled by [`super::loading`].
    pub strict_issues: Vec<(Span, String)>,
}

/// The deepest nesting lowered; deeper code would overflow the stack of the
/// evaluator, which recurses.
pub const MAX_DEPTH: usize = 1_000;

/// Lowers a parsed file.
pub fn lower(tree: &Tree, text: &str) -> Program {
    lower_placed(tree, text, None)
}

/// Lowers code translated from another text (an EPP template's), each
/// span placed by `place` from its byte offset in `text`.
pub fn lower_translated(tree: &Tree, text: &str, place: &dyn Fn(usize) -> Span) -> Program {
    lower_placed(tree, text, Some(place))
}

fn lower_placed(tree: &Tree, text: &str, place: Option<&dyn Fn(usize) -> Span>) -> Program {
    let mut heredoc_bodies = Vec::new();
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        if node.kind() == "heredoc_body" {
            heredoc_bodies.push(node);
        }
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    let mut lowering = Lowering {
        text,
        heredoc_bodies,
        heredocs_seen: 0,
        program: Program::default(),
        classes: Vec::new(),
        depth: 0,
        columns: Columns::default(),
        place,
    };
    let statements = lowering.block(tree.root_node());
    lowering.program.statements = statements;
    lowering.program
}

struct Lowering<'a> {
    text: &'a str,
    /// Heredoc bodies in document order: the n-th heredoc header owns the
    /// n-th body.
    heredoc_bodies: Vec<Node<'a>>,
    heredocs_seen: usize,
    program: Program,
    /// Enclosing classes, for the full names of nested definitions.
    classes: Vec<String>,
    depth: usize,
    /// Columns of the nodes met, counted on from the last one.
    columns: Columns,
    /// Where spans stand when the code is a translation.
    place: Option<&'a dyn Fn(usize) -> Span>,
}

fn named_children<'t>(node: Node<'t>) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .filter(|child| child.kind() != "comment" && child.kind() != "heredoc_body")
        .collect()
}

/// Field ids by name, looked up once: by name, tree-sitter compares the
/// name with each field's, for every lookup.
fn field_id(name: &str) -> Option<FieldId> {
    static IDS: OnceLock<HashMap<String, FieldId>> = OnceLock::new();
    IDS.get_or_init(|| {
        let language = crate::syntax::language();
        (1..=language.field_count() as u16)
            .filter_map(|id| {
                Some((
                    language.field_name_for_id(id)?.to_string(),
                    FieldId::new(id)?,
                ))
            })
            .collect()
    })
    .get(name)
    .copied()
}

/// The child of `node` in `field`.
fn child<'t>(node: Node<'t>, field: &str) -> Option<Node<'t>> {
    node.child_by_field_id(field_id(field)?.get())
}

fn fields<'t>(node: Node<'t>, field: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    match field_id(field) {
        Some(id) => node.children_by_field_id(id, &mut cursor).collect(),
        None => Vec::new(),
    }
}

impl<'a> Lowering<'a> {
    fn source(&self, node: Node) -> &'a str {
        &self.text[node.byte_range()]
    }

    fn span(&self, node: Node) -> Span {
        if let Some(place) = self.place {
            return place(node.start_byte());
        }
        let location = self
            .columns
            .location(self.text, node.start_byte(), node.start_position());
        Span {
            line: location.line as u32,
            col: location.column as u32,
        }
    }

    fn block(&mut self, node: Node<'a>) -> Vec<Expr> {
        named_children(node)
            .into_iter()
            .map(|child| self.expr(child))
            .filter(|expr| !matches!(expr.kind, ExprKind::Nop))
            .collect()
    }

    fn field_block(&mut self, node: Node<'a>, field: &str) -> Vec<Expr> {
        child(node, field)
            .map(|body| self.block(body))
            .unwrap_or_default()
    }

    fn field_expr(&mut self, node: Node<'a>, field: &str) -> Expr {
        match child(node, field) {
            Some(child) => self.expr(child),
            None => Expr {
                kind: ExprKind::Undef,
                span: self.span(node),
            },
        }
    }

    fn boxed(&mut self, node: Node<'a>, field: &str) -> Box<Expr> {
        Box::new(self.field_expr(node, field))
    }

    fn expr(&mut self, node: Node<'a>) -> Expr {
        let span = self.span(node);
        if self.depth >= MAX_DEPTH {
            self.program.too_deep.get_or_insert(span);
            return Expr {
                kind: ExprKind::Undef,
                span,
            };
        }
        self.depth += 1;
        // `(x)` is `x`, where `x` stands: Puppet locates what happens to
        // it (an unknown variable, a failing call) there.
        if node.kind() == "parenthesized" {
            let inner = self.field_expr(node, "expression");
            self.depth -= 1;
            return inner;
        }
        let kind = self.kind(node);
        self.depth -= 1;
        // Puppet places a binary operation at its operator.
        let span = match kind {
            ExprKind::Binary(..) => {
                child(node, "operator").map_or(span, |operator| self.span(operator))
            }
            _ => span,
        };
        Expr { kind, span }
    }

    fn kind(&mut self, node: Node<'a>) -> ExprKind {
        let text = self.source(node);
        match node.kind() {
            "undef" => ExprKind::Undef,
            "default" => ExprKind::Default,
            "true" => ExprKind::Bool(true),
            "false" => ExprKind::Bool(false),
            "integer" => match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                Some(hex) => ExprKind::Integer(i64::from_str_radix(hex, 16).unwrap_or(0)),
                None if text.len() > 1 && text.starts_with('0') => {
                    ExprKind::Integer(i64::from_str_radix(&text[1..], 8).unwrap_or(0))
                }
                None => ExprKind::Integer(text.parse().unwrap_or(0)),
            },
            "float" => ExprKind::Float(text.parse().unwrap_or(0.0)),
            "string" => ExprKind::Str(super::extract::unescape_single_quoted(
                &text[1..text.len() - 1],
            )),
            "interpolated_string" => self.interpolated(named_children(node), 0),
            "heredoc" => self.heredoc(node),
            "regex" => ExprKind::Regex(text[1..text.len() - 1].to_string()),
            "name" | "reserved_word" => ExprKind::Name(text.to_string()),
            "type_reference" => ExprKind::TypeRef(text.trim_start_matches("::").to_string()),
            "variable" => ExprKind::Variable(text.trim_start_matches('$').to_string()),
            "array" => ExprKind::Array(self.elements(named_children(node))),
            "hash" => self.hash(node),
            "access" => {
                let target = self.boxed(node, "target");
                // `T[a => 1, b => 2]` passes one hash, as a call does.
                let index = self.elements(fields(node, "index"));
                ExprKind::Access(target, index)
            }
            "binary" => {
                let operator = child(node, "operator").map_or("", |op| self.source(op));
                let op = match operator {
                    "+" => BinaryOp::Add,
                    "-" => BinaryOp::Sub,
                    "*" => BinaryOp::Mul,
                    "/" => BinaryOp::Div,
                    "%" => BinaryOp::Mod,
                    "<<" => BinaryOp::ShiftLeft,
                    ">>" => BinaryOp::ShiftRight,
                    "==" => BinaryOp::Eq,
                    "!=" => BinaryOp::NotEq,
                    "<" => BinaryOp::Less,
                    "<=" => BinaryOp::LessEq,
                    ">" => BinaryOp::Greater,
                    ">=" => BinaryOp::GreaterEq,
                    "=~" => BinaryOp::Match,
                    "!~" => BinaryOp::NotMatch,
                    "in" => BinaryOp::In,
                    "and" => BinaryOp::And,
                    _ => BinaryOp::Or,
                };
                ExprKind::Binary(op, self.boxed(node, "left"), self.boxed(node, "right"))
            }
            "unary" => {
                let operand = self.boxed(node, "operand");
                match child(node, "operator").map(|op| self.source(op)) {
                    Some("!") => ExprKind::Not(operand),
                    Some("-") => ExprKind::Negate(operand),
                    _ => ExprKind::Splat(operand),
                }
            }
            "assignment" => {
                let operator = child(node, "operator")
                    .map_or("=", |op| self.source(op))
                    .to_string();
                ExprKind::Assign(
                    self.boxed(node, "left"),
                    operator,
                    self.boxed(node, "right"),
                )
            }
            "selector" => {
                let value = self.boxed(node, "value");
                let cases = fields(node, "case")
                    .into_iter()
                    .map(|case| {
                        (
                            self.field_expr(case, "match"),
                            self.field_expr(case, "value"),
                        )
                    })
                    .collect();
                ExprKind::Selector(value, cases)
            }
            "if" => self.conditional(node, false),
            "unless" => self.conditional(node, true),
            "case" => {
                let value = self.boxed(node, "value");
                let options = fields(node, "option")
                    .into_iter()
                    .map(|option| {
                        let matches = fields(option, "match")
                            .into_iter()
                            .map(|m| self.expr(m))
                            .collect();
                        (matches, self.field_block(option, "body"))
                    })
                    .collect();
                ExprKind::Case(value, options)
            }
            "call" | "statement_call" => self.call(node),
            "method_call" => {
                let name = child(node, "method")
                    .map_or("", |name| self.source(name))
                    .to_string();
                let mut args = vec![self.field_expr(node, "receiver")];
                args.extend(self.arguments(node));
                let lambda = child(node, "lambda").map(|l| self.lambda(l));
                ExprKind::Call(Call {
                    name,
                    args,
                    lambda,
                    method: true,
                })
            }
            "resource" => {
                let form = match child(node, "form").map(|f| self.source(f)) {
                    Some("@") => Form::Virtual,
                    Some("@@") => Form::Exported,
                    _ => Form::Regular,
                };
                let type_expr = self.boxed(node, "type");
                let bodies = fields(node, "body")
                    .into_iter()
                    .map(|body| ResourceBody {
                        title: self.field_expr(body, "title"),
                        attributes: self.attributes(body),
                    })
                    .collect();
                ExprKind::Resource(Resource {
                    form,
                    type_expr,
                    bodies,
                })
            }
            "resource_defaults" => self.resource_defaults(node),
            "resource_override" => {
                let target = self.boxed(node, "target");
                ExprKind::ResourceOverride(target, self.attributes(node))
            }
            "collector" => {
                let type_name = child(node, "type")
                    .map_or("", |t| self.source(t))
                    .to_string();
                let query = child(node, "query");
                let exported = query.is_some_and(|q| q.kind() == "exported_collect_query");
                let query = query
                    .and_then(|q| child(q, "condition"))
                    .map(|condition| Box::new(self.expr(condition)));
                ExprKind::Collector(Collector {
                    type_name,
                    exported,
                    query,
                    attributes: self.attributes(node),
                })
            }
            "relationship" => {
                let arrow = child(node, "operator")
                    .map_or("->", |op| self.source(op))
                    .to_string();
                ExprKind::Relationship(self.boxed(node, "left"), arrow, self.boxed(node, "right"))
            }
            "class_definition" | "define_definition" => {
                self.definition(node);
                ExprKind::Nop
            }
            "function_definition" => {
                let name = self.name_of(node);
                let definition = Definition {
                    name: name.clone(),
                    params: self.params(child(node, "parameters")),
                    parent: None,
                    return_type: self.return_type(node),
                    body: self.field_block(node, "body"),
                    span: self.span(node),
                };
                self.program.functions.push(definition);
                ExprKind::Nop
            }
            "node_definition" => {
                let matchers = fields(node, "matcher")
                    .into_iter()
                    .map(|matcher| match matcher.kind() {
                        "default" => NodeMatcher::Default,
                        "regex" => {
                            let regex = self.source(matcher);
                            NodeMatcher::Regex(regex[1..regex.len() - 1].to_string())
                        }
                        "string" => {
                            let quoted = self.source(matcher);
                            NodeMatcher::Name(quoted[1..quoted.len() - 1].to_lowercase())
                        }
                        _ => NodeMatcher::Name(
                            self.source(matcher)
                                .trim_matches('"')
                                .split_whitespace()
                                .collect::<String>()
                                .to_lowercase(),
                        ),
                    })
                    .collect();
                let definition = NodeDefinition {
                    matchers,
                    body: self.field_block(node, "body"),
                    span: self.span(node),
                };
                self.program.nodes.push(definition);
                ExprKind::Nop
            }
            "type_alias" | "type_definition" => self.type_alias(node),
            _ => ExprKind::Undef,
        }
    }

    fn name_of(&self, node: Node) -> String {
        child(node, "name")
            .map_or("", |name| self.source(name))
            .trim_start_matches("::")
            .to_lowercase()
    }

    fn definition(&mut self, node: Node<'a>) {
        let written = self.name_of(node);
        let name = match self.classes.last() {
            Some(outer) => format!("{outer}::{written}"),
            None => written,
        };
        let is_class = node.kind() == "class_definition";
        let params = self.params(child(node, "parameters"));
        let parent = child(node, "parent")
            .map(|parent| self.source(parent).trim_start_matches("::").to_lowercase());
        if is_class {
            self.classes.push(name.clone());
        }
        let body = self.field_block(node, "body");
        if is_class {
            self.classes.pop();
        }
        let definition = Definition {
            name,
            params,
            parent,
            return_type: None,
            body,
            span: self.span(node),
        };
        if is_class {
            self.program.classes.push(definition);
        } else {
            self.program.defines.push(definition);
        }
    }

    fn params(&mut self, list: Option<Node<'a>>) -> Vec<Param> {
        let Some(list) = list else {
            return Vec::new();
        };
        named_children(list)
            .into_iter()
            .filter(|parameter| parameter.kind() == "parameter")
            .map(|parameter| Param {
                name: child(parameter, "name")
                    .map_or("", |name| self.source(name))
                    .trim_start_matches('$')
                    .to_string(),
                type_expr: child(parameter, "type").map(|t| self.expr(t)),
                default: child(parameter, "default").map(|default| self.expr(default)),
                splat: child(parameter, "splat").is_some(),
                span: self.span(parameter),
            })
            .collect()
    }

    fn lambda(&mut self, node: Node<'a>) -> Lambda {
        Lambda {
            params: self.params(child(node, "parameters")),
            return_type: self.return_type(node),
            body: self.field_block(node, "body"),
        }
    }

    fn return_type(&mut self, node: Node<'a>) -> Option<Box<Expr>> {
        child(node, "return_type").map(|ty| Box::new(self.expr(ty)))
    }

    fn arguments(&mut self, node: Node<'a>) -> Vec<Expr> {
        child(node, "arguments")
            .map(|arguments| self.elements(named_children(arguments)))
            .unwrap_or_default()
    }

    /// The elements of an array or argument list: consecutive `k => v`
    /// entries form one hash, as Puppet reads them (`f(a => 1, b => 2)`
    /// passes `{a => 1, b => 2}`).
    fn elements(&mut self, nodes: Vec<Node<'a>>) -> Vec<Expr> {
        let mut elements: Vec<Expr> = Vec::with_capacity(nodes.len());
        let mut previous_was_pair = false;
        for node in nodes {
            if node.kind() != "pair" {
                elements.push(self.expr(node));
                previous_was_pair = false;
                continue;
            }
            let entry = (self.field_expr(node, "key"), self.field_expr(node, "value"));
            match elements.last_mut() {
                Some(Expr {
                    kind: ExprKind::Hash(entries),
                    ..
                }) if previous_was_pair => entries.push(entry),
                _ => elements.push(Expr {
                    kind: ExprKind::Hash(vec![entry]),
                    span: self.span(node),
                }),
            }
            previous_was_pair = true;
        }
        elements
    }

    // Kept out of `kind`, which recurses once per nesting level: its stack
    // frame stays small.
    #[inline(never)]
    fn call(&mut self, node: Node<'a>) -> ExprKind {
        let function = child(node, "function");
        // `Integer[1, 5]('3')` is the parameterized type's `new`.
        if let Some(access) = function.filter(|f| f.kind() == "access") {
            let mut args = vec![self.expr(access)];
            args.extend(self.arguments(node));
            let lambda = child(node, "lambda").map(|l| self.lambda(l));
            return ExprKind::Call(Call {
                name: "new".to_string(),
                args,
                lambda,
                method: false,
            });
        }
        let name = function
            .map_or("", |name| self.source(name))
            .trim_start_matches("::")
            .to_string();
        let args = self.arguments(node);
        let lambda = child(node, "lambda").map(|l| self.lambda(l));
        ExprKind::Call(Call {
            name,
            args,
            lambda,
            method: false,
        })
    }

    #[inline(never)]
    fn hash(&mut self, node: Node<'a>) -> ExprKind {
        let entries: Vec<(Expr, Expr)> = named_children(node)
            .iter()
            .map(|pair| {
                (
                    self.field_expr(*pair, "key"),
                    self.field_expr(*pair, "value"),
                )
            })
            .collect();
        ExprKind::Hash(entries)
    }

    #[inline(never)]
    fn resource_defaults(&mut self, node: Node<'a>) -> ExprKind {
        let type_name = child(node, "type")
            .map_or("", |t| self.source(t))
            .to_string();
        let attributes = self.attributes(node);
        if let Some(append) = attributes.iter().find(|attribute| attribute.append) {
            self.program.refused.get_or_insert((
                append.span,
                format!(
                    "Illegal +> operation on attribute {}. This operator can not be used in a Resource Defaults Expression",
                    append.name
                ),
            ));
        }
        ExprKind::ResourceDefaults(type_name, attributes)
    }

    fn attributes(&mut self, node: Node<'a>) -> Vec<Attribute> {
        fields(node, "attribute")
            .into_iter()
            .filter(|attribute| attribute.kind() == "attribute")
            .map(|attribute| Attribute {
                name: child(attribute, "name")
                    .map_or("", |name| self.source(name))
                    .to_string(),
                append: child(attribute, "operator").is_some_and(|op| self.source(op) == "+>"),
                value: self.field_expr(attribute, "value"),
                span: self.span(attribute),
            })
            .collect()
    }

    fn conditional(&mut self, node: Node<'a>, unless: bool) -> ExprKind {
        let condition = self.boxed(node, "condition");
        let then = self.field_block(node, "consequence");
        let mut otherwise = Vec::new();
        // `elsif`s nest as `if`s in the `else` of the one before.
        for alternative in fields(node, "alternative").into_iter().rev() {
            if alternative.kind() == "else" {
                otherwise = self.field_block(alternative, "body");
            } else {
                let span = self.span(alternative);
                let condition = self.boxed(alternative, "condition");
                let consequence = self.field_block(alternative, "consequence");
                otherwise = vec![Expr {
                    kind: ExprKind::If(condition, consequence, otherwise),
                    span,
                }];
            }
        }
        if unless {
            ExprKind::Unless(condition, then, otherwise)
        } else {
            ExprKind::If(condition, then, otherwise)
        }
    }

    /// The parts of a double-quoted string or heredoc body; `margin`
    /// blanks are dropped at the start of each line.
    fn interpolated(&mut self, parts: Vec<Node<'a>>, margin: usize) -> ExprKind {
        let mut result = Vec::new();
        let mut at_line_start = margin > 0;
        for part in parts {
            match part.kind() {
                "string_content" | "heredoc_content" => {
                    let mut text = String::new();
                    for piece in self.source(part).split_inclusive('\n') {
                        let piece = if at_line_start {
                            heredoc::strip_margin(piece, margin)
                        } else {
                            piece
                        };
                        text.push_str(piece);
                        at_line_start = margin > 0 && piece.ends_with('\n');
                    }
                    result.push(StringPart::Text(text));
                }
                "escape_sequence" => {
                    at_line_start = false;
                    result.push(StringPart::Text(super::extract::unescape_double_quoted(
                        self.source(part),
                    )))
                }
                "variable" => {
                    at_line_start = false;
                    let name = self.source(part).trim_start_matches('$').to_string();
                    result.push(StringPart::Expr(Expr {
                        kind: ExprKind::Variable(name),
                        span: self.span(part),
                    }));
                }
                "interpolation" => {
                    at_line_start = false;
                    let expr = self.field_expr(part, "expression");
                    result.push(StringPart::Expr(expr));
                }
                _ => {}
            }
        }
        if let [StringPart::Text(text)] = result.as_slice() {
            return ExprKind::Str(text.clone());
        }
        if result.is_empty() {
            return ExprKind::Str(String::new());
        }
        ExprKind::Interpolated(result)
    }

    fn heredoc(&mut self, node: Node<'a>) -> ExprKind {
        let Some(body) = self.heredoc_bodies.get(self.heredocs_seen).copied() else {
            return ExprKind::Str(String::new());
        };
        self.heredocs_seen += 1;
        let interpolate = child(node, "tag").is_some_and(|tag| self.source(tag).starts_with('"'));
        // Without escapes (`/t`, ...) a literal body is its text; with
        // them, the scanner gives each enabled escape a node of its own.
        if !interpolate && child(node, "flags").is_none() {
            return ExprKind::Str(heredoc::literal_text(body, self.text));
        }
        let end = heredoc::End::of(body, self.text);
        let parts: Vec<Node> = named_children(body)
            .into_iter()
            .filter(|part| part.kind() != "heredoc_end")
            .collect();
        let mut kind = self.interpolated(parts, end.margin);
        if end.trim_newline {
            match &mut kind {
                ExprKind::Str(text) => heredoc::trim_last_newline(text),
                ExprKind::Interpolated(parts) => {
                    if let Some(StringPart::Text(text)) = parts.last_mut() {
                        heredoc::trim_last_newline(text);
                    }
                }
                _ => {}
            }
        }
        kind
    }
}
